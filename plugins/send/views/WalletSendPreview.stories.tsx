import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { SendText } from '../errors.ts'
import type { SendToken } from '../tokens.ts'
import { SendPreview, usdValue, type SendPreviewProps } from './parts.tsx'

// Offline by construction: the presentational half of WalletSendPreview, in light and dark, with the dev chain's
// USDC and dev account 5 as the receiver.

const meta = { title: 'Views/WalletSendPreview', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const USDC: SendToken = { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:31337', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6, balance: '987.654321', price: 1 }
const LONG: SendToken = {
  name: 'Extraordinarily Long Community Governance Token',
  symbol: 'LONGGOVERNANCETOKEN',
  chainId: 'eip155:31337',
  address: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  decimals: 18,
  balance: '123456789.123456789',
}
const RECEIVER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const FEE = { amount: 21_000n * 1_875_000_000n, decimals: 18, symbol: 'ETH' }
const noop = () => undefined

const base: SendPreviewProps = { token: USDC, amount: '1.5', amountUsd: usdValue('1.5', 1), fromAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', receiverAddress: RECEIVER, networkName: 'Portico Local', fee: FEE, onSend: noop, onCancel: noop }
const preview = (props: Partial<SendPreviewProps>, frame: { width?: number; dir?: 'rtl' } = {}): Story => ({
  render: () => <ThemeFrame view="Review send" {...frame}>{() => <SendPreview {...base} {...props} />}</ThemeFrame>,
})

/** SPEC §2 WalletSendPreview: 1.5 USDC to a plain address, the network and the network fee, "Send". */
export const Default: Story = preview({})
/** The receiver was typed as a name: the name with the short address. */
export const ReceiverName: Story = preview({ receiverName: 'bob.reown.id' })
/** The network fee is still being estimated. */
export const EstimatingFee: Story = preview({ fee: undefined })
/** Sent: waiting for the wallet to confirm and the chain to include it. */
export const Sending: Story = preview({ sending: true })
/** The wallet rejected the request: the text, and Send stays available. */
export const Rejected: Story = preview({ error: SendText.REJECTED })
/** The transaction reverted on chain. */
export const Reverted: Story = preview({ error: SendText.REVERTED })
/** A long token symbol, a long amount and a long receiver name, in the narrowest modal (320 px). */
export const LongNames: Story = preview(
  { token: LONG, amount: '123456789.123456789', amountUsd: undefined, receiverName: 'a-very-long-name-chosen-by-someone-who-likes-hyphens.reown.id' },
  { width: 320 },
)
/** Right-to-left layout. */
export const RightToLeft: Story = preview({ receiverName: 'bob.reown.id' }, { dir: 'rtl' })
