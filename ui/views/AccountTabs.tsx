import { lazy, Suspense, useMemo, type ComponentType } from 'react'
import { KernelTokens, type AccountTab } from '../../kernel/index.ts'
import { LoadingRows } from '../components/LoadingRows.tsx'
import { Tabs } from '../components/Tabs.tsx'
import { useModalInstance, useStore } from '../react/context.tsx'
import { useAccount } from '../react/hooks.ts'
import { useStrings } from '../i18n/react.ts'
import { useDisplayTexts } from '../i18n/display-texts.ts'

const panels = new WeakMap<AccountTab, ComponentType>()

/** Each tab is its own chunk, loaded when it is first shown. */
function panelOf(tab: AccountTab): ComponentType {
  let panel = panels.get(tab)
  if (!panel) {
    panel = lazy(tab.load as () => Promise<{ default: ComponentType }>)
    panels.set(tab, panel)
  }
  return panel
}

/** SPEC §2 Account tabs, as plugins registered them; the selected one is SPEC §3 AccountState.currentTab. */
export default function AccountTabs() {
  const modal = useModalInstance()
  const strings = useStrings()
  const { tabs } = useStore(modal.get(KernelTokens.AccountExtensions).store)
  const account = useAccount()
  const selected = tabs[account.currentTab] ?? tabs[0]
  const labels = useDisplayTexts(tabs.map((t) => t.label))
  const items = useMemo(() => tabs.map((t, i) => ({ id: t.id, label: labels[i] ?? t.id })), [tabs, labels])
  if (!selected) return null
  const Panel = panelOf(selected)
  return (
    <Tabs
      label={strings.accountTabs}
      tabs={items}
      selectedId={selected.id}
      onSelect={(id) => {
        const index = tabs.findIndex((t) => t.id === id)
        if (account.namespace && index >= 0) modal.get(KernelTokens.Account).patch(account.namespace, { currentTab: index })
      }}
    >
      <Suspense fallback={<LoadingRows label={strings.loading} />}>
        <Panel />
      </Suspense>
    </Tabs>
  )
}
