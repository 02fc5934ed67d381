import { formatAmount, formatUnits, truncateAddress } from 'portico/plugin'
import { Actions, AddressCard, Avatar, Button, EmptyState, ErrorState, ListItem, LoadingRows, ReceiptList, Spinner, Stack, Text, TokenAmountCard, TokenPill, WalletImage, type ReceiptRow } from 'portico/components'
import { formatMessage } from 'portico/react'
import type { SendFee, SendToken } from '../tokens.ts'
import { messages, type SendMessages } from '../messages.ts'

// Presentational halves of the send views: props in, callbacks out, no modal (the stories render them as they are).
// Each takes the catalogue's messages `t` and a `locale` (English by default); the views pass the modal's.

/** Strings and locale of a presentational part. */
export interface Localized {
  /** The send catalogue in the shown language. @default English */
  t?: SendMessages
  /** BCP 47 locale for amounts. @default 'en' */
  locale?: string
}

/** The USD value of an amount at a price, e.g. '$1.50' (in `locale`); undefined when either is unknown. */
export function usdValue(amount: string, price: number | undefined, locale = 'en-US'): string | undefined {
  const n = Number(amount)
  if (price === undefined || !amount || !Number.isFinite(n)) return undefined
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n * price)
}

/** An amount the visitor typed, every digit kept, with `locale`'s grouping and decimal signs ('1234.5' → '1.234,5' in de). */
export function exactAmount(amount: string, locale = 'en'): string {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(amount.trim())
  if (!m) return amount
  const nf = new Intl.NumberFormat(locale)
  const decimalSign = nf.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  return `${nf.format(BigInt(m[1]!))}${m[2] ? decimalSign + m[2] : ''}`
}

/** A fee in display units with its symbol, e.g. '0.000021 ETH' (6 significant decimals at most). */
export function formatFee(fee: SendFee): string {
  const text = formatUnits(fee.amount, fee.decimals)
  const [whole, fraction = ''] = text.split('.')
  const cut = fraction.slice(0, 8).replace(/0+$/, '')
  return `${whole}${cut ? `.${cut}` : ''} ${fee.symbol}`
}

export interface TokenPickerProps extends Localized {
  tokens: readonly SendToken[]
  loading?: boolean
  /** A failed load (shown with a retry). */
  error?: string
  selected?: SendToken
  onSelect(token: SendToken): void
  onRetry?(): void
}

/** The token picker: the account's balances; loading, error and empty states. */
export function TokenPicker({ tokens, loading = false, error, selected, onSelect, onRetry, t = messages.en, locale = 'en' }: TokenPickerProps) {
  if (loading && tokens.length === 0) return <LoadingRows label={t.loadingTokens} />
  if (error && tokens.length === 0) return <ErrorState title={error} onRetry={onRetry} />
  if (tokens.length === 0) return <EmptyState title={t.noTokens} description={t.noTokensDescription} />
  return (
    <div>
      <div role="list" aria-label={t.tokensToSend} className="portico-list">
        {tokens.map((token) => (
          <div role="listitem" key={`${token.chainId}:${token.address ?? 'native'}`}>
            <ListItem
              label={token.name}
              description={formatAmount(token.balance, { symbol: token.symbol, locale })}
              tag={selected && selected.symbol === token.symbol && selected.address === token.address ? t.selected : undefined}
              tagTone="accent"
              image={<WalletImage name={token.symbol} src={token.iconUrl} size={36} decorative />}
              onClick={() => onSelect(token)}
            />
          </div>
        ))}
      </div>
    </div>
  )
}

export interface SendFormProps extends Localized {
  token?: SendToken
  amount: string
  receiver: string
  /** USD value of the amount, formatted. */
  amountUsd?: string
  receiverAddress?: string
  receiverName?: string | null
  receiverAvatar?: string | null
  receiverLoading?: boolean
  /** The rule broken or the chain error, as shown. */
  error?: string
  /** Shown instead of the form when the namespace cannot send ("Unsupported chain"). */
  unsupported?: string
  maxLoading?: boolean
  previewLoading?: boolean
  onPickToken(): void
  onAmount(text: string): void
  onReceiver(text: string): void
  onMax(): void
  onPreview(): void
}

/**
 * Amount and receiver as cards: the amount card (the token pill, the USD value, the balance with Max) and the
 * receiver's address card showing the account it resolves to (its name and avatar from the names service).
 */
export function SendForm(props: SendFormProps) {
  const { token, amount, receiver, amountUsd, receiverAddress, receiverName, receiverAvatar, receiverLoading, error, unsupported, t = messages.en, locale = 'en' } = props
  if (unsupported) return <ErrorState title={unsupported} />
  return (
    <form
      className="portico-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        props.onPreview()
      }}
    >
      <TokenAmountCard
        label={t.amount}
        amount={amount}
        onAmount={props.onAmount}
        token={{
          symbol: token?.symbol,
          iconUrl: token?.iconUrl,
          placeholder: t.selectToken,
          label: token ? formatMessage(t.changeToken, { symbol: token.symbol }) : t.selectToken,
          onClick: props.onPickToken,
        }}
        usdValue={amountUsd ? `≈ ${amountUsd}` : undefined}
        balance={token ? formatMessage(t.balance, { amount: formatAmount(token.balance, { symbol: token.symbol, locale }) }) : undefined}
        onMax={token ? props.onMax : undefined}
        maxLabel={t.max}
        maxLoading={props.maxLoading}
      />
      <AddressCard
        label={t.receiver}
        placeholder={t.receiverPlaceholder}
        value={receiver}
        onValue={props.onReceiver}
        loadingText={receiverLoading ? t.lookingUpReceiver : undefined}
        resolved={receiverAddress ? { address: receiverAddress, shortAddress: truncateAddress(receiverAddress), name: receiverName, avatarUrl: receiverAvatar } : undefined}
      />
      {error && (
        <Text variant="caption" tone="error" role="alert">
          {error}
        </Text>
      )}
      <Button type="submit" fullWidth loading={props.previewLoading} disabled={receiverLoading}>
        {t.previewSend}
      </Button>
    </form>
  )
}

export interface SendPreviewProps extends Localized {
  token: SendToken
  amount: string
  amountUsd?: string
  /** The sending account. */
  fromAddress?: string
  receiverAddress: string
  receiverName?: string | null
  receiverAvatar?: string | null
  networkName?: string
  fee?: SendFee
  sending?: boolean
  error?: string
  onSend(): void
  onCancel(): void
}

/** An account in a receipt row: its avatar, its name or short address, the short address under a name. */
function accountRow(label: string, address: string, name?: string | null, avatar?: string | null): ReceiptRow {
  return {
    label,
    value: (
      <>
        <Avatar address={address} imageUrl={avatar ?? undefined} size={20} alt="" />
        <span className={name ? undefined : 'portico-address'} title={address}>
          {name || truncateAddress(address)}
        </span>
      </>
    ),
    secondary: name ? <span className="portico-address">{truncateAddress(address)}</span> : undefined,
  }
}

/** The preview as a receipt: the token and amount with its USD value, then from, to, network and network fee; "Send". While sending: the sending state. */
export function SendPreview(props: SendPreviewProps) {
  const { token, amount, amountUsd, fromAddress, receiverAddress, receiverName, receiverAvatar, networkName, fee, sending, error, t = messages.en, locale = 'en' } = props
  const shownAmount = `${exactAmount(amount, locale)} ${token.symbol}`
  if (sending) return <Sending amount={amount} symbol={token.symbol} t={t} locale={locale} />
  const rows: ReceiptRow[] = [
    ...(fromAddress ? [accountRow(t.from, fromAddress)] : []),
    accountRow(t.toRow, receiverAddress, receiverName, receiverAvatar),
    ...(networkName ? [{ label: t.network, value: networkName }] : []),
    { label: t.networkFee, value: fee ? formatFee(fee) : t.estimating },
  ]
  return (
    <Stack gap={4}>
      <section aria-label={t.transfer} className="portico-stack">
        <Stack align="center" gap={1}>
          <TokenPill symbol={token.symbol} iconUrl={token.iconUrl} />
          <Text variant="title" className="portico-amount-hero">{shownAmount}</Text>
          {amountUsd && <Text variant="caption" tone="muted">{`≈ ${amountUsd}`}</Text>}
        </Stack>
        <ReceiptList label={t.reviewSend} rows={rows} />
      </section>
      {error && (
        <Text variant="caption" tone="error" role="alert">
          {error}
        </Text>
      )}
      <Actions row>
        <Button variant="secondary" onClick={props.onCancel}>
          {t.cancel}
        </Button>
        <Button onClick={props.onSend}>{t.send}</Button>
      </Actions>
    </Stack>
  )
}

/** The sending state: the wallet is asked to confirm, then the chain to include the transaction. */
export function Sending({ amount, symbol, t = messages.en, locale = 'en' }: { amount: string; symbol: string } & Localized) {
  return (
    <Stack align="center" className="portico-state" role="status" aria-live="polite">
      <Spinner size={32} decorative />
      <Text variant="title">{formatMessage(t.sending, { amount: `${exactAmount(amount, locale)} ${symbol}` })}</Text>
      <Text tone="muted">{t.confirmInWallet}</Text>
    </Stack>
  )
}
