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

  /**
   * Sets the connected accounts of a namespace; the first is the active address. `fresh` drops the rest of the
   * namespace's state in the same update (another wallet's name, balance...), so no listener sees it disconnected.
   */
  setAccounts(namespace: ChainNamespace, accounts: AccountEntry[], reference: string, fresh?: boolean): void {
    const first = accounts[0]
    this.patch(
      namespace,
      {
        allAccounts: accounts,
        address: first?.address,
        caipAddress: first ? (`${namespace}:${reference}:${first.address}` as CaipAddress) : undefined,
        status: first ? 'connected' : 'disconnected',
      },
      fresh,
    )
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

  /** Merges into a namespace's state (`fresh`: into a disconnected one, dropping the rest). */
  patch(namespace: ChainNamespace, patch: Partial<AccountState>, fresh?: boolean): void {
    this.store.set((s) => ({
      byNamespace: { ...s.byNamespace, [namespace]: { ...((!fresh && s.byNamespace[namespace]) || emptyAccountState()), ...patch } },
    }))
  }

  /** Clears a namespace back to disconnected. */
  reset(namespace: ChainNamespace): void {
    this.store.set((s) => ({ byNamespace: { ...s.byNamespace, [namespace]: emptyAccountState() } }))
  }
}

const EMPTY: AccountState = Object.freeze(emptyAccountState()) as AccountState
