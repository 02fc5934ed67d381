import { lazy, Suspense } from 'react'
import { KernelTokens } from '../../kernel/index.ts'
import { Tabs } from '../components/Tabs.tsx'
import { useModalInstance } from '../react/context.tsx'
import { useAccount } from '../react/hooks.ts'
import { strings } from '../theme/i18n.ts'
import { LoadingRows } from './LoadingRows.tsx'

// Each tab is its own chunk, loaded when it is first shown.
const panels = {
  tokens: lazy(() => import('./TokensTab.tsx')),
  nfts: lazy(() => import('./NftsTab.tsx')),
  activity: lazy(() => import('./ActivityTab.tsx')),
} as const
type TabId = keyof typeof panels
const TAB_IDS: readonly TabId[] = ['tokens', 'nfts', 'activity']
const TABS = [
  { id: 'tokens' as const, label: strings.tokens },
  { id: 'nfts' as const, label: strings.nfts },
  { id: 'activity' as const, label: strings.activity },
]

/** SPEC §2 Account tabs Tokens, NFTs, Activity; the selected one is SPEC §3 AccountState.currentTab. */
export default function AccountTabs() {
  const modal = useModalInstance()
  const account = useAccount()
  const selected = TAB_IDS[account.currentTab] ?? 'tokens'
  const Panel = panels[selected]
  return (
    <Tabs
      label={strings.accountTabs}
      tabs={TABS}
      selectedId={selected}
      onSelect={(id) => {
        if (account.namespace) modal.get(KernelTokens.Account).patch(account.namespace, { currentTab: TAB_IDS.indexOf(id) })
      }}
    >
      <Suspense fallback={<LoadingRows label={strings.loading} />}>
        <Panel />
      </Suspense>
    </Tabs>
  )
}
