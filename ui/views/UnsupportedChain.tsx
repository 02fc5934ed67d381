import { useStrings } from '../i18n/react.ts'
import { Icon } from '../components/Icon.tsx'
import { Stack, Text } from '../components/Layout.tsx'
import { DisconnectButton } from './DisconnectButton.tsx'
import { useModalInstance } from '../react/context.tsx'
import { NetworkList } from './NetworkList.tsx'

/** SPEC §2 UnsupportedChain: the wallet is on a network the app did not request. A title, an icon, the networks. */
export default function UnsupportedChain() {
  const modal = useModalInstance()
  const strings = useStrings()
  return (
    <Stack gap={4}>
      <Stack gap={2} align="center" className="portico-state portico-state--error">
        <span className="portico-state-icon">
          <Icon name="network" size={32} />
        </span>
        <Text variant="title">{strings.unsupportedNetwork}</Text>
        <Text tone="muted">{strings.unsupportedNetworkDescription}</Text>
      </Stack>
      <NetworkList markCurrent={false} onSwitched={() => modal.router.reset('Account')} />
      <DisconnectButton />
    </Stack>
  )
}
