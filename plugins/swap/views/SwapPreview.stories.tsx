import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import type { SwapState, SwapToken } from '../controller.ts'
import { SwapPreviewCard, type SwapPreviewCardProps } from './SwapPreviewCard.tsx'
import de from '../messages/de.ts'
import ar from '../messages/ar.ts'

// Offline by construction: the presentational half of SwapPreview with fixed states, in light and dark.

const meta = { title: 'Views/SwapPreview', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const CHAIN = 'eip155:31337'
const USDC: SwapToken = { name: 'USD Coin', symbol: 'USDC', address: `${CHAIN}:0x5FbDB2315678afecb367f032d93F642f64180aa3`, decimals: 6, balance: '1000' }
const DAI: SwapToken = { name: 'Dai', symbol: 'DAI', address: `${CHAIN}:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512`, decimals: 18, balance: '250.5' }
const LONG: SwapToken = {
  name: 'Extraordinarily Long Community Governance Token',
  symbol: 'LONGGOVERNANCETOKEN',
  address: `${CHAIN}:0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0`,
  decimals: 18,
  balance: '123456789.123456789',
}

const ready: SwapState = {
  status: 'ready',
  tokens: [USDC, DAI, LONG],
  from: USDC,
  to: DAI,
  amount: '10',
  quote: { id: 'q', fromAccount: USDC.address, toAccount: DAI.address, fromAmount: 10_000_000n, toAmount: 9_969_005_990_000_000_000n },
  quoteStatus: 'ready',
  slippage: '1',
  gasPrice: 1_000_000_000n,
  prices: { [USDC.address.toLowerCase()]: 1, [DAI.address.toLowerCase()]: 0.9999 },
  step: 'idle',
}
const details = { minimumReceived: 9_869_315_930_100_000_000n, priceImpact: 0.31, networkFee: 150_000_000_000_000n }
const noop = () => undefined

const preview = (props: Partial<SwapPreviewCardProps>, frame: { width?: number; dir?: 'rtl'; view?: string } = {}): Story => ({
  render: () => (
    <ThemeFrame view="Review swap" {...frame}>
      {() => <SwapPreviewCard state={ready} details={details} nativeSymbol="ETH" needsApproval={false} onApprove={noop} onSwap={noop} {...props} />}
    </ThemeFrame>
  ),
})

/** SPEC §2 SwapPreview: 10 USDC for about 9.969 DAI, the details, and "Swap" (allowance already enough). */
export const Default: Story = preview({})
/** The allowance is short: "Approve USDC" comes first. */
export const NeedsApproval: Story = preview({ needsApproval: true })
/** Waiting for the wallet to approve the allowance. */
export const Approving: Story = preview({ needsApproval: true, state: { ...ready, step: 'approving' } })
/** Waiting for the wallet and the chain to swap. */
export const Swapping: Story = preview({ state: { ...ready, step: 'swapping' } })
/** The wallet rejected: the text, and the swap can be tried again. */
export const Rejected: Story = preview({ state: { ...ready, txError: 'The wallet rejected the transaction' } })
/** The quote went away (e.g. the amount was cleared): the view says so instead of showing stale numbers. */
export const QuoteGone: Story = preview({ state: { ...ready, quote: undefined, quoteStatus: 'idle' } })
/** A token with a long name and symbol, in the narrowest modal (320 px). */
export const LongNames: Story = preview(
  {
    needsApproval: true,
    state: { ...ready, from: LONG, to: DAI, quote: { id: 'q2', fromAccount: LONG.address, toAccount: DAI.address, fromAmount: 123_456_789_000_000_000_000_000n, toAmount: 98_765_432_100_000_000_000n } },
  },
  { width: 320 },
)
/** Right-to-left layout. */
export const RightToLeft: Story = preview({}, { dir: 'rtl' })
/** German: the catalogue and the number format. */
export const German: Story = preview({ t: de, locale: 'de', needsApproval: true }, { view: 'Swap prüfen' })
/** Arabic, right to left. */
export const Arabic: Story = preview({ t: ar, locale: 'ar' }, { dir: 'rtl', view: 'مراجعة المبادلة' })
