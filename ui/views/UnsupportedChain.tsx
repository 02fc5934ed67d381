import { KernelTokens } from '../../kernel/index.ts'
import { Button } from '../components/Button.tsx'
import { strings } from '../theme/i18n.ts'
import { useModalInstance } from '../react/context.tsx'
import { NetworkList } from './NetworkList.tsx'

/** SPEC §2 UnsupportedChain: the wallet is on a network the app did not request. */
export default function UnsupportedChain() {
  const modal = useModalInstance()
  return (
    <div className="portico-state">
      <p className="portico-state-description">{strings.unsupportedNetworkDescription}</p>
      <NetworkList markCurrent={false} onSwitched={() => modal.router.reset('Account')} />
      <Button
        variant="danger"
        fullWidth
        onClick={async () => {
          await modal.get(KernelTokens.Connection).disconnect()
          modal.router.reset('Connect')
        }}
      >
        {strings.disconnect}
      </Button>
    </div>
  )
}
