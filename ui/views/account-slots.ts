import { lazy, type ComponentType } from 'react'
import type { AccountTab, ChainNamespace } from '../../kernel/index.ts'

/** What decides whether a tab shows: the Account's namespace and network. */
export type AccountSlotState = { namespace?: ChainNamespace | undefined; caipNetworkId?: string | undefined }

/** The registered tabs of one slot that are available for this account ('tab': the Account tabs; 'namespace': its slot). */
export function tabsIn(tabs: readonly AccountTab[], slot: 'tab' | 'namespace', state: AccountSlotState): AccountTab[] {
  return tabs.filter((t) => (t.slot ?? 'tab') === slot && (t.available?.({ namespace: state.namespace, caipNetworkId: state.caipNetworkId }) ?? true))
}

const panels = new WeakMap<AccountTab, ComponentType>()

/** Each tab is its own chunk, loaded when it is first shown. */
export function panelOf(tab: AccountTab): ComponentType {
  let panel = panels.get(tab)
  if (!panel) {
    panel = lazy(tab.load as () => Promise<{ default: ComponentType }>)
    panels.set(tab, panel)
  }
  return panel
}
