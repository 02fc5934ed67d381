import { KernelTokens, type ConnectListEntry, type ViewId } from '../../kernel/index.ts'
import { WalletListItem } from '../components/WalletListItem.tsx'
import { ListItem } from '../components/ListItem.tsx'
import { strings } from '../theme/i18n.ts'
import { useModalInstance, useOptionalService, useStore } from '../react/context.tsx'
import { coreViewLoaders } from './registry.ts'

const TAGS: Partial<Record<ConnectListEntry['group'], string>> = {
  walletConnect: strings.qrCode,
  recent: strings.recent,
  injected: strings.installed,
}

/** SPEC §2 Connect: the connectors in the spec's order, then All Wallets when a plugin serves it. */
export default function Connect() {
  const modal = useModalInstance()
  const connectors = modal.get(KernelTokens.Connectors)
  const persistence = modal.get(KernelTokens.Persistence)
  const options = useStore(modal.get(KernelTokens.Options).store).options
  useStore(connectors.store)
  const wallets = useOptionalService(KernelTokens.Wallets)
  const entries = connectors.list(persistence.recentWallets(), options.connectorOrder)
  const wcView = 'ConnectingWalletConnect' as ViewId

  const choose = (entry: ConnectListEntry) => {
    if (entry.connector && entry.connector.id !== 'walletConnect') {
      modal.router.push('ConnectingExternal', { connectorId: entry.connector.id })
      return
    }
    if (modal.views.has(wcView)) modal.router.push(wcView as 'Connect', ...([{ walletId: entry.wallet?.id }] as unknown as [undefined]))
  }

  return (
    <div className="portico-list" role="list" aria-label={strings.wallets}>
      {entries.length === 0 && <p className="portico-state-description">No wallets are available.</p>}
      {entries.map((entry) => (
        <div role="listitem" key={`${entry.group}:${entry.id}`}>
          <WalletListItem
            name={entry.name}
            imageUrl={entry.imageUrl}
            tag={TAGS[entry.group]}
            tagTone={entry.group === 'injected' ? 'success' : 'neutral'}
            onClick={() => choose(entry)}
          />
        </div>
      ))}
      {(modal.views.has('AllWallets') || (wallets && 'AllWallets' in coreViewLoaders)) && (
        <div role="listitem">
          <ListItem label={strings.allWallets} onClick={() => modal.router.push('AllWallets')} />
        </div>
      )}
    </div>
  )
}
