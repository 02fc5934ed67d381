import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import type { SendToken } from '../tokens.ts'
import { TokenPicker, type TokenPickerProps } from './parts.tsx'

// Offline by construction: the presentational half of WalletSendSelectToken (the token picker), in light and dark,
// fed with the dev chain's tokens.

const meta = { title: 'Views/WalletSendSelectToken', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const ETH: SendToken = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', decimals: 18, balance: '9999.98765', price: 3000 }
const USDC: SendToken = { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:31337', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6, balance: '987.654321', price: 1 }
const DAI: SendToken = { name: 'Dai', symbol: 'DAI', chainId: 'eip155:31337', address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', decimals: 18, balance: '250.5', price: 1 }
const LONG: SendToken = {
  name: 'Extraordinarily Long Community Governance Token With A Name That Does Not Fit',
  symbol: 'LONGGOVERNANCETOKEN',
  chainId: 'eip155:31337',
  address: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  decimals: 18,
  balance: '123456789.123456789',
}
const noop = () => undefined

type Frame = { width?: number; dir?: 'rtl' }

/** Choosing a token marks it, as the view does before going back to WalletSend. */
function Interactive({ tokens, initial, frame = {} }: { tokens: readonly SendToken[]; initial?: SendToken; frame?: Frame }) {
  const [selected, setSelected] = useState(initial)
  return <ThemeFrame view="Select token" {...frame}>{() => <TokenPicker tokens={tokens} selected={selected} onSelect={setSelected} />}</ThemeFrame>
}
const state = (props: Omit<TokenPickerProps, 'onSelect'>): Story => ({
  render: () => <ThemeFrame view="Select token">{() => <TokenPicker onSelect={noop} {...props} />}</ThemeFrame>,
})

/** SPEC §2 WalletSendSelectToken: the account's balances, USDC chosen. */
export const Default: Story = { render: () => <Interactive tokens={[ETH, USDC, DAI]} initial={USDC} /> }
/** Reading the balances. */
export const Loading: Story = state({ tokens: [], loading: true })
/** SPEC §8: the balances could not be read, with a retry. */
export const BalanceError: Story = state({ tokens: [], error: 'Token Balance Unavailable', onRetry: noop })
/** The account holds nothing on this network. */
export const Empty: Story = state({ tokens: [] })
/** A long token name and symbol, in the narrowest modal (320 px). */
export const LongNames: Story = { render: () => <Interactive tokens={[LONG, ETH, USDC]} initial={LONG} frame={{ width: 320 }} /> }
/** Right-to-left layout. */
export const RightToLeft: Story = { render: () => <Interactive tokens={[ETH, USDC, DAI]} initial={ETH} frame={{ dir: 'rtl' }} /> }
