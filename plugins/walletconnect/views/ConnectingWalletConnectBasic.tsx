import { WalletConnectPairing } from './Pairing.tsx'

/** SPEC §2 ConnectingWalletConnectBasic: opened when the host has no chain adapter; the plain pairing screen. */
export default function ConnectingWalletConnectBasic() {
  return <WalletConnectPairing />
}
