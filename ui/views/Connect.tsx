import { lazy, Suspense, type ComponentType } from 'react'
import { connectMethodOrder, KernelTokens, type ChainNamespace, type ConnectListEntry, type ConnectSection } from '../../kernel/index.ts'
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

const sectionViews = new WeakMap<ConnectSection, ComponentType>()

/** Each section is its own chunk (an email field, social buttons), loaded when Connect first shows it. */
function sectionOf(section: ConnectSection): ComponentType {
  let view = sectionViews.get(section)
  if (!view) {
    view = lazy(section.load as () => Promise<{ default: ComponentType }>)
    sectionViews.set(section, view)
  }
  return view
}

/**
 * SPEC §2 Connect: the connect methods in the SPEC order (email, social, wallet; wallet first when an injected
 * wallet is found; or the host's `connectMethodOrder`), email and social from the plugins' sections; the wallets
 * in the spec's order, then All Wallets when a plugin serves it.
 */
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
  const wallets = <WalletList entries={entries} choose={choose} />
  const { sections } = useStore(modal.get(KernelTokens.AccountExtensions).store)
  const features = options.features
  const order = connectMethodOrder({
    configured: options.connectMethodOrder,
    injectedFound: entries.some((e) => e.group === 'injected'),
    emailEnabled: features?.email !== false && sections.some((s) => s.method === 'email'),
    socialsEnabled: features?.socials?.length !== 0 && sections.some((s) => s.method === 'social'),
  })
  if (order.length === 1) return wallets

  return (
    <div className="portico-connect-methods">
      {order.map((method) =>
        method === 'wallet' ? (
          <div key={method} className="portico-connect-method">{wallets}</div>
        ) : (
          <div key={method} className="portico-connect-method">
            {sections
              .filter((s) => s.method === method)
              .map((s) => {
                const Section = sectionOf(s)
                return (
                  <Suspense key={s.id} fallback={null}>
                    <Section />
                  </Suspense>
                )
              })}
          </div>
        ),
      )}
    </div>
  )
}

function WalletList({ entries, choose }: { entries: ConnectListEntry[]; choose(entry: ConnectListEntry): void }) {
  const modal = useModalInstance()
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
