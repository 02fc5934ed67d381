import { useCallback } from 'react'
import { KernelTokens, type Connector, type Modal, type RouteEntry, type WalletListing } from '../../kernel/index.ts'
import { withSafeLinks } from '../components/safeWalletLink.ts'
import { useModalInstance } from './context.tsx'

/**
 * Routes to the view that connects a connector, or a registry wallet: the connector's own connecting view, the
 * kernel's ConnectingExternal, or for a registry wallet the pairing connector's view (with its links). An installed
 * wallet with the listing's rdns connects directly.
 */
export function useConnectingView(): (target: { connector?: Connector; wallet?: WalletListing }) => void {
  const modal = useModalInstance()
  return useCallback(
    (target) => {
      const entry = connectingRoute(modal, target)
      if (entry) modal.router.push(entry.view as 'Connect', ...([entry.params] as [undefined]))
    },
    [modal],
  )
}

/**
 * The view that connects a connector or a registry wallet (see useConnectingView); undefined when there is none, or
 * when a plugin opened the wallet itself (SPEC §9: a Solana wallet's in-app browser on mobile).
 */
export function connectingRoute(modal: Modal, { connector, wallet }: { connector?: Connector; wallet?: WalletListing }): RouteEntry | undefined {
  const connectors = modal.get(KernelTokens.Connectors)
  const installed = !connector && wallet?.rdns ? connectors.all().find((c) => c.info?.rdns === wallet.rdns) : undefined
  const target = connector ?? installed
  let entry: RouteEntry | undefined
  if (target) entry = target.connectingView?.({}) ?? { view: 'ConnectingExternal', params: { connectorId: target.id } }
  // The listing's links are checked before a connecting view receives it (unsafe ones become null).
  else if (wallet) {
    if (connectors.openWallet(withSafeLinks(wallet))) return undefined
    entry = connectors.registryOpener()?.connectingView?.({ wallet: withSafeLinks(wallet) })
  }
  // A plugin's view must be registered; ConnectingExternal is the core UI's own.
  return entry && (entry.view === 'ConnectingExternal' || modal.views.has(entry.view)) ? entry : undefined
}
