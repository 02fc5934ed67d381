import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import type { SwapState, SwapToken } from '../controller.ts'
import { SwapCard, type SwapCardProps } from './SwapCard.tsx'
import { SwapPreviewCard, type SwapPreviewCardProps } from './SwapPreviewCard.tsx'
import { SwapTokenPicker } from './SwapTokenPicker.tsx'
import { NARROW } from '../../../storybook/view-story.tsx'
import { sampleIcon } from '../../../storybook/fixtures.ts'
import de from '../messages/de.ts'
import ar from '../messages/ar.ts'

// Offline by construction: the presentational halves of Swap, its token picker and preview with fixed states.

const meta = { title: 'Views/Swap', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const CHAIN = 'eip155:31337'
const ETH: SwapToken = { name: 'Ether', symbol: 'ETH', address: `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, decimals: 18, balance: '9999.9', logoUri: sampleIcon('#627eea', 'E') }
const USDC: SwapToken = { name: 'USD Coin', symbol: 'USDC', address: `${CHAIN}:0x5FbDB2315678afecb367f032d93F642f64180aa3`, decimals: 6, balance: '1000', logoUri: sampleIcon('#2775ca', 'U') }
const DAI: SwapToken = { name: 'Dai', symbol: 'DAI', address: `${CHAIN}:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512`, decimals: 18, balance: '250.5' }

const ready: SwapState = {
  status: 'ready',
  tokens: [ETH, USDC, DAI],
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
const LONG: SwapToken = { name: 'Extraordinarily Long Community Governance Token', symbol: 'LONGGOVERNANCETOKEN', address: `${CHAIN}:0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0`, decimals: 18, balance: '123456789.123456789' }
const details = { minimumReceived: 9_869_315_930_100_000_000n, priceImpact: 0.31, networkFee: 150_000_000_000_000n }

const card = (state: Partial<SwapState>, extra: Partial<SwapCardProps> = {}, frame: { width?: number; dir?: 'rtl'; view?: string } = {}): Story => ({
  render: () => (
    <ThemeFrame view="Swap" {...frame}>
      {() => (
        <SwapCard
          state={{ ...ready, ...state }}
          details={details}
          canPreview={state.status === undefined && !state.amountProblem}
          nativeSymbol="ETH"
          onAmount={() => undefined}
          onSlippage={() => undefined}
          onPick={() => undefined}
          onSwitch={() => undefined}
          onPreview={() => undefined}
          onRetry={() => undefined}
          {...extra}
        />
      )}
    </ThemeFrame>
  ),
})

const preview = (props: Partial<SwapPreviewCardProps>): Story => ({
  render: () => (
    <ThemeFrame view="Review swap">
      {() => (
        <SwapPreviewCard state={ready} details={details} nativeSymbol="ETH" needsApproval={false} onApprove={() => undefined} onSwap={() => undefined} {...props} />
      )}
    </ThemeFrame>
  ),
})

/** SPEC §2 Swap: 10 USDC to DAI with the quote, price impact, network fee and minimum received at 1 %. */
export const Quoted: Story = card({})
/** Nothing typed yet. */
export const Empty: Story = card({ amount: '', quote: undefined, quoteStatus: 'idle', to: undefined })
/** Reading the tokens. */
export const Loading: Story = card({ status: 'loading' })
/** A quote on its way (debounced while typing). */
export const Quoting: Story = card({ quote: undefined, quoteStatus: 'loading' })
/** SPEC §8 on a network without a pool. */
export const NetworkNotSupported: Story = card({ status: 'unsupported', error: 'Network not supported for Swaps' })
/** The convert API could not be read. */
export const TokensError: Story = card({ status: 'error', error: 'Failed to fetch' })
/** SPEC §8 gas price refused for the network; more than the balance typed. */
export const GasUnsupportedAndShortBalance: Story = card({ gasError: 'Network not supported for Gas Price', amount: '2000', amountProblem: 'Insufficient USDC balance' })
/** More than the balance: the button says so ("Insufficient USDC balance"). */
export const InsufficientBalance: Story = card({ amount: '2000', amountProblem: 'Insufficient USDC balance', quote: undefined, quoteStatus: 'idle' })
/** A wrong slippage opens the settings with its error. */
export const SlippageError: Story = card({ slippage: '80', slippageProblem: 'Enter a slippage tolerance above 0 and at most 50 %' })
/** A long token name, symbol, balance and amount in the narrowest modal (320 px). */
export const LongValues: Story = card(
  { from: LONG, to: DAI, amount: '123456789.123456', quote: { id: 'q3', fromAccount: LONG.address, toAccount: DAI.address, fromAmount: 123_456_789_123_456_000_000_000_000n, toAmount: 98_765_432_100_000_000_000_000_000n } },
  {},
  { width: NARROW },
)
/** The quoted card in the narrowest modal (320 px). */
export const Narrow320: Story = card({}, {}, { width: NARROW })
/** German: the catalogue and the number format. */
export const German: Story = card({ amount: '1234.5', from: { ...USDC, balance: '5000' }, quote: { id: 'q4', fromAccount: USDC.address, toAccount: DAI.address, fromAmount: 1_234_500_000n, toAmount: 1_230_654_321_000_000_000_000n } }, { t: de, locale: 'de' }, { view: 'Tauschen' })
/** Arabic, right to left. */
export const Arabic: Story = card({}, { t: ar, locale: 'ar' }, { dir: 'rtl', view: 'مبادلة' })
/** The token picker. */
export const TokenPicker: Story = {
  render: () => <ThemeFrame view="Select token">{() => <SwapTokenPicker side="from" tokens={[ETH, USDC, DAI]} selected={USDC.address} onSelect={() => undefined} />}</ThemeFrame>,
}
/** The token picker on a network with no tokens. */
export const TokenPickerEmpty: Story = {
  render: () => <ThemeFrame view="Select token">{() => <SwapTokenPicker side="to" tokens={[]} onSelect={() => undefined} />}</ThemeFrame>,
}
/** The preview when the allowance is short: the Approve step. */
export const PreviewApprove: Story = preview({ needsApproval: true })
/** The preview after approval: Swap. */
export const PreviewSwap: Story = preview({})
/** Waiting for the wallet and the chain. */
export const PreviewSwapping: Story = preview({ state: { ...ready, step: 'swapping' } })
/** The wallet rejected: the text, and the form kept. */
export const PreviewRejected: Story = preview({ state: { ...ready, txError: 'The wallet rejected the transaction' } })
