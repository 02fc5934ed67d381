import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import type { SwapState, SwapToken } from '../controller.ts'
import { SwapCard, type SwapCardProps } from './SwapCard.tsx'
import { SwapPreviewCard, type SwapPreviewCardProps } from './SwapPreviewCard.tsx'
import { SwapTokenPicker } from './SwapTokenPicker.tsx'

// Offline by construction: the presentational halves of Swap, its token picker and preview with fixed states.

const meta = { title: 'Views/Swap', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const CHAIN = 'eip155:31337'
const ETH: SwapToken = { name: 'Ether', symbol: 'ETH', address: `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, decimals: 18, balance: '9999.9' }
const USDC: SwapToken = { name: 'USD Coin', symbol: 'USDC', address: `${CHAIN}:0x5FbDB2315678afecb367f032d93F642f64180aa3`, decimals: 6, balance: '1000' }
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
  prices: {},
  step: 'idle',
}
const details = { minimumReceived: 9_869_315_930_100_000_000n, priceImpact: 0.31, networkFee: 150_000_000_000_000n }

const card = (state: Partial<SwapState>, extra: Partial<SwapCardProps> = {}): Story => ({
  render: () => (
    <ThemeFrame view="Swap">
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
