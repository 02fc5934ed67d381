import { KernelTokens } from '../../kernel/index.ts'
import { Button } from '../components/Button.tsx'
import { useStrings } from '../i18n/react.ts'
import { useModalInstance } from '../react/context.tsx'

/**
 * Disconnects every namespace and returns to Connect (the modal stays open; docs/DECISIONS.md). The danger variant:
 * red text on the secondary surface, so it does not outweigh the account's other actions (issue 18).
 */
export function DisconnectButton() {
  const modal = useModalInstance()
  const strings = useStrings()
  return (
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
  )
}
