import { strings } from '../theme/i18n.ts'
import { DisconnectButton } from './DisconnectButton.tsx'
import { useModalInstance } from '../react/context.tsx'
import { NetworkList } from './NetworkList.tsx'

/** SPEC §2 UnsupportedChain: the wallet is on a network the app did not request. */
export default function UnsupportedChain() {
  const modal = useModalInstance()
  return (
    <div className="portico-state">
      <p className="portico-state-description">{strings.unsupportedNetworkDescription}</p>
      <NetworkList markCurrent={false} onSwitched={() => modal.router.reset('Account')} />
      <DisconnectButton />
    </div>
  )
}
