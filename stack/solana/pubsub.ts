import type { WebSocket } from 'ws'
import { base58 } from '@scure/base'
import { encodeAccount, parseAccountEncoding, SYSTEM_PROGRAM, type AccountEncoding } from './accounts.ts'
import { invalidParams, RpcError } from './errors.ts'
import type { SolanaLedger, TransactionRecord } from './ledger.ts'
import { writableKeys } from './transactions.ts'
import { jsonText } from './server.ts'

type Subscription =
  | { kind: 'account'; id: number; socket: WebSocket; address: string; encoding: AccountEncoding }
  | { kind: 'signature'; id: number; socket: WebSocket; signature: string; received: boolean }
  | { kind: 'slot'; id: number; socket: WebSocket }
  | { kind: 'root'; id: number; socket: WebSocket }

const EMPTY_ACCOUNT = { lamports: 0n, data: new Uint8Array(), owner: SYSTEM_PROGRAM, executable: false }

/**
 * The PubSub WebSocket API (port + 1): account, signature, slot and root subscriptions with the validator's
 * notification shapes. Notifications go out as the ledger commits, so every commitment level hears at once.
 */
export class SolanaPubSub {
  private nextId = 0
  private readonly subscriptions = new Map<number, Subscription>()
  private readonly detachLedger: Array<() => void>

  constructor(private readonly ledger: SolanaLedger) {
    this.detachLedger = [ledger.onTransaction((r) => this.onTransaction(r)), ledger.onSlot((s) => this.onSlot(s))]
  }

  close(): void {
    for (const detach of this.detachLedger) detach()
    this.subscriptions.clear()
  }

  /** Drops what a closed socket subscribed to. */
  detach(socket: WebSocket): void {
    for (const [id, sub] of this.subscriptions) if (sub.socket === socket) this.subscriptions.delete(id)
  }

  call(socket: WebSocket, method: string, params: unknown): unknown {
    const list = params === undefined || params === null ? [] : params
    if (!Array.isArray(list)) throw invalidParams('Invalid params: expected an array of parameters')
    switch (method) {
      case 'accountSubscribe':
        return this.accountSubscribe(socket, list)
      case 'signatureSubscribe':
        return this.signatureSubscribe(socket, list)
      case 'slotSubscribe':
        return this.add({ kind: 'slot', id: this.nextId++, socket })
      case 'rootSubscribe':
        return this.add({ kind: 'root', id: this.nextId++, socket })
      case 'accountUnsubscribe':
        return this.unsubscribe(socket, 'account', list[0])
      case 'signatureUnsubscribe':
        return this.unsubscribe(socket, 'signature', list[0])
      case 'slotUnsubscribe':
        return this.unsubscribe(socket, 'slot', list[0])
      case 'rootUnsubscribe':
        return this.unsubscribe(socket, 'root', list[0])
      default:
        throw new RpcError(-32601, 'Method not found')
    }
  }

  private add(sub: Subscription): number {
    this.subscriptions.set(sub.id, sub)
    return sub.id
  }

  private unsubscribe(socket: WebSocket, kind: Subscription['kind'], id: unknown): boolean {
    const sub = typeof id === 'number' ? this.subscriptions.get(id) : undefined
    if (!sub || sub.kind !== kind || sub.socket !== socket) throw invalidParams('Invalid subscription id.')
    this.subscriptions.delete(sub.id)
    return true
  }

  private accountSubscribe(socket: WebSocket, [addressParam, cfg]: unknown[]): number {
    const address = addressParam as string
    if (decodedLength(address) === undefined) throw invalidParams('Invalid param: Invalid')
    if (decodedLength(address) !== 32) throw invalidParams('Invalid param: WrongSize')
    const config = (cfg ?? {}) as { encoding?: unknown }
    const encoding = parseAccountEncoding(config.encoding, 'binary')
    return this.add({ kind: 'account', id: this.nextId++, socket, address, encoding })
  }

  private signatureSubscribe(socket: WebSocket, [signatureParam, cfg]: unknown[]): number {
    const signature = signatureParam as string
    if (decodedLength(signature) !== 64) throw invalidParams('Invalid param: Invalid signature')
    const config = (cfg ?? {}) as { enableReceivedNotification?: unknown }
    const id = this.add({ kind: 'signature', id: this.nextId++, socket, signature, received: config.enableReceivedNotification === true })
    // Already landed: notify right after the subscription id goes out, as the validator checks its status cache.
    const landed = this.ledger.getTransaction(signature)
    if (landed) {
      setImmediate(() => {
        const sub = this.subscriptions.get(id)
        if (sub?.kind === 'signature') this.notifySignature(sub, landed, false)
      })
    }
    return id
  }

  private send(sub: Subscription, method: string, result: unknown): void {
    if (sub.socket.readyState !== sub.socket.OPEN) return
    sub.socket.send(jsonText({ jsonrpc: '2.0', method, params: { result, subscription: sub.id } }))
  }

  private notifySignature(sub: Extract<Subscription, { kind: 'signature' }>, record: TransactionRecord, withReceived: boolean): void {
    if (withReceived && sub.received) this.send(sub, 'signatureNotification', { context: { slot: record.slot }, value: 'receivedSignature' })
    this.send(sub, 'signatureNotification', { context: { slot: record.slot }, value: { err: record.err } })
    // A signature subscription ends with its notification.
    this.subscriptions.delete(sub.id)
  }

  private onTransaction(record: TransactionRecord): void {
    let written: Set<string> | undefined
    for (const sub of [...this.subscriptions.values()]) {
      if (sub.kind === 'signature' && sub.signature === record.signature) this.notifySignature(sub, record, true)
      if (sub.kind === 'account') {
        written ??= new Set(writableKeys(record))
        if (!written.has(sub.address)) continue
        const account = this.ledger.getAccount(sub.address) ?? EMPTY_ACCOUNT
        const value = encodeAccount(account, sub.encoding, this.ledger.findMint)
        this.send(sub, 'accountNotification', { context: { slot: record.slot }, value })
      }
    }
  }

  private onSlot(slot: number): void {
    for (const sub of this.subscriptions.values()) {
      if (sub.kind === 'slot') this.send(sub, 'slotNotification', { parent: Math.max(0, slot - 1), root: slot, slot })
      if (sub.kind === 'root') this.send(sub, 'rootNotification', slot)
    }
  }
}

/** Byte length of a base58 string, undefined when it is not one. */
function decodedLength(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined
  try {
    return base58.decode(text).length
  } catch {
    return undefined
  }
}
