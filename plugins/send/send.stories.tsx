import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { ThemeFrame } from '../../storybook/ThemeFrame.tsx'
import { NARROW } from '../../storybook/view-story.tsx'
import { sampleAddress, sampleIcon } from '../../storybook/fixtures.ts'
import de from './messages/de.ts'
import ar from './messages/ar.ts'
import { SendText } from './errors.ts'
import type { SendToken } from './tokens.ts'
import { SendForm, SendPreview, Sending, TokenPicker, usdValue, type SendFormProps } from './views/parts.tsx'

// Offline by construction: the presentational halves of the send views, in light and dark, fed with the dev chain's
// tokens (ETH, USDC, DAI) and dev account 5 as the receiver.

const meta = { title: 'Views/WalletSend', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const ETH: SendToken = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', decimals: 18, balance: '9999.98765', price: 3000 }
const USDC: SendToken = { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:31337', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6, balance: '987.654321', price: 1, iconUrl: sampleIcon('#2775ca', 'U') }
const LONG: SendToken = { name: 'Extraordinarily Long Community Governance Token', symbol: 'LONGGOVERNANCETOKEN', chainId: 'eip155:31337', address: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', decimals: 18, balance: '123456789.123456789' }
const DAI: SendToken = { name: 'Dai', symbol: 'DAI', chainId: 'eip155:31337', address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', decimals: 18, balance: '250.5', price: 1 }
const RECEIVER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const FEE = { amount: 21_000n * 1_875_000_000n, decimals: 18, symbol: 'ETH' }

const noop = () => undefined
const formHandlers = { onPickToken: noop, onAmount: noop, onReceiver: noop, onMax: noop, onPreview: noop }

function Form({ frame, ...props }: Partial<SendFormProps> & { frame?: { width?: number; dir?: 'rtl'; view?: string } }) {
  return <ThemeFrame view="Send" {...frame}>{() => <SendForm amount="" receiver="" {...formHandlers} {...props} />}</ThemeFrame>
}

/** The token picker with the account's balances; choosing one marks it. */
function PickerInteractive() {
  const [selected, setSelected] = useState<SendToken>()
  return <ThemeFrame view="Select token">{() => <TokenPicker tokens={[ETH, USDC, DAI]} selected={selected} onSelect={setSelected} />}</ThemeFrame>
}

export const TokenPickerList: Story = { render: () => <PickerInteractive /> }
export const TokenPickerLoading: Story = { render: () => <ThemeFrame view="Select token">{() => <TokenPicker tokens={[]} loading onSelect={noop} />}</ThemeFrame> }
export const TokenPickerError: Story = {
  render: () => <ThemeFrame view="Select token">{() => <TokenPicker tokens={[]} error="Token Balance Unavailable" onRetry={noop} onSelect={noop} />}</ThemeFrame>,
}
export const TokenPickerEmpty: Story = { render: () => <ThemeFrame view="Select token">{() => <TokenPicker tokens={[]} onSelect={noop} />}</ThemeFrame> }

export const FormEmpty: Story = { render: () => <Form /> }
export const FormFilled: Story = {
  render: () => (
    <Form token={USDC} amount="1.5" amountUsd={usdValue('1.5', 1)} receiver="bob.reown.id" receiverAddress={RECEIVER} receiverName="bob.reown.id" />
  ),
}
export const FormLookingUpReceiver: Story = { render: () => <Form token={ETH} amount="0.25" amountUsd={usdValue('0.25', 3000)} receiver="bob.reown.id" receiverLoading /> }
export const FormRequiredError: Story = { render: () => <Form token={USDC} error="An amount and receiver address are required" /> }
export const FormNoToken: Story = { render: () => <Form amount="1" receiver={RECEIVER} receiverAddress={RECEIVER} error="A token is required" /> }
export const FormInsufficientBalance: Story = {
  render: () => <Form token={USDC} amount="1000" amountUsd={usdValue('1000', 1)} receiver={RECEIVER} receiverAddress={RECEIVER} error="Insufficient USDC balance" />,
}
export const FormUnsupportedChain: Story = { render: () => <Form unsupported="Unsupported chain" /> }
export const FormEstimating: Story = { render: () => <Form token={ETH} amount="1" receiver={RECEIVER} receiverAddress={RECEIVER} maxLoading previewLoading /> }

/** A long token, amount and receiver name in the narrowest modal (320 px). */
export const FormLongValues: Story = {
  render: () => <Form frame={{ width: NARROW }} token={LONG} amount="123456789.123456789" receiver="a-very-long-name-chosen-by-someone-who-likes-hyphens.reown.id" receiverAddress={RECEIVER} receiverName="a-very-long-name-chosen-by-someone-who-likes-hyphens.reown.id" />,
}
export const FormNarrow320: Story = { render: () => <Form frame={{ width: NARROW }} token={USDC} amount="1.5" amountUsd={usdValue('1.5', 1)} receiver="bob.reown.id" receiverAddress={RECEIVER} receiverName="bob.reown.id" /> }
export const FormGerman: Story = {
  render: () => <Form frame={{ view: 'Senden' }} t={de} locale="de" token={USDC} amount="1234,5" amountUsd={usdValue('1234.5', 1, 'de')} receiver="bob.reown.id" receiverAddress={RECEIVER} receiverName="bob.reown.id" />,
}
export const FormArabic: Story = {
  render: () => <Form frame={{ view: 'إرسال', dir: 'rtl' }} t={ar} locale="ar" token={USDC} amount="1.5" amountUsd={usdValue('1.5', 1, 'ar')} receiver={RECEIVER} receiverAddress={RECEIVER} />,
}

const preview = { token: USDC, amount: '1.5', amountUsd: usdValue('1.5', 1), fromAddress: sampleAddress, receiverAddress: RECEIVER, networkName: 'Portico Local', onSend: noop, onCancel: noop }
export const Preview: Story = { render: () => <ThemeFrame view="Review send">{() => <SendPreview {...preview} fee={FEE} receiverName="bob.reown.id" />}</ThemeFrame> }
export const PreviewEstimatingFee: Story = { render: () => <ThemeFrame view="Review send">{() => <SendPreview {...preview} />}</ThemeFrame> }
export const PreviewRejected: Story = { render: () => <ThemeFrame view="Review send">{() => <SendPreview {...preview} fee={FEE} error={SendText.REJECTED} />}</ThemeFrame> }
export const PreviewReverted: Story = { render: () => <ThemeFrame view="Review send">{() => <SendPreview {...preview} fee={FEE} error={SendText.REVERTED} />}</ThemeFrame> }
export const SendingState: Story = { render: () => <ThemeFrame view="Review send">{() => <Sending amount="1.5" symbol="USDC" />}</ThemeFrame> }
export const PreviewGerman: Story = { render: () => <ThemeFrame view="Senden prüfen">{() => <SendPreview {...preview} t={de} locale="de" amount="1234.5" amountUsd={usdValue('1234.5', 1, 'de')} fee={FEE} receiverName="bob.reown.id" />}</ThemeFrame> }
export const PreviewArabic: Story = { render: () => <ThemeFrame view="مراجعة الإرسال" dir="rtl">{() => <SendPreview {...preview} t={ar} locale="ar" fee={FEE} />}</ThemeFrame> }
export const PreviewNarrow320: Story = { render: () => <ThemeFrame view="Review send" width={NARROW}>{() => <SendPreview {...preview} fee={FEE} receiverName="bob.reown.id" />}</ThemeFrame> }
