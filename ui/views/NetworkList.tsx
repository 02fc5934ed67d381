import { useState } from 'react'
import { describeWalletError, type CaipNetwork } from '../../kernel/index.ts'
import { ListItem } from '../components/ListItem.tsx'
import { Text } from '../components/Layout.tsx'
import { WalletImage } from '../components/WalletImage.tsx'
import { useNetwork, useNetworkImage } from '../react/hooks.ts'
import { useErrorText, useStrings } from '../i18n/react.ts'

/** The requested networks as buttons; the current one is marked; errors of the switch are shown. */
export function NetworkList({ onSwitched, markCurrent = true }: { onSwitched(network: CaipNetwork): void; markCurrent?: boolean }) {
  const imageOf = useNetworkImage()
  const { caipNetwork, networks, switchNetwork } = useNetwork()
  const strings = useStrings()
  const errorText = useErrorText()
  const [pending, setPending] = useState<string | undefined>()
  const [error, setError] = useState<string | undefined>()

  const choose = async (network: CaipNetwork) => {
    setPending(network.caipNetworkId)
    setError(undefined)
    try {
      await switchNetwork(network)
      onSwitched(network)
    } catch (e) {
      setError(describeWalletError(e))
    } finally {
      setPending(undefined)
    }
  }

  return (
    <div className="portico-list">
      {networks.map((network) => {
        const current = markCurrent && network.caipNetworkId === caipNetwork?.caipNetworkId
        return (
          <ListItem
            key={network.caipNetworkId}
            label={network.name}
            image={<WalletImage name={network.name} src={imageOf(network)} size={36} decorative />}
            tag={current ? strings.current : pending === network.caipNetworkId ? strings.switching : undefined}
            tagTone={current ? 'success' : 'neutral'}
            aria-current={current || undefined}
            disabled={Boolean(pending)}
            onClick={() => void choose(network)}
          />
        )
      })}
      {error && (
        <Text variant="caption" tone="error" role="alert">
          {errorText(error)}
        </Text>
      )}
    </div>
  )
}
