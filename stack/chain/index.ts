import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { mnemonicToAccount } from 'viem/accounts'
import type { Address } from 'viem'
import { compileContracts, DATA_DIR } from './compile.ts'
import { spawnAnvil, freePort, type AnvilProcess } from './anvil.ts'
import { seedChain, type SeededContracts } from './seed.ts'

export { MULTICALL3_ADDRESS, DEPLOYER_INDEX, SEED_BALANCES, SEED_NFTS } from './seed.ts'
export { compileContracts } from './compile.ts'
export { anvilBinary } from './anvil.ts'
export {
  deployErc4337,
  erc4337Addresses,
  aaArtifact,
  porticoAccountArtifacts,
  porticoPaymasterArtifact,
  devPaymasterRoles,
  DETERMINISTIC_DEPLOYER,
  ENTRY_POINT_V08_SALT,
  DEV_SPONSOR_SIGNER_INDEX,
  DEV_PAYMASTER_DEPOSIT,
  type Erc4337Contracts,
} from './erc4337.ts'
export { toPorticoSmartAccount, type PorticoSmartAccountOptions } from './smart-account.ts'
export {
  UNISWAP_V2_INIT_CODE_HASH,
  SEED_POOLS,
  SEED_DEPLOYER_TOKENS,
  pairAddress,
  uniswapArtifacts,
  uniswapV2RouterAbi,
  type UniswapContracts,
} from './uniswap.ts'

/** Anvil's default dev mnemonic: 10 accounts with 10000 ETH each; account 0 is 0xf39F...2266. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

export const DEFAULT_DEV_CHAINS: ReadonlyArray<{ chainId: number; name: string }> = Object.freeze([
  { chainId: 31337, name: 'Portico Local' },
  { chainId: 31338, name: 'Portico Local 2' },
])

/** Where `npm run stack:chain` writes the deployment for the other stack pieces (.data is git-ignored). */
export const DEFAULT_DEPLOYMENT_FILE = join(DATA_DIR, 'deployment.json')

const ACCOUNT_COUNT = 10

export type DeployedChain = {
  rpcUrl: string
  contracts: SeededContracts
  /** Token ids of the "Portico Punks" NFT per owner address. */
  nftTokenIds: Record<Address, number[]>
}

export type Deployment = {
  mnemonic: string
  /** The dev accounts in derivation order (m/44'/60'/0'/0/i). */
  accounts: `0x${string}`[]
  chains: Record<number, DeployedChain>
}

export type DevChains = {
  chains: Array<{ chainId: number; name: string; rpcUrl: string }>
  deployment: Deployment
  stop(): Promise<void>
}

export type StartDevChainsOptions = {
  chains?: Array<{ chainId: number; name: string }>
  /** First port; chain i listens on port + i. 0 (the default) picks free ports. */
  port?: number
  /** Write the deployment here as JSON once the chains are seeded. */
  deploymentFile?: string
  log?: (s: string) => void
}

export function devAccounts(mnemonic = DEV_MNEMONIC, count = ACCOUNT_COUNT): Address[] {
  return Array.from({ length: count }, (_, i) => mnemonicToAccount(mnemonic, { addressIndex: i }).address)
}

export function readDeployment(file: string = DEFAULT_DEPLOYMENT_FILE): Deployment {
  return JSON.parse(readFileSync(file, 'utf8')) as Deployment
}

export function writeDeployment(file: string, deployment: Deployment): void {
  mkdirSync(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, `${JSON.stringify(deployment, null, 2)}\n`)
  renameSync(tmp, file)
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', () => reject(new Error(`port ${port} on 127.0.0.1 is in use; stop what runs there or choose another port`)))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()))
  })
}

async function startOne(chainId: number, port: number, log?: (s: string) => void): Promise<AnvilProcess> {
  if (port !== 0) {
    await assertPortFree(port)
    return spawnAnvil({ chainId, port, mnemonic: DEV_MNEMONIC, accounts: ACCOUNT_COUNT, log })
  }
  // A free port can be taken between our probe and anvil's bind, so try a few.
  let lastError: unknown
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await spawnAnvil({ chainId, port: await freePort(), mnemonic: DEV_MNEMONIC, accounts: ACCOUNT_COUNT, log })
    } catch (err) {
      lastError = err
    }
  }
  throw lastError
}

/**
 * Starts one anvil per chain on 127.0.0.1 and seeds each the same way (tokens, NFT, Multicall3), so contract
 * addresses are identical across chains and across starts.
 */
export async function startDevChains(opts: StartDevChainsOptions = {}): Promise<DevChains> {
  const wanted = opts.chains ?? DEFAULT_DEV_CHAINS.map((c) => ({ ...c }))
  const basePort = opts.port ?? 0
  const compiled = compileContracts()
  const accounts = devAccounts()

  const started = await Promise.allSettled(wanted.map((c, i) => startOne(c.chainId, basePort === 0 ? 0 : basePort + i, opts.log)))
  const processes = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const stop = async (): Promise<void> => {
    await Promise.all(processes.map((p) => p.stop()))
  }
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) {
    await stop()
    throw failed.reason
  }

  const deployment: Deployment = { mnemonic: DEV_MNEMONIC, accounts, chains: {} }
  try {
    const seeded = await Promise.all(processes.map((p, i) => seedChain(wanted[i]!.chainId, p.rpcUrl, accounts, compiled)))
    wanted.forEach((c, i) => {
      const p = processes[i]!
      const s = seeded[i]!
      deployment.chains[c.chainId] = { rpcUrl: p.rpcUrl, contracts: s.contracts, nftTokenIds: s.nftTokenIds }
      opts.log?.(`seeded ${c.name} (${c.chainId}) at ${p.rpcUrl}`)
    })
    if (opts.deploymentFile) writeDeployment(opts.deploymentFile, deployment)
  } catch (err) {
    await stop()
    throw err
  }

  return {
    chains: wanted.map((c, i) => ({ chainId: c.chainId, name: c.name, rpcUrl: processes[i]!.rpcUrl })),
    deployment,
    stop,
  }
}
