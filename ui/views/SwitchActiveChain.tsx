import { KernelTokens, truncateAddress, type ChainNamespace } from '../../kernel/index.ts'
import { ListItem } from '../components/ListItem.tsx'
import { WalletImage } from '../components/WalletImage.tsx'
import { useStrings } from '../i18n/react.ts'
import { useModalInstance, useStore } from '../react/context.tsx'
import { useNetworkImage } from '../react/hooks.ts'

/** How the chain namespaces read in the list (an unknown namespace reads as itself). */
export const NAMESPACE_NAMES: Readonly<Record<string, string>> = {
  eip155: 'Ethereum (EVM)',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}

/** The chain's name for a namespace: never the raw id ('eip155') when a name is known (issue 18). */
export function namespaceName(namespace: string, networkName?: string): string {
  return NAMESPACE_NAMES[namespace] ?? networkName ?? namespace
}

/**
 * SPEC §2 SwitchActiveChain: the host's chain namespaces. Choosing a connected one makes it the active chain and shows
 * its account; choosing one without a connection makes it active and opens Connect for it.
 */
export default function SwitchActiveChain() {
  const imageOf = useNetworkImage()
  const modal = useModalInstance()
  const strings = useStrings()
  const network = modal.get(KernelTokens.Network)
  const { activeNamespace, byNamespace } = useStore(network.store)
  const accounts = useStore(modal.get(KernelTokens.Account).store).byNamespace
  const namespaces = Object.keys(byNamespace) as ChainNamespace[]

  const choose = (ns: ChainNamespace) => {
    network.setActiveNamespace(ns)
    if (accounts[ns]?.address) modal.router.reset('Account')
    else modal.router.push('Connect')
  }

  return (
    <div className="portico-list" role="list" aria-label={strings.chains}>
      {namespaces.map((ns) => {
        const address = accounts[ns]?.address
        const name = namespaceName(ns, byNamespace[ns]?.caipNetwork?.name)
        const current = ns === activeNamespace
        return (
          <div role="listitem" key={ns}>
            <ListItem
              label={name}
              description={address ? truncateAddress(address) : strings.notConnectedShort}
              image={<WalletImage name={name} src={imageOf(byNamespace[ns]?.caipNetwork)} size={36} decorative />}
              tag={current ? strings.current : undefined}
              tagTone={current ? 'success' : 'neutral'}
              aria-current={current || undefined}
              onClick={() => choose(ns)}
            />
          </div>
        )
      })}
    </div>
  )
}
