// docs/PROVIDERS.md: viem on the modal's connection. Type-checked by the repository's tsconfig and run by
// tests/providers/eip155.test.ts.
import { createWalletClient, custom, type Address } from 'viem'
import type { Modal } from 'portico'
import type { ModalEip1193Provider } from 'portico/plugins/eip155'

/** Signs a message with whichever eip155 wallet the user connected in the modal. */
export async function signWithViem(modal: Modal, message: string): Promise<{ address: Address; signature: `0x${string}` }> {
  const provider: ModalEip1193Provider = modal.getProvider('eip155')
  const client = createWalletClient({ transport: custom(provider) })
  const [address] = await client.getAddresses()
  if (!address) throw new Error('Not connected')
  const signature = await client.signMessage({ account: address, message })
  return { address, signature }
}
