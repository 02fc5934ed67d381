import { Suspense, useMemo } from 'react'
import { KernelTokens } from '../../kernel/index.ts'
import { LoadingRows } from '../components/LoadingRows.tsx'
import { Tabs } from '../components/Tabs.tsx'
import { useModalInstance, useStore } from '../react/context.tsx'
import { useAccount, useNetwork } from '../react/hooks.ts'
import { useStrings } from '../i18n/react.ts'
import { useDisplayTexts } from '../i18n/display-texts.ts'
import { panelOf, tabsIn } from './account-slots.ts'

/**
 * SPEC §2 Account tabs, as plugins registered them (those available on the account's namespace and network); the
 * selected one is SPEC §3 AccountState.currentTab.
 */
export default function AccountTabs() {
  const modal = useModalInstance()
  const strings = useStrings()
  const account = useAccount()
  const { caipNetwork } = useNetwork()
  const tabs = tabsIn(useStore(modal.get(KernelTokens.AccountExtensions).store).tabs, 'tab', { namespace: account.namespace, caipNetworkId: caipNetwork?.caipNetworkId })
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
