import type { ViewProps } from 'portico/plugin'
import { WalletConnectPairing } from './Pairing.tsx'

/** SPEC §2 ConnectingWalletConnect: pairing for WalletConnect, or for a chosen wallet with its links. */
export default function ConnectingWalletConnect({ params }: ViewProps<'ConnectingWalletConnect'>) {
  return <WalletConnectPairing walletId={params?.walletId} listing={params?.wallet} />
}
