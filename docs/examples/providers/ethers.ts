// docs/PROVIDERS.md: ethers v6 on the modal's connection. Type-checked by the repository's tsconfig and run by
// tests/providers/eip155.test.ts.
import { BrowserProvider } from 'ethers'
import type { Modal } from 'portico'
import type { ModalEip1193Provider } from 'portico/plugins/eip155'

/** Signs a message with whichever eip155 wallet the user connected in the modal. */
export async function signWithEthers(modal: Modal, message: string): Promise<{ address: string; signature: string; chainId: bigint }> {
  const eip1193: ModalEip1193Provider = modal.getProvider('eip155')
  const provider = new BrowserProvider(eip1193)
  const signer = await provider.getSigner()
  const signature = await signer.signMessage(message)
  const { chainId } = await provider.getNetwork()
  return { address: await signer.getAddress(), signature, chainId }
}
