// ─── The one file of this example that reaches into the Portico repository (not part of the test kit). ───
// The browser test needs two EVM chains whose dev accounts hold ETH. An app would start its own (anvil, hardhat) or
// point at a test network; here the repository's dev chains are reused: anvil from the @foundry-rs/anvil npm package,
// on free ports, seeded with the dev mnemonic's accounts. Only this file imports stack/.
import { startDevChains } from '../../../stack/chain/index.ts'
import type { AppChain } from '../src/chains.ts'

export async function startDevChain(): Promise<{ chains: AppChain[]; stop(): Promise<void> }> {
  const dev = await startDevChains()
  return { chains: dev.chains.map((c) => ({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl })), stop: () => dev.stop() }
}
