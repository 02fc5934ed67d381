// docs/PROVIDERS.md: the connected Wallet Standard wallet's features. Type-checked by the repository's tsconfig and
// run by tests/providers/solana.test.ts.
import type { Modal } from 'portico'
import type { SolanaModalProvider } from 'portico/plugins/solana'

/** Signs bytes with the connected Solana wallet's own `solana:signMessage` feature. */
export async function signWithSolanaWallet(modal: Modal, message: Uint8Array): Promise<Uint8Array> {
  const solana: SolanaModalProvider = modal.getProvider('solana')
  const feature = solana.features['solana:signMessage']
  if (!feature || !solana.account) throw new Error('The connected wallet cannot sign messages')
  const [output] = await feature.signMessage({ account: solana.account, message })
  if (!output) throw new Error('The wallet returned no signature')
  return output.signature
}
