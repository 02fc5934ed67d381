import { KernelTokens, truncateAddress, type ChainNamespace } from '../../kernel/index.ts'
import { Button } from '../components/Button.tsx'
import { ConnectionCard } from '../components/ConnectionCard.tsx'
import { Stack } from '../components/Layout.tsx'
import { WalletImage } from '../components/WalletImage.tsx'
import { formatMessage } from '../theme/i18n.ts'
import { useStrings } from '../i18n/react.ts'
import { useModalInstance, useStore } from '../react/context.tsx'
import { namespaceName } from './SwitchActiveChain.tsx'

/**
 * SPEC §2 ProfileWallets: every connection of every namespace with its SPEC §4 status (several wallets may be
 * connected in one namespace, one of them active). Choosing an inactive one makes it active without a prompt; each
 * can be disconnected alone (the next one of its namespace then becomes active); "Add wallet" connects another.
 * Each connection is a card, so its name, network and address keep the whole width at 320 px and in German.
 */
export default function ProfileWallets() {
  const modal = useModalInstance()
  const strings = useStrings()
  const connection = modal.get(KernelTokens.Connection)
  const connectors = modal.get(KernelTokens.Connectors)
  const state = useStore(connection.store)
  const rows = (Object.entries(state.connections) as [ChainNamespace, typeof state.connections[ChainNamespace]][]).flatMap(
    ([ns, list]) => (list ?? []).map((c) => ({ ns, c, connected: state.activeConnectorIds[ns] === c.connectorId })),
  )
  return (
    <Stack gap={2}>
      {rows.map(({ ns, c, connected }) => {
        const connector = connectors.get(c.connectorId)
        const name = connector?.name ?? c.connectorId
        const address = c.accounts[0]?.address ?? ''
        const disconnectOne = async () => {
          await connection.disconnect(ns, c.connectorId)
          if (!modal.get(KernelTokens.Account).isConnected()) modal.router.reset('Connect')
        }
        return (
          <ConnectionCard
            key={`${ns}:${c.connectorId}`}
            name={name}
            description={`${namespaceName(ns)} · ${truncateAddress(address)}`}
            image={<WalletImage name={name} src={connector?.imageUrl} size={36} decorative />}
            status={connected ? strings.connected : strings.active}
            statusTone={connected ? 'success' : 'neutral'}
            onSelect={() => connection.switchConnection(c.connectorId, ns)}
            disconnectText={strings.disconnect}
            disconnectLabel={formatMessage(strings.disconnectFrom, { name, chain: namespaceName(ns) })}
            onDisconnect={() => void disconnectOne()}
          />
        )
      })}
      <Button variant="secondary" fullWidth onClick={() => modal.router.push('Connect')}>
        {strings.addWallet}
      </Button>
    </Stack>
  )
}
