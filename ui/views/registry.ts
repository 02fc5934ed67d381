import { KernelTokens, type Modal, type RouteEntry, type ViewId, type ViewLoader } from '../../kernel/index.ts'
import { strings } from '../theme/i18n.ts'

/** The core views of SPEC §2 served by the React package itself, loaded lazily. */
export const coreViewLoaders: Record<string, ViewLoader<ViewId>> = {
  Connect: () => import('./Connect.tsx'),
  ConnectingExternal: () => import('./ConnectingExternal.tsx') as never,
  Account: () => import('./Account.tsx'),
  SwitchNetwork: () => import('./SwitchNetwork.tsx'),
  UnsupportedChain: () => import('./UnsupportedChain.tsx'),
  ProfileWallets: () => import('./ProfileWallets.tsx'),
}

const coreTitles: Record<string, string> = {
  Connect: strings.connectWallet,
  Account: 'Account',
  SwitchNetwork: strings.selectNetwork,
  UnsupportedChain: strings.switchNetwork,
  ProfileWallets: strings.wallets,
  AllWallets: strings.allWallets,
}

/** The header title of an entry: the plugin's meta, the core title, or the connector's name. */
export function titleOf(modal: Modal, entry: RouteEntry): string {
  const meta = modal.views.meta(entry.view)
  if (meta?.title) return typeof meta.title === 'function' ? meta.title(entry.params as never) : meta.title
  if (entry.view === 'ConnectingExternal') {
    const { connectorId } = entry.params as { connectorId: string }
    return modal.get(KernelTokens.Connectors).get(connectorId)?.name ?? strings.connectWallet
  }
  return coreTitles[entry.view] ?? entry.view.replace(/([a-z])([A-Z])/g, '$1 $2')
}
