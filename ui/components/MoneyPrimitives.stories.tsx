import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { ThemeFrame } from '../../storybook/ThemeFrame.tsx'
import { NARROW } from '../../storybook/view-story.tsx'
import { sampleAddress, sampleIcon } from '../../storybook/fixtures.ts'
import { AddressCard } from './AddressCard.tsx'
import { Avatar } from './Avatar.tsx'
import { Icon } from './Icon.tsx'
import { IconButtonRow, type IconButtonRowItem } from './IconButtonRow.tsx'
import { ReceiptList, type ReceiptRow } from './ReceiptList.tsx'
import { TokenAmountCard, type TokenAmountCardProps } from './TokenAmountCard.tsx'
import { TokenPill } from './TokenPill.tsx'

// The primitives of the money views (docs/DESIGN-LANGUAGE.md): token amount card, token pill, receipt list and icon
// button row, each in light and dark, in the states a designer reviews: empty, loading, error, long values, 320 px,
// German and Arabic (right to left).

const meta = { title: 'Components/Money', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const noop = () => undefined
const USDC = sampleIcon('#2775ca', 'U')
const frame = (content: () => ReactNode, opts: { width?: number; dir?: 'rtl' } = {}): Story => ({
  render: () => <ThemeFrame {...opts}>{content}</ThemeFrame>,
})

const pay: TokenAmountCardProps = {
  label: 'You pay',
  amount: '10',
  onAmount: noop,
  token: { symbol: 'USDC', iconUrl: USDC, onClick: noop, label: 'You pay: USDC' },
  usdValue: '$10.00',
  balance: 'Balance: 1,000 USDC',
  onMax: noop,
}

/** "You pay" with the token pill, USD value, balance and Max; "You receive" as a read-only quote. */
export const AmountCard: Story = frame(() => (
  <>
    <TokenAmountCard {...pay} />
    <TokenAmountCard label="You receive" amount="9.969" token={{ symbol: 'DAI', iconUrl: sampleIcon('#f5ac37', 'D'), onClick: noop, label: 'You receive: DAI' }} usdValue="$9.97" />
  </>
))
/** Nothing typed and no token chosen: the placeholder and the accent "Select token" pill. */
export const AmountCardEmpty: Story = frame(() => (
  <>
    <TokenAmountCard {...pay} amount="" usdValue={undefined} />
    <TokenAmountCard label="You receive" amount="" token={{ placeholder: 'Select token', onClick: noop, label: 'You receive: Select token' }} />
  </>
))
/** A quote on its way: a skeleton in place of the amount. */
export const AmountCardLoading: Story = frame(() => <TokenAmountCard label="You receive" amount="" loading token={{ symbol: 'DAI', onClick: noop, label: 'You receive: DAI' }} />)
/** More than the balance: the card's border and the announced text. */
export const AmountCardError: Story = frame(() => <TokenAmountCard {...pay} amount="2000" usdValue="$2,000.00" error="Insufficient USDC balance" />)
/** Long amount, long symbol, long balance, in the narrowest dialog. */
export const AmountCardLongValues: Story = frame(
  () => <TokenAmountCard {...pay} amount="123456789.123456789123" usdValue="$123,456,789.12" balance="Balance: 123,456,789.123 LONGGOVERNANCETOKEN" token={{ symbol: 'LONGGOVERNANCETOKEN', onClick: noop, label: 'You pay: LONGGOVERNANCETOKEN' }} />,
  { width: NARROW },
)
/** Send's card at 320 px with a Max that is reading the fee. */
export const AmountCardNarrow320: Story = frame(() => <TokenAmountCard {...pay} label="Amount" maxLoading token={{ symbol: 'ETH', onClick: noop, label: 'Token: ETH' }} balance="Balance: 1,234.567 ETH" />, { width: NARROW })
export const AmountCardGerman: Story = frame(() => (
  <TokenAmountCard {...pay} label="Du zahlst" amount="1234,5" usdValue="1.234,50 $" balance="Guthaben: 1.000 USDC" maxLabel="Max." token={{ symbol: 'USDC', iconUrl: USDC, onClick: noop, label: 'Du zahlst: USDC' }} />
))
export const AmountCardArabic: Story = frame(
  () => <TokenAmountCard {...pay} label="أنت تدفع" usdValue="‏10.00 US$" balance="الرصيد: 1,000 USDC" maxLabel="الحد الأقصى" token={{ symbol: 'USDC', iconUrl: USDC, onClick: noop, label: 'أنت تدفع: USDC' }} />,
  { dir: 'rtl' },
)

/** The token pill: with a logo, without (the letter tile), not yet chosen, and as plain text. */
export const Pill: Story = frame(() => (
  <div className="portico-stack" data-row="">
    <TokenPill symbol="USDC" iconUrl={USDC} onClick={noop} label="Token: USDC" />
    <TokenPill symbol="DAI" onClick={noop} label="Token: DAI" />
    <TokenPill placeholder="Select token" onClick={noop} label="Select token" />
    <TokenPill symbol="ETH" />
  </div>
))

const avatar = <Avatar address={sampleAddress} size={20} alt="" />
const receipt: ReceiptRow[] = [
  { label: 'From', value: <>{avatar}<span className="portico-address">0x7099…dc79C8</span></> },
  { label: 'To', value: <>{avatar}vitalik.eth</>, secondary: <span className="portico-address">0x7099…dc79C8</span> },
  { label: 'Network', value: 'Portico Local' },
  { label: 'Network fee', value: '0.000021 ETH', secondary: '$0.06' },
  { label: 'Amount', value: '0.5 ETH', secondary: '$1,500.00', emphasis: true },
]
/** A preview as a receipt: label and value rows, a secondary line, the total set apart. */
export const Receipt: Story = frame(() => <ReceiptList label="Transfer" rows={receipt} />)
/** A long name and value wrap inside their column at 320 px. */
export const ReceiptLongValues: Story = frame(
  () => <ReceiptList label="Transfer" rows={[...receipt.slice(0, 1), { label: 'To', value: 'an-exceptionally-long-account-name-registered.portico.eth' }, { label: 'Amount', value: '123,456,789.123 LONGGOVERNANCETOKEN', emphasis: true }]} />,
  { width: NARROW },
)
/** An empty receipt (nothing to list) keeps its frame. */
export const ReceiptEmpty: Story = frame(() => <ReceiptList label="Transfer" rows={[]} />)
export const ReceiptGerman: Story = frame(() => <ReceiptList label="Überweisung" rows={[{ label: 'Von', value: '0x7099…dc79C8' }, { label: 'Netzwerkgebühr', value: '0,000021 ETH', secondary: '0,06 $' }, { label: 'Betrag', value: '1.234,5 ETH', emphasis: true }]} />)
export const ReceiptArabic: Story = frame(() => <ReceiptList label="التحويل" rows={[{ label: 'من', value: '0x7099…dc79C8' }, { label: 'رسوم الشبكة', value: '0.000021 ETH' }, { label: 'المبلغ', value: '0.5 ETH', emphasis: true }]} />, { dir: 'rtl' })

const providers = ['Google', 'X', 'Discord', 'GitHub', 'Apple', 'Facebook', 'Farcaster'].map((name, i): IconButtonRowItem => ({
  id: name.toLowerCase(),
  label: `Continue with ${name}`,
  icon: <img src={sampleIcon(['#4285f4', '#111318', '#5865f2', '#24292f', '#000000', '#1877f2', '#8a63d2'][i]!, name[0]!)} alt="" width={24} height={24} />,
  onClick: noop,
}))
/** Social providers after the first as a row of icon buttons, each named "Continue with …". */
export const IconRow: Story = frame(() => <IconButtonRow label="Other ways to sign in" items={providers.slice(1, 5)} />)
/** Six providers: five a row, the sixth wraps; one busy. */
export const IconRowLong: Story = frame(() => <IconButtonRow label="Other ways to sign in" items={providers.slice(1).map((p, i) => (i === 0 ? { ...p, busy: true } : p))} />, { width: NARROW })
/** Icons of the design language instead of logos; one disabled. */
export const IconRowIcons: Story = frame(() => (
  <IconButtonRow
    label="Actions"
    items={[
      { id: 'copy', label: 'Copy address', icon: <Icon name="copy" />, onClick: noop },
      { id: 'network', label: 'Switch network', icon: <Icon name="network" />, onClick: noop },
      { id: 'help', label: 'Help', icon: <Icon name="help" />, onClick: noop, disabled: true },
    ]}
  />
))
export const IconRowArabic: Story = frame(() => <IconButtonRow label="طرق أخرى لتسجيل الدخول" items={providers.slice(1, 4).map((p) => ({ ...p, label: `المتابعة باستخدام ${p.id}` }))} />, { dir: 'rtl' })

const RECEIVER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
/** A receiver typed as a name: the account it resolves to with its avatar and short address. */
export const Address: Story = frame(() => (
  <>
    <AddressCard label="Receiver" placeholder="Address or account name" value="bob.reown.id" onValue={noop} resolved={{ address: RECEIVER, shortAddress: '0x99…B0A4dc', name: 'bob.reown.id' }} />
    <AddressCard label="Receiver" placeholder="Address or account name" value="" onValue={noop} />
  </>
))
export const AddressLoading: Story = frame(() => <AddressCard label="Receiver" value="bob.reown.id" onValue={noop} loadingText="Looking up the receiver…" />)
export const AddressError: Story = frame(() => <AddressCard label="Receiver" value="nobody.reown.id" onValue={noop} error="No account has this name" />)
export const AddressLongValues: Story = frame(
  () => <AddressCard label="Receiver" value="a-very-long-name-chosen-by-someone-who-likes-hyphens.reown.id" onValue={noop} resolved={{ address: RECEIVER, shortAddress: '0x99…B0A4dc', name: 'a-very-long-name-chosen-by-someone-who-likes-hyphens.reown.id' }} />,
  { width: NARROW },
)
export const AddressGerman: Story = frame(() => <AddressCard label="Empfänger" placeholder="Adresse oder Kontoname" value="" onValue={noop} />)
export const AddressArabic: Story = frame(() => <AddressCard label="المستلم" value={RECEIVER} onValue={noop} resolved={{ address: RECEIVER, shortAddress: '0x99…B0A4dc' }} />, { dir: 'rtl' })
