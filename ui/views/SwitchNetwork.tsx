import { KernelTokens } from '../../kernel/index.ts'
import { ListItem } from '../components/ListItem.tsx'
import { useModalInstance, useStore } from '../react/context.tsx'
import { NetworkList } from './NetworkList.tsx'
import { namespaceName } from './SwitchActiveChain.tsx'

/**
 * SPEC §2 SwitchNetwork: pick one of the requested networks (SPEC §4 asks the wallet when connected). A host with
 * several chain namespaces also offers SwitchActiveChain.
 */
export default function SwitchNetwork() {
  const modal = useModalInstance()
  const { activeNamespace, byNamespace } = useStore(modal.get(KernelTokens.Network).store)
  const several = Object.keys(byNamespace).length > 1
  return (
    <>
      <NetworkList onSwitched={() => modal.router.goBack()} />
      {several && (
        <ListItem
          label="Switch chain"
          description={activeNamespace ? `Current: ${namespaceName(activeNamespace)}` : undefined}
          onClick={() => modal.router.push('SwitchActiveChain')}
        />
      )}
    </>
  )
}
