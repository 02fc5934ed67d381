import { lazy, Suspense, useState, type ComponentType } from 'react'
import { allWalletsTotal, connectMethodOrder, KernelTokens, type ChainNamespace, type ConnectListEntry, type ConnectSection } from '../../kernel/index.ts'
import { WalletListItem } from '../components/WalletListItem.tsx'
import { ListItem } from '../components/ListItem.tsx'
import { Button } from '../components/Button.tsx'
import { Icon } from '../components/Icon.tsx'
import { Stack, Text } from '../components/Layout.tsx'
import type { PorticoStrings } from '../theme/i18n.ts'
import { useLocale, useStrings } from '../i18n/react.ts'
import { formatMessage } from '../theme/i18n.ts'
import { useModalInstance, useStore } from '../react/context.tsx'
import { useConnectingView } from '../react/routing.ts'
import { WhenShown } from '../react/shown.tsx'

/** The strings key of each wallet group's tag. */
const TAGS: Partial<Record<ConnectListEntry['group'], keyof PorticoStrings>> = {
  walletConnect: 'qrCode',
  recent: 'recent',
  injected: 'installed',
}

function tagOf(strings: PorticoStrings, group: ConnectListEntry['group']): string | undefined {
  const key = TAGS[group]
  return key ? strings[key] : undefined
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
 * in the spec's order, then All Wallets when a plugin serves it. Composed as AppKit does: when the wallets are not
 * first they wait behind "Continue with a wallet".
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
  const strings = useStrings()
  const [walletsOpen, setWalletsOpen] = useState(false)
  const choose = (entry: ConnectListEntry) => connectVia({ connector: entry.connector, wallet: entry.wallet })
  const wallets = <WalletList entries={entries} choose={choose} />
  const { sections } = useStore(modal.get(KernelTokens.AccountExtensions).store)
  // A method shows when a plugin registered a section for it (the plugin applies the host's `features` switches).
  const order = connectMethodOrder({
    configured: options.connectMethodOrder,
    injectedFound: entries.some((e) => e.group === 'injected'),
    emailEnabled: sections.some((s) => s.method === 'email'),
    socialsEnabled: sections.some((s) => s.method === 'social'),
  })
  if (order.length === 1) return <Stack gap={4}>{wallets}<NewToWallets /></Stack>

  return (
    <Stack gap={4}>
      <div className="portico-connect-methods">
        {order.map((method) =>
          method === 'wallet' ? (
            <div key={method} className="portico-connect-method">
              {/* Email and social first: the wallets wait behind one button, so the sheet is not a long scroll. */}
              {order[0] === 'wallet' || walletsOpen ? (
                wallets
              ) : (
                <Button variant="secondary" fullWidth onClick={() => setWalletsOpen(true)}>
                  <Icon name="wallet" size={16} />
                  {strings.continueWithWallet}
                </Button>
              )}
            </div>
          ) : (
            <div key={method} className="portico-connect-method">
              {sections
                .filter((s) => s.method === method)
                .map((s) => {
                  const Section = sectionOf(s)
                  // Connect is pre-rendered while the dialog is closed: a plugin's section runs its effects only while it shows.
                  return (
                    <WhenShown key={s.id}>
                      <Suspense fallback={null}>
                        <Section />
                      </Suspense>
                    </WhenShown>
                  )
                })}
            </div>
          ),
        )}
      </div>
      <NewToWallets />
    </Stack>
  )
}

/** Where "New to wallets?" leads: a neutral introduction to wallets, opened in a new tab. */
export const WALLET_HELP_URL = 'https://ethereum.org/en/wallets/'

/** The help entry under the wallets, for a visitor who has none yet. */
function NewToWallets() {
  const strings = useStrings()
  return (
    <Stack row align="center" gap={1}>
      <Text as="span" variant="caption" tone="muted">{strings.newToWallets}</Text>
      <a className="portico-button portico-button--text" href={WALLET_HELP_URL} target="_blank" rel="noopener noreferrer">
        <Icon name="help" size={16} />
        {strings.learnMore}
      </a>
    </Stack>
  )
}

/**
 * The All Wallets entry's tag: how many wallets the list holds, rounded down to tens past 10 ("430+"), in the
 * modal's number format; none while no plugin said how many there are.
 */
function walletCountTag(total: number | undefined, format: (n: number) => string, template: string): string | undefined {
  if (total === undefined || total <= 0) return undefined
  return total < 10 ? format(total) : formatMessage(template, { count: format(Math.floor(total / 10) * 10) })
}

function WalletList({ entries, choose }: { entries: ConnectListEntry[]; choose(entry: ConnectListEntry): void }) {
  const modal = useModalInstance()
  const strings = useStrings()
  const { locale } = useLocale()
  const total = allWalletsTotal(useStore(modal.get(KernelTokens.Connectors).store))
  if (entries.length === 0 && !modal.views.has('AllWallets')) return <Text tone="muted">{strings.noWalletsAvailable}</Text>
  return (
    <div className="portico-list" role="list" aria-label={strings.wallets}>
      {entries.map((entry) => (
        <div role="listitem" key={`${entry.group}:${entry.id}`}>
          <WalletListItem
            name={entry.name}
            imageUrl={entry.imageUrl}
            tag={tagOf(strings, entry.group)}
            tagTone={entry.group === 'injected' ? 'success' : 'neutral'}
            onClick={() => choose(entry)}
          />
        </div>
      ))}
      {modal.views.has('AllWallets') && (
        <div role="listitem">
          <ListItem
            label={strings.allWallets}
            tag={walletCountTag(total, (n) => n.toLocaleString(locale), strings.walletCountOver)}
            tagTone="accent"
            image={<span className="portico-list-item-icon"><Icon name="grid" size={20} /></span>}
            trailing={<Icon name="chevronRight" size={16} />}
            onClick={() => modal.router.push('AllWallets')}
          />
        </div>
      )}
    </div>
  )
}
