import { ErrorText } from 'portico/plugin'
import type { BlockchainApiClient, Transaction, TransactionTransfer } from './clients/index.ts'
import type { Disposable, EventBus } from 'portico/plugin'
import type { AccountState, NetworkController } from 'portico'
import type { ChainNamespace } from 'portico/plugin'
import type { SnackbarControl } from 'portico/plugin'
import { Store } from 'portico/plugin'

/** SPEC §3 history state of the active account on the active network. */
export interface TransactionsState {
  transactions: readonly Transaction[]
  /** Cursor of the next page; undefined at the end (or before the first load). */
  next?: string
  loading: boolean
  /** True once a load finished with nothing to show (or failed). */
  empty: boolean
  /** Whether the first page was asked for this account and network. */
  loaded: boolean
  /** The catalogued failure text of the last load. */
  error?: string
  /** `${caipNetworkId}:${address}` the list belongs to. */
  key?: string
}

/** One SPEC §3 history group: a calendar month of a year, newest first. */
export interface TransactionMonth {
  year: number
  /** 0-11, as Date#getMonth. */
  month: number
  transactions: Transaction[]
}

/** An NFT the account holds according to its history. */
export interface OwnedNft {
  /** Stable key: the NFT's name (collection and id) with its token id. */
  key: string
  name: string
  tokenId?: string
  imageUrl?: string
  chain: string
}

export interface TransactionsControllerDeps {
  account: { get(namespace: ChainNamespace): Pick<AccountState, 'address'> }
  network: Pick<NetworkController, 'activeNamespace' | 'networkOf'>
  api: Pick<BlockchainApiClient, 'history'>
  snackbar: Pick<SnackbarControl, 'showError'>
  /** Shows a failure's alert (the plugin's BackendStatus: once while the API is unreachable). @default snackbar.showError */
  alert?(message: string, error?: unknown): void
  events?: EventBus
}

const initial = (key?: string): TransactionsState => ({ transactions: [], loading: false, empty: false, loaded: false, key })

/**
 * SPEC §4 transaction fetch: loading, then success (appended, cursor updated) or failure (list emptied, cursor
 * cleared, "Failed to fetch transactions" shown). SPEC §5: spam-only transactions and other chains are dropped.
 * The list follows the active account and network; a change starts over.
 */
export class TransactionsController implements Disposable {
  readonly store = new Store<TransactionsState>(initial())
  private readonly subscriptions: Disposable[] = []
  private generation = 0

  constructor(private readonly deps: TransactionsControllerDeps) {
    if (deps.events) {
      this.subscriptions.push(
        deps.events.on('connection:disconnected', () => this.reset()),
        deps.events.on('network:switched', () => this.syncKey()),
      )
    }
  }

  /** Loads the first page once per account and network. */
  load(): Promise<void> {
    const target = this.syncKey()
    if (!target) return Promise.resolve()
    const s = this.store.getSnapshot()
    if (s.loaded || s.loading) return Promise.resolve()
    return this.fetchPage(target, undefined)
  }

  /** Loads the next page when there is one. */
  loadMore(): Promise<void> {
    const target = this.syncKey()
    const s = this.store.getSnapshot()
    if (!target || s.loading || !s.next) return Promise.resolve()
    return this.fetchPage(target, s.next)
  }

  /** Drops what is loaded and loads the first page again (after a send, for example). */
  refresh(): Promise<void> {
    this.reset()
    return this.load()
  }

  reset(): void {
    this.generation++
    this.store.set(initial(this.currentTarget()?.key))
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose()
  }

  private currentTarget(): { key: string; address: string; caipNetworkId: string } | undefined {
    const ns = this.deps.network.activeNamespace
    const address = ns ? this.deps.account.get(ns).address : undefined
    const caipNetworkId = ns ? this.deps.network.networkOf(ns)?.caipNetworkId : undefined
    if (!address || !caipNetworkId) return undefined
    return { key: `${caipNetworkId}:${address}`, address, caipNetworkId }
  }

  /** Starts over when the account or network changed since the list was loaded. */
  private syncKey(): { key: string; address: string; caipNetworkId: string } | undefined {
    const target = this.currentTarget()
    if (target?.key !== this.store.getSnapshot().key) {
      this.generation++
      this.store.set(initial(target?.key))
    }
    return target
  }

  private async fetchPage(target: { key: string; address: string; caipNetworkId: string }, cursor: string | undefined): Promise<void> {
    const generation = this.generation
    this.store.set({ loading: true, error: undefined })
    try {
      const page = await this.deps.api.history(target.address, { cursor, chainId: target.caipNetworkId })
      if (generation !== this.generation) return
      const kept = keepShownTransactions(page.data, target.caipNetworkId)
      const transactions = [...this.store.getSnapshot().transactions, ...kept]
      this.store.set({ transactions, next: page.next ?? undefined, loading: false, loaded: true, empty: transactions.length === 0 })
    } catch (error) {
      if (generation !== this.generation) return
      this.store.set({ transactions: [], next: undefined, loading: false, loaded: true, empty: true, error: ErrorText.FAILED_TO_FETCH_TRANSACTIONS })
      if (this.deps.alert) this.deps.alert(ErrorText.FAILED_TO_FETCH_TRANSACTIONS, error)
      else this.deps.snackbar.showError(ErrorText.FAILED_TO_FETCH_TRANSACTIONS)
      this.deps.events?.emit('error', { source: 'transactions', error })
    }
  }
}

function infoOf(t: TransactionTransfer) {
  return t.nft_info ?? t.fungible_info
}

/** SPEC §5: a transaction is spam when it has transfers and every one is flagged spam. */
export function isSpamTransaction(transaction: Transaction): boolean {
  return transaction.transfers.length > 0 && transaction.transfers.every((t) => infoOf(t)?.flags?.is_spam === true)
}

/** SPEC §5: spam dropped, only the active chain kept. */
export function keepShownTransactions(transactions: readonly Transaction[], caipNetworkId: string): Transaction[] {
  return transactions.filter((t) => !isSpamTransaction(t) && t.metadata.chain === caipNetworkId)
}

/** SPEC §3: history grouped by year and month, newest first (months and the transactions inside them). */
export function groupTransactionsByMonth(transactions: readonly Transaction[]): TransactionMonth[] {
  const groups = new Map<string, TransactionMonth>()
  const sorted = [...transactions].sort((a, b) => time(b) - time(a))
  for (const t of sorted) {
    const date = new Date(time(t))
    const year = date.getFullYear()
    const month = date.getMonth()
    const key = `${year}-${month}`
    let group = groups.get(key)
    if (!group) {
      group = { year, month, transactions: [] }
      groups.set(key, group)
    }
    group.transactions.push(t)
  }
  return [...groups.values()]
}

function time(t: Transaction): number {
  const ms = Date.parse(t.metadata.minedAt)
  return Number.isNaN(ms) ? 0 : ms
}

/**
 * The NFTs the loaded history says the account holds: for each NFT (not spam), its newest transfer decides, "in"
 * holds it and "out" does not. Older pages not loaded yet can add more.
 */
export function ownedNfts(transactions: readonly Transaction[]): OwnedNft[] {
  const seen = new Set<string>()
  const owned: OwnedNft[] = []
  const sorted = [...transactions].sort((a, b) => time(b) - time(a))
  for (const t of sorted) {
    // Within one transaction an "in" wins: a self-transfer lists the NFT going out and coming back.
    const here = new Map<string, { holds: boolean; nft: NonNullable<TransactionTransfer['nft_info']> }>()
    for (const transfer of t.transfers) {
      const nft = transfer.nft_info
      if (!nft || nft.flags?.is_spam) continue
      const key = `${t.metadata.chain}:${nft.name}:${nft.token_id ?? ''}`
      const holds = transfer.direction === 'in' || (transfer.direction === undefined && t.metadata.operationType !== 'send')
      here.set(key, { holds: holds || (here.get(key)?.holds ?? false), nft })
    }
    for (const [key, { holds, nft }] of here) {
      if (seen.has(key)) continue
      seen.add(key)
      if (holds) owned.push({ key, name: nft.name, tokenId: nft.token_id, imageUrl: nft.content?.preview?.url, chain: t.metadata.chain })
    }
  }
  return owned
}

const PLUS_OPERATIONS: ReadonlySet<string> = new Set(['receive', 'deposit', 'borrow', 'claim'])
const MINUS_OPERATIONS: ReadonlySet<string> = new Set(['withdraw', 'repay', 'burn'])

/** SPEC §9 sign of a history entry: '+' for receive, deposit, borrow, claim; '-' for withdraw, repay, burn; else ''. */
export function signForOperation(operationType: string | undefined): '+' | '-' | '' {
  if (!operationType) return ''
  if (PLUS_OPERATIONS.has(operationType)) return '+'
  if (MINUS_OPERATIONS.has(operationType)) return '-'
  return ''
}
