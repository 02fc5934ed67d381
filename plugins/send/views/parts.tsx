import { useId } from 'react'
import { formatAmount, formatUnits, truncateAddress } from 'portico'
import { Actions, Avatar, Button, EmptyState, ErrorState, KeyValueList, ListItem, LoadingRows, Spinner, Stack, Text, TextField, WalletImage } from 'portico/components'
import type { SendFee, SendToken } from '../tokens.ts'

// Presentational halves of the send views: props in, callbacks out, no modal (the stories render them as they are).

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** The USD value of an amount at a price, e.g. '$1.50'; undefined when either is unknown. */
export function usdValue(amount: string, price: number | undefined): string | undefined {
  const n = Number(amount)
  if (price === undefined || !amount || !Number.isFinite(n)) return undefined
  return usd.format(n * price)
}

/** A fee in display units with its symbol, e.g. '0.000021 ETH' (6 significant decimals at most). */
export function formatFee(fee: SendFee): string {
  const text = formatUnits(fee.amount, fee.decimals)
  const [whole, fraction = ''] = text.split('.')
  const cut = fraction.slice(0, 8).replace(/0+$/, '')
  return `${whole}${cut ? `.${cut}` : ''} ${fee.symbol}`
}

export interface TokenPickerProps {
  tokens: readonly SendToken[]
  loading?: boolean
  /** A failed load (shown with a retry). */
  error?: string
  selected?: SendToken
  onSelect(token: SendToken): void
  onRetry?(): void
}

/** The token picker: the account's balances; loading, error and empty states. */
export function TokenPicker({ tokens, loading = false, error, selected, onSelect, onRetry }: TokenPickerProps) {
  if (loading && tokens.length === 0) return <LoadingRows label="Loading tokens" />
  if (error && tokens.length === 0) return <ErrorState title={error} onRetry={onRetry} />
  if (tokens.length === 0) return <EmptyState title="No tokens to send" description="This account holds no tokens on this network." />
  return (
    <div>
      <div role="list" aria-label="Tokens to send" className="portico-list">
        {tokens.map((token) => (
          <div role="listitem" key={`${token.chainId}:${token.address ?? 'native'}`}>
            <ListItem
              label={token.name}
              description={formatAmount(token.balance, { symbol: token.symbol })}
              tag={selected && selected.symbol === token.symbol && selected.address === token.address ? 'Selected' : undefined}
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

export interface SendFormProps {
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

/** Amount and receiver: the token, the Amount field with "Max" and its USD value, the Receiver field with its profile. */
export function SendForm(props: SendFormProps) {
  const { token, amount, receiver, amountUsd, receiverAddress, receiverName, receiverAvatar, receiverLoading, error, unsupported } = props
  const usdId = useId()
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
      <ListItem
        label={token ? token.name : 'Select token'}
        description={token ? `Balance ${formatAmount(token.balance, { symbol: token.symbol })}` : undefined}
        image={token ? <WalletImage name={token.symbol} src={token.iconUrl} size={36} decorative /> : undefined}
        onClick={props.onPickToken}
      />
      <Stack row className="portico-align-end">
        <div className="portico-grow">
          <TextField
            label="Amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={amount}
            onChange={(e) => props.onAmount(e.target.value)}
            aria-describedby={amountUsd ? usdId : undefined}
          />
        </div>
        <Button variant="secondary" onClick={props.onMax} loading={props.maxLoading} disabled={!token}>
          Max
        </Button>
      </Stack>
      {amountUsd && (
        <Text id={usdId} variant="caption" tone="muted">
          {`≈ ${amountUsd}`}
        </Text>
      )}
      <TextField
        label="Receiver"
        autoComplete="off"
        spellCheck={false}
        placeholder="Address or account name"
        value={receiver}
        onChange={(e) => props.onReceiver(e.target.value)}
      />
      {receiverLoading && (
        <Text variant="caption" tone="muted" aria-live="polite">
          Looking up the receiver…
        </Text>
      )}
      {receiverAddress && !receiverLoading && (
        <Stack row>
          <Avatar address={receiverAddress} imageUrl={receiverAvatar ?? undefined} alt={receiverName ? `${receiverName} avatar` : 'Receiver avatar'} size={28} />
          <span className="portico-address" title={receiverAddress}>
            {receiverName ? `${receiverName} (${truncateAddress(receiverAddress)})` : truncateAddress(receiverAddress)}
          </span>
        </Stack>
      )}
      {error && (
        <Text variant="caption" tone="error" role="alert">
          {error}
        </Text>
      )}
      <Button type="submit" fullWidth loading={props.previewLoading} disabled={receiverLoading}>
        Preview send
      </Button>
    </form>
  )
}

export interface SendPreviewProps {
  token: SendToken
  amount: string
  amountUsd?: string
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

/** The preview: what leaves, to whom, on which network, for what network fee; "Send". While sending: the sending state. */
export function SendPreview(props: SendPreviewProps) {
  const { token, amount, amountUsd, receiverAddress, receiverName, receiverAvatar, networkName, fee, sending, error } = props
  if (sending) return <Sending amount={amount} symbol={token.symbol} />
  return (
    <Stack gap={4}>
      <section aria-label="Transfer" className="portico-stack portico-card">
        <Text variant="title">{`${amount} ${token.symbol}`}</Text>
        {amountUsd && <Text variant="caption" tone="muted">{`≈ ${amountUsd}`}</Text>}
        <Stack row>
          <Avatar address={receiverAddress} imageUrl={receiverAvatar ?? undefined} alt={receiverName ? `${receiverName} avatar` : 'Receiver avatar'} size={28} />
          <span className="portico-address" title={receiverAddress}>
            {`To ${receiverName ? `${receiverName} (${truncateAddress(receiverAddress)})` : truncateAddress(receiverAddress)}`}
          </span>
        </Stack>
      </section>
      <KeyValueList
        items={[...(networkName ? [{ label: 'Network', value: networkName }] : []), { label: 'Network fee', value: fee ? formatFee(fee) : 'Estimating…' }]}
      />
      {error && (
        <Text variant="caption" tone="error" role="alert">
          {error}
        </Text>
      )}
      <Actions row>
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button onClick={props.onSend}>Send</Button>
      </Actions>
    </Stack>
  )
}

/** The sending state: the wallet is asked to confirm, then the chain to include the transaction. */
export function Sending({ amount, symbol }: { amount: string; symbol: string }) {
  return (
    <Stack align="center" className="portico-state" role="status" aria-live="polite">
      <Spinner size={32} decorative />
      <Text variant="title">{`Sending ${amount} ${symbol}`}</Text>
      <Text tone="muted">Confirm the transaction in your wallet.</Text>
    </Stack>
  )
}
