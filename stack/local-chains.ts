/**
 * Every local chain of the stack in one call: the EVM dev chains (anvil), the Solana cluster (litesvm), the Bitcoin
 * regtest ledger (Esplora), the Cosmos ledger (CometBFT facade) and the Polkadot chain (chopsticks). `npm run stack:chain`, `npm run demo` and the
 * browser tests start them through here, so a new namespace's chain is added in one place.
 *
 * Ports: `fixed` uses each chain's well-known local port (8545.., 8899, 3002, 26657, 9944) so the demo has stable URLs;
 * `free` (the default) picks free ports, as tests need.
 */
import { DEFAULT_DEPLOYMENT_FILE, startDevChains, type DevChains } from './chain/index.ts'
import { DEFAULT_SOLANA_DEPLOYMENT_FILE, startSolanaCluster, type SolanaCluster } from './solana/index.ts'
import { startBitcoinRegtest, type BitcoinRegtest } from './bitcoin/index.ts'
import { startCosmosLedger, type CosmosLedger } from './cosmos/index.ts'
import { POLKADOT_DEFAULT_PORT, startPolkadotChain, type PolkadotChain } from './polkadot/index.ts'

export type LocalChainName = 'evm' | 'solana' | 'bitcoin' | 'cosmos' | 'polkadot'

export type StartLocalChainsOptions = {
  ports?: 'fixed' | 'free'
  /** Which chains to start (default: all). */
  only?: readonly LocalChainName[]
  /** Write the EVM and Solana deployment files where `npm run demo` expects them (fixed ports only). */
  writeDeployments?: boolean
  log?: (s: string) => void
}

export type LocalChains = {
  evm?: DevChains
  solana?: SolanaCluster
  bitcoin?: BitcoinRegtest
  cosmos?: CosmosLedger
  /** chopsticks (Rococo Asset Hub runtime): the heaviest, ~250 MB and a few seconds to start. */
  polkadot?: PolkadotChain
  /** The `<name> ready <url> <caip-2>` lines, one per chain (EVM: one per anvil). */
  readyLines(): string[]
  stop(): Promise<void>
}

export async function startLocalChains(opts: StartLocalChainsOptions = {}): Promise<LocalChains> {
  const fixed = opts.ports === 'fixed'
  const want = new Set<LocalChainName>(opts.only ?? ['evm', 'solana', 'bitcoin', 'cosmos', 'polkadot'])
  const log = opts.log
  const started: LocalChains = {
    readyLines() {
      const lines: string[] = []
      for (const c of started.evm?.chains ?? []) lines.push(`chain ready ${c.rpcUrl} eip155:${c.chainId}`)
      if (started.solana) lines.push(`solana ready ${started.solana.rpcUrl} ${started.solana.caipNetworkId}`)
      if (started.bitcoin) lines.push(`bitcoin ready ${started.bitcoin.url} ${started.bitcoin.caipNetworkId}`)
      if (started.cosmos) lines.push(`cosmos ready ${started.cosmos.rpcUrl} ${started.cosmos.caipNetworkId}`)
      if (started.polkadot) lines.push(`polkadot ready ${started.polkadot.wsUrl} ${started.polkadot.caipNetworkId}`)
      return lines
    },
    async stop() {
      const all = [started.polkadot, started.cosmos, started.bitcoin, started.solana, started.evm]
      await Promise.allSettled(all.map((c) => c?.stop()))
    },
  }
  const tasks: Array<Promise<unknown>> = []
  if (want.has('evm'))
    tasks.push(
      startDevChains({
        port: fixed ? 8545 : 0,
        deploymentFile: fixed && opts.writeDeployments ? DEFAULT_DEPLOYMENT_FILE : undefined,
        log,
      }).then((c) => (started.evm = c)),
    )
  if (want.has('solana'))
    tasks.push(
      startSolanaCluster({
        port: fixed ? 8899 : 0,
        deploymentFile: fixed && opts.writeDeployments ? DEFAULT_SOLANA_DEPLOYMENT_FILE : undefined,
        log,
      }).then((c) => (started.solana = c)),
    )
  if (want.has('bitcoin')) tasks.push(startBitcoinRegtest({ port: fixed ? 3002 : 0, log }).then((c) => (started.bitcoin = c)))
  if (want.has('cosmos')) tasks.push(startCosmosLedger({ port: fixed ? 26657 : 0, log }).then((c) => (started.cosmos = c)))
  if (want.has('polkadot'))
    tasks.push(startPolkadotChain({ port: fixed ? POLKADOT_DEFAULT_PORT : 0, log }).then((c) => (started.polkadot = c)))
  const results = await Promise.allSettled(tasks)
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) {
    await started.stop()
    throw failed.reason
  }
  return started
}
