/**
 * Set-up the secure site's server tests share: a site's base options (one project, the host's origin, the mail sink's
 * SMTP, a fresh data directory, the placeholder frame), and the smart-account parts (dev chain 31337 with the ERC-4337
 * contracts, the Alto bundler, the mail sink) the sponsored and smart-account tests run on.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, http, type PublicClient } from 'viem'
import { startBundler, type Bundler } from '../../bundler/index.ts'
import { startDevChains, type DevChains } from '../../chain/index.ts'
import { startMailSink, type MailSink } from '../../mail/index.ts'
import type { SecureSiteOptions } from './index.ts'

/** The host origin the tests' projects allow. */
export const TEST_HOST = 'http://localhost:5173'

type BaseOptions = Pick<SecureSiteOptions, 'projectId' | 'allowedOrigins' | 'smtp' | 'evmRpcUrls' | 'dataDir' | 'frameAssets'>

/**
 * A site's base options for `project`: the mail sink's SMTP, chain 31337 at `rpcUrl` (default a URL never called:
 * personal_sign needs no chain), a data directory made under the temp dir (pushed onto `dirs`, for removeDirs).
 */
export function baseSiteOptions(project: string, mail: MailSink, dirs: string[], label: string, rpcUrl = 'http://127.0.0.1:9'): BaseOptions {
  const dataDir = mkdtempSync(join(tmpdir(), `secure-site-${label}-`))
  dirs.push(dataDir)
  return {
    projectId: project,
    allowedOrigins: [TEST_HOST],
    smtp: { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false },
    evmRpcUrls: { 31337: rpcUrl },
    dataDir,
    frameAssets: 'placeholder',
  }
}

export function removeDirs(dirs: string[]): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
}

export type DevContracts = DevChains['deployment']['chains'][number]['contracts']

export interface SmartAccountParts {
  mail: MailSink
  chains: DevChains
  rpcUrl: string
  client: PublicClient
  contracts: DevContracts
  bundler: Bundler
  /** `baseSiteOptions` on the dev chain with smart accounts through the bundler. */
  siteOptions(project: string): BaseOptions & Pick<SecureSiteOptions, 'smartAccountChainIds' | 'smartAccountContracts' | 'bundlerUrl'>
  /** Stops the bundler, the mail sink and the chain, and removes the data directories (after the site stopped). */
  stop(): Promise<void>
}

/** Dev chain 31337 (EntryPoint v0.8, PorticoAccountFactory, paymaster, seeded tokens), the Alto bundler and the mail sink. */
export async function startSmartAccountParts(label: string): Promise<SmartAccountParts> {
  const dirs: string[] = []
  const [mail, chains] = await Promise.all([startMailSink(), startDevChains({ chains: [{ chainId: 31337, name: 'Portico Local' }] })])
  const rpcUrl = chains.chains[0]!.rpcUrl
  const contracts = chains.deployment.chains[31337]!.contracts
  const bundler = await startBundler({ rpcUrl, entryPoint: contracts.entryPoint })
  return {
    mail,
    chains,
    rpcUrl,
    client: createPublicClient({ transport: http(rpcUrl) }) as PublicClient,
    contracts,
    bundler,
    siteOptions: (project) => ({
      ...baseSiteOptions(project, mail, dirs, label, rpcUrl),
      smartAccountChainIds: [31337],
      smartAccountContracts: { 31337: contracts },
      bundlerUrl: bundler.url,
    }),
    async stop() {
      await Promise.allSettled([bundler.stop(), mail.stop()])
      await chains.stop()
      removeDirs(dirs)
    },
  }
}
