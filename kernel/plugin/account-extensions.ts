import { Store } from '../state/store.ts'
import { toDisposable, type AccountAction, type AccountTab, type Disposable } from './contract.ts'

/** Account view tabs and actions contributed by plugins; ids are unique, lists kept in `order`. */
export class AccountExtensions {
  readonly store = new Store<{ tabs: readonly AccountTab[]; actions: readonly AccountAction[] }>({ tabs: [], actions: [] })

  addTab(tab: AccountTab): Disposable {
    return this.add('tabs', tab)
  }

  addAction(action: AccountAction): Disposable {
    return this.add('actions', action)
  }

  private add<K extends 'tabs' | 'actions'>(key: K, item: AccountTab | AccountAction): Disposable {
    const list = this.store.getSnapshot()[key] as readonly (AccountTab | AccountAction)[]
    if (list.some((x) => x.id === item.id)) throw new Error(`Account ${key === 'tabs' ? 'tab' : 'action'} "${item.id}" is already registered`)
    const next = [...list, item].sort((a, b) => a.order - b.order)
    this.store.set({ [key]: next } as never)
    return toDisposable(() => {
      const now = this.store.getSnapshot()[key] as readonly (AccountTab | AccountAction)[]
      this.store.set({ [key]: now.filter((x) => x !== item) } as never)
    })
  }
}
