import { KernelTokens, type ChainNamespace, type ConnectListEntry } from '../../kernel/index.ts'
import { WalletListItem } from '../components/WalletListItem.tsx'
import { ListItem } from '../components/ListItem.tsx'
import { strings } from '../theme/i18n.ts'
import { useModalInstance, useStore } from '../react/context.tsx'
import { useConnectingView } from '../react/routing.ts'

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
  const { activeNamespace, byNamespace } = useStore(modal.get(KernelTokens.Network).store)
  // SPEC §5: only connectors of the host's namespaces; one row per wallet across namespaces.
  const entries = connectors.list(persistence.recentWallets(), options.connectorOrder, {
    namespaces: Object.keys(byNamespace) as ChainNamespace[],
    activeNamespace,
  })
  const connectVia = useConnectingView()

  const choose = (entry: ConnectListEntry) => connectVia({ connector: entry.connector, wallet: entry.wallet })

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
      {modal.views.has('AllWallets') && (
        <div role="listitem">
          <ListItem label={strings.allWallets} onClick={() => modal.router.push('AllWallets')} />
        </div>
      )}
    </div>
  )
}
