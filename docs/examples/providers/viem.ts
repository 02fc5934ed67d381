// docs/PROVIDERS.md: viem on the modal's connection. Type-checked by the repository's tsconfig and run by
// tests/providers/eip155.test.ts.
import { createWalletClient, custom, type Address } from 'viem'
import type { Modal } from 'portico'

/** Signs a message with whichever eip155 wallet the user connected in the modal. */
export async function signWithViem(modal: Modal, message: string): Promise<{ address: Address; signature: `0x${string}` }> {
  const client = createWalletClient({ transport: custom(modal.getProvider('eip155')) })
  const [address] = await client.getAddresses()
  if (!address) throw new Error('Not connected')
  const signature = await client.signMessage({ account: address, message })
  return { address, signature }
}
