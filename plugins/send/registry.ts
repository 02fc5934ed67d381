/** The send plugin's sender registry and token conversion (loaded with its code, not with SendTokens). */
import { toDisposable, type ChainNamespace, type Disposable, type TokenBalance } from 'portico/plugin'
import type { Sender, SendToken } from './tokens.ts'

/** The senders by namespace: "Unsupported chain" (SPEC §5) for any namespace without one. */
export class SenderRegistry {
  private readonly senders = new Map<ChainNamespace, Sender>()
  private readonly listeners = new Set<() => void>()

  /** Adds a namespace's sender; disposing removes it. A second sender for a namespace replaces the first. */
  register(sender: Sender): Disposable {
    this.senders.set(sender.namespace, sender)
    this.notify()
    return toDisposable(() => {
      if (this.senders.get(sender.namespace) === sender) this.senders.delete(sender.namespace)
      this.notify()
    })
  }

  get(namespace: ChainNamespace | undefined): Sender | undefined {
    return namespace ? this.senders.get(namespace) : undefined
  }

  has(namespace: ChainNamespace | undefined): boolean {
    return Boolean(namespace && this.senders.has(namespace))
  }

  namespaces(): ChainNamespace[] {
    return [...this.senders.keys()]
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private notify(): void {
    for (const l of [...this.listeners]) l()
  }
}

/** A SPEC §3 token balance of the account data as the send flow keeps it (CAIP-10 addresses made plain). */
export function toSendToken(t: TokenBalance): SendToken {
  const address = t.address ? t.address.split(':').pop() : undefined
  return {
    name: t.name,
    symbol: t.symbol,
    chainId: t.chainId,
    address,
    decimals: Number(t.quantity.decimals),
    balance: t.quantity.numeric,
    price: t.price,
    iconUrl: t.iconUrl,
  }
}
