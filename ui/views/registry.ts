import { KernelTokens, type DisplayText, type Modal, type RouteEntry, type ViewId, type ViewLoader } from '../../kernel/index.ts'
import { strings as english, type PorticoStrings } from '../theme/i18n.ts'
import { Connect } from './core-views.ts'

/**
 * The core views of SPEC §2 served by the React package itself. Connect, the first view of a visitor who is not
 * connected, comes with the dialog shell that imports this module (one chunk: split in two, with the components it
 * shares with the other views in two more, the open path measured 1.1 KB gzip more, bench/check.ts); the view waiting
 * for a wallet and the account ones are lazy.
 */
const connecting = () => import('./connecting-views.ts')
const account = () => import('./account-views.ts')

export const coreViewLoaders: Record<string, ViewLoader<ViewId>> = {
  Connect: () => Promise.resolve({ default: Connect }),
  ConnectingExternal: () => {
    // While the wallet is asked, fetch the account's views, so the switch to Account on approval does not wait.
    void account().catch(() => undefined)
    return connecting().then((m) => ({ default: m.ConnectingExternal as never }))
  },
  Account: () => account().then((m) => ({ default: m.Account })),
  SwitchNetwork: () => account().then((m) => ({ default: m.SwitchNetwork })),
  UnsupportedChain: () => account().then((m) => ({ default: m.UnsupportedChain })),
  ProfileWallets: () => account().then((m) => ({ default: m.ProfileWallets })),
  SwitchActiveChain: () => account().then((m) => ({ default: m.SwitchActiveChain })),
}

/** The strings key of each core view's title. */
const coreTitles: Record<string, keyof PorticoStrings> = {
  Connect: 'connectWallet',
  Account: 'account',
  SwitchNetwork: 'selectNetwork',
  UnsupportedChain: 'switchNetwork',
  ProfileWallets: 'wallets',
  SwitchActiveChain: 'switchChainTitle',
  AllWallets: 'allWallets',
}

/**
 * The header title of an entry: the plugin's meta (a display text the shell shows in the modal's language), the core
 * title (in the modal's language: `strings` is `useStrings()`'s value), or the connector's name.
 */
export function titleOf(modal: Modal, entry: RouteEntry, strings: PorticoStrings = english): DisplayText {
  const meta = modal.views.meta(entry.view)
  if (meta?.title) return typeof meta.title === 'function' ? meta.title(entry.params as never) : meta.title
  if (entry.view === 'ConnectingExternal') {
    const { connectorId } = entry.params as { connectorId: string }
    return modal.get(KernelTokens.Connectors).get(connectorId)?.name ?? strings.connectWallet
  }
  const key = coreTitles[entry.view]
  return key ? strings[key] : entry.view.replace(/([a-z])([A-Z])/g, '$1 $2')
}
