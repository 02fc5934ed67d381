import { KernelTokens } from '../../kernel/index.ts'
import { ListItem } from '../components/ListItem.tsx'
import { useModalInstance, useStore } from '../react/context.tsx'
import { NetworkList } from './NetworkList.tsx'
import { namespaceName } from './SwitchActiveChain.tsx'
import { formatMessage } from '../theme/i18n.ts'
import { useStrings } from '../i18n/react.ts'

/**
 * SPEC §2 SwitchNetwork: pick one of the requested networks (SPEC §4 asks the wallet when connected). A host with
 * several chain namespaces also offers SwitchActiveChain.
 */
export default function SwitchNetwork() {
  const modal = useModalInstance()
  const strings = useStrings()
  const { activeNamespace, byNamespace } = useStore(modal.get(KernelTokens.Network).store)
  const several = Object.keys(byNamespace).length > 1
  return (
    <>
      <NetworkList onSwitched={() => modal.router.goBack()} />
      {several && (
        <ListItem
          label={strings.switchChain}
          description={activeNamespace ? formatMessage(strings.currentItem, { name: namespaceName(activeNamespace) }) : undefined}
          onClick={() => modal.router.push('SwitchActiveChain')}
        />
      )}
    </>
  )
}
