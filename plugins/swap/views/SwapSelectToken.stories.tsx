import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import type { SwapToken } from '../controller.ts'
import { SwapTokenPicker, type SwapTokenPickerProps } from './SwapTokenPicker.tsx'

// Offline by construction: the presentational half of SwapSelectToken (the token picker), in light and dark.

const meta = { title: 'Views/SwapSelectToken', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const CHAIN = 'eip155:31337'
const ETH: SwapToken = { name: 'Ether', symbol: 'ETH', address: `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, decimals: 18, balance: '9999.9' }
const USDC: SwapToken = { name: 'USD Coin', symbol: 'USDC', address: `${CHAIN}:0x5FbDB2315678afecb367f032d93F642f64180aa3`, decimals: 6, balance: '1000' }
const DAI: SwapToken = { name: 'Dai', symbol: 'DAI', address: `${CHAIN}:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512`, decimals: 18, balance: '250.5' }
/** A token the account does not hold: no balance is shown. */
const WBTC: SwapToken = { name: 'Wrapped Bitcoin', symbol: 'WBTC', address: `${CHAIN}:0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9`, decimals: 8 }
const LONG: SwapToken = {
  name: 'Extraordinarily Long Community Governance Token With A Name That Does Not Fit',
  symbol: 'LONGGOVERNANCETOKEN',
  address: `${CHAIN}:0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0`,
  decimals: 18,
  balance: '123456789.123456789',
}
const tokens = [ETH, USDC, DAI, WBTC]

/** Choosing a token marks it, as the view does before going back to Swap. */
function Interactive({ side, list, selected: initial, frame = {} }: { side: SwapTokenPickerProps['side']; list: readonly SwapToken[]; selected?: string; frame?: { width?: number; dir?: 'rtl' } }) {
  const [selected, setSelected] = useState(initial)
  return <ThemeFrame view="Select token" {...frame}>{() => <SwapTokenPicker side={side} tokens={list} selected={selected} onSelect={(t) => setSelected(t.address)} />}</ThemeFrame>
}

/** SPEC §2 SwapSelectToken: the "from" side, USDC chosen; balances next to each token. */
export const From: Story = { render: () => <Interactive side="from" list={tokens} selected={USDC.address} /> }
/** The "to" side with nothing chosen yet. */
export const To: Story = { render: () => <Interactive side="to" list={tokens} /> }
/** A network whose convert API lists no token. */
export const Empty: Story = { render: () => <Interactive side="to" list={[]} /> }
/** A long token name and symbol, in the narrowest modal (320 px). */
export const LongNames: Story = { render: () => <Interactive side="from" list={[LONG, ...tokens]} selected={LONG.address} frame={{ width: 320 }} /> }
/** Right-to-left layout. */
export const RightToLeft: Story = { render: () => <Interactive side="from" list={tokens} selected={ETH.address} frame={{ dir: 'rtl' }} /> }
