import type { CaipAddress, ChainNamespace } from '../caip/index.ts'
import { injectable } from '../di/decorators.ts'
import { Store } from './store.ts'
import type { AccountEntry, AccountState } from './types.ts'

/** A fresh, disconnected account state. */
export function emptyAccountState(): AccountState {
  return { allAccounts: [], currentTab: 0, status: 'disconnected', balanceLoading: false }
}

type AccountsByNamespace = Partial<Record<ChainNamespace, AccountState>>

/** SPEC §3 Account state, kept per namespace. */
@injectable()
export class AccountController {
  readonly store = new Store<{ byNamespace: AccountsByNamespace }>({ byNamespace: {} })

  /** The state of one namespace (a disconnected one when unknown). */
  get(namespace: ChainNamespace): AccountState {
    return this.store.getSnapshot().byNamespace[namespace] ?? EMPTY
  }

  /** True when any namespace has a connected address. */
  isConnected(namespace?: ChainNamespace): boolean {
    const all = this.store.getSnapshot().byNamespace
    if (namespace) return Boolean(all[namespace]?.address)
    return Object.values(all).some((s) => Boolean(s?.address))
  }

  /** Sets the connected accounts of a namespace; the first is the active address. */
  setAccounts(namespace: ChainNamespace, accounts: AccountEntry[], reference: string): void {
    const first = accounts[0]
    this.patch(namespace, {
      allAccounts: accounts,
      address: first?.address,
      caipAddress: first ? (`${namespace}:${reference}:${first.address}` as CaipAddress) : undefined,
      status: first ? 'connected' : 'disconnected',
    })
  }

  /** Re-targets the caipAddress when the network of a connected namespace changes. */
  setNetworkReference(namespace: ChainNamespace, reference: string): void {
    const state = this.get(namespace)
    if (!state.address) return
    this.patch(namespace, { caipAddress: `${namespace}:${reference}:${state.address}` as CaipAddress })
  }

  setBalance(namespace: ChainNamespace, balance: string | undefined, symbol: string | undefined): void {
    this.patch(namespace, { balance, balanceSymbol: symbol, balanceLoading: false })
  }

  patch(namespace: ChainNamespace, patch: Partial<AccountState>): void {
    this.store.set((s) => ({
      byNamespace: { ...s.byNamespace, [namespace]: { ...(s.byNamespace[namespace] ?? emptyAccountState()), ...patch } },
    }))
  }

  /** Clears a namespace back to disconnected. */
  reset(namespace: ChainNamespace): void {
    this.store.set((s) => ({ byNamespace: { ...s.byNamespace, [namespace]: emptyAccountState() } }))
  }
}

const EMPTY: AccountState = Object.freeze(emptyAccountState()) as AccountState
