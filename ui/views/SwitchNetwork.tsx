import { useModalInstance } from '../react/context.tsx'
import { NetworkList } from './NetworkList.tsx'

/** SPEC §2 SwitchNetwork: pick one of the requested networks (SPEC §4 asks the wallet when connected). */
export default function SwitchNetwork() {
  const modal = useModalInstance()
  return <NetworkList onSwitched={() => modal.router.goBack()} />
}
