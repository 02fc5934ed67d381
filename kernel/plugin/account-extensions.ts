import { Store } from '../state/store.ts'
import { toDisposable, type AccountAction, type AccountTab, type ConnectSection, type Disposable } from './contract.ts'

type Item = AccountTab | AccountAction | ConnectSection
interface Lists {
  tabs: readonly AccountTab[]
  actions: readonly AccountAction[]
  /** The Connect view's email and social sections (SPEC §2 connect methods). */
  sections: readonly ConnectSection[]
}
const NAMES: Record<keyof Lists, string> = { tabs: 'Account tab', actions: 'Account action', sections: 'Connect section' }

/** What plugins add to the core views: Account tabs and actions, Connect sections; ids are unique, lists kept in `order`. */
export class AccountExtensions {
  readonly store = new Store<Lists>({ tabs: [], actions: [], sections: [] })

  addTab(tab: AccountTab): Disposable {
    return this.add('tabs', tab)
  }

  addAction(action: AccountAction): Disposable {
    return this.add('actions', action)
  }

  addSection(section: ConnectSection): Disposable {
    return this.add('sections', section)
  }

  private add<K extends keyof Lists>(key: K, item: Item): Disposable {
    const list = this.store.getSnapshot()[key] as readonly Item[]
    if (list.some((x) => x.id === item.id)) throw new Error(`${NAMES[key]} "${item.id}" is already registered`)
    const next = [...list, item].sort((a, b) => a.order - b.order)
    this.store.set({ [key]: next } as never)
    return toDisposable(() => {
      const now = this.store.getSnapshot()[key] as readonly Item[]
      this.store.set({ [key]: now.filter((x) => x !== item) } as never)
    })
  }
}
