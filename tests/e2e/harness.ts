import { afterAll, beforeAll, expect, inject } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { startDevChains, type DevChains } from '../../stack/chain/index.ts'
import { otherChains, startDemoHost, startDemoWallet, type DemoHost } from '../../demo/server.ts'
import { DEMO_WALLET_ID } from '../../stack/api/wallet-dataset.ts'
import { startLocalChains, type LocalChainName, type LocalChains } from '../../stack/local-chains.ts'
import { startRelay, type Relay } from '../../stack/relay/index.ts'
import { startTestApi } from './api.ts'
import { launchChromium } from './browser.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startMailSink, type MailSink } from '../../stack/mail/index.ts'
import { startOidc, type OidcStack } from '../../stack/oidc/index.ts'
import { startSecureSite, type SecureSite, type SecureSiteOptions } from '../../stack/secure-site/server/index.ts'
import { startBundler, type Bundler } from '../../stack/bundler/index.ts'
import { devSponsorPolicies, startSponsor, type Sponsor, type SponsorPolicies } from '../../stack/sponsor/index.ts'

/** What most browser suites run: the dev chains, the stack's API server, the built demo host and Chromium. */
export interface HostStack {
  chains: DevChains
  api: Awaited<ReturnType<typeof startTestApi>>
  host: DemoHost
  browser: Browser
  /** With `embeddedWallet`: the mail sink, the secure site (its allowlist from the API server) and the OpenID providers. */
  embedded?: { mail: MailSink; secureSite: SecureSite; oidc: OidcStack }
  /** With `sponsoredGas`: the bundler and the sponsor service serving chain 31337, and that chain's RPC URL. */
  gas?: { bundler: Bundler; sponsor: Sponsor; rpcUrl: string }
  stop(): Promise<void>
}

type SecureSiteExtras = Omit<Partial<SecureSiteOptions>, 'apiUrl' | 'dataDir'>
type DevContracts = DevChains['deployment']['chains'][number]['contracts']

/** What `sponsoredGas` asks for beyond the stack's dev sponsor policy for the suite's project. */
export interface SponsoredGasOptions {
  /** More sponsor policies (e.g. another project's paymaster), from chain 31337's contracts. */
  policies?: (contracts: DevContracts) => SponsorPolicies
  /** More secure-site options from chain 31337's contracts (e.g. `eip7702`'s delegates). */
  secureSite?: (contracts: DevContracts) => SecureSiteExtras
}

/**
 * Sponsored gas on chain 31337 (issue 29): the stack's Alto bundler and ERC-7677 sponsor service (the dev policy for
 * `projectId`, plus `o.policies`); the secure site gets that chain's smart accounts, the bundler and `sponsorUrl`.
 */
async function startSponsoredGas(
  chains: DevChains,
  projectId: string,
  o: SponsoredGasOptions,
): Promise<{ gas: NonNullable<HostStack['gas']>; options: SecureSiteExtras; stop(): Promise<void> }> {
  const rpcUrl = chains.chains.find((c) => c.chainId === 31337)!.rpcUrl
  const contracts = chains.deployment.chains[31337]!.contracts
  const [bundler, sponsor] = await Promise.all([
    startBundler({ rpcUrl, entryPoint: contracts.entryPoint }),
    startSponsor({
      chains: [{ chainId: 31337, entryPoint: contracts.entryPoint, paymaster: contracts.verifyingPaymaster }],
      policies: { ...devSponsorPolicies(projectId, contracts), ...o.policies?.(contracts) },
    }),
  ])
  return {
    gas: { bundler, sponsor, rpcUrl },
    options: {
      smartAccountChainIds: [31337],
      smartAccountContracts: { 31337: contracts },
      bundlerUrl: bundler.url,
      sponsorUrl: sponsor.url,
      ...o.secureSite?.(contracts),
    },
    stop: async () => {
      await Promise.allSettled([bundler.stop(), sponsor.stop()])
    },
  }
}

/** The embedded wallet's services for a suite: mail sink, secure site on its own port, one OpenID provider per social. */
async function startEmbeddedServices(
  chains: DevChains,
  apiUrl: string,
  label: string,
  siteOptions: SecureSiteExtras = {},
): Promise<NonNullable<HostStack['embedded']> & { stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `portico-e2e-${label}-secure-`))
  const mail = await startMailSink()
  let oidc: OidcStack | undefined
  const secureSite = await startSecureSite({
    apiUrl,
    smtp: { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false },
    oidc: { issuer: (provider) => oidc!.issuer(provider) },
    evmRpcUrls: Object.fromEntries(chains.chains.map((c) => [c.chainId, c.rpcUrl])),
    dataDir,
    ...siteOptions,
  })
  oidc = await startOidc({ clients: [secureSite.oidcClient] })
  const started = oidc
  return {
    mail,
    secureSite,
    oidc: started,
    async stop() {
      await secureSite.stop()
      await Promise.allSettled([started.stop(), mail.stop()])
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Starts a suite's stack (its own chains and API data folder, labelled for the temp folder); `stop()` ends all.
 * `projectId` is what the demo host sends (default portico-e2e); `indexIntervalMs` how often the API indexes history.
 */
export async function startHostStack(
  label: string,
  opts: {
    projectId?: string
    indexIntervalMs?: number
    /** Also start the embedded wallet's services and give the host `secureSiteUrl` (issue 13). */
    embeddedWallet?: boolean
    /** With `embeddedWallet`: the secure site's clock and session lifetime (e.g. a clock a test moves past expiry). */
    secureSite?: Pick<SecureSiteOptions, 'clock' | 'sessionTtlSeconds'>
    /**
     * With `embeddedWallet`: more services the secure site uses, started once the chains and API server run (issue 14:
     * the bundler and the Farcaster relay); their options go to the secure site, `stop()` runs after it stopped.
     */
    secureSiteServices?: (chains: DevChains, apiUrl: string) => Promise<{ options: SecureSiteExtras; stop(): Promise<void> }>
    /** With `embeddedWallet`: the bundler and sponsor service for sponsored gas on chain 31337 (see startSponsoredGas). */
    sponsoredGas?: SponsoredGasOptions
    /** Per-project settings of the API server (e.g. a project whose allowed origins leave the host out). */
    projects?: NonNullable<Parameters<typeof startTestApi>[2]>['projects']
  } = {},
): Promise<HostStack> {
  const chains = await startDevChains()
  const api = await startTestApi(chains, label, {
    ...(opts.indexIntervalMs !== undefined && { indexIntervalMs: opts.indexIntervalMs }),
    ...(opts.projects && { projects: opts.projects }),
  })
  const projectId = opts.projectId ?? 'portico-e2e'
  const gas = opts.embeddedWallet && opts.sponsoredGas ? await startSponsoredGas(chains, projectId, opts.sponsoredGas) : undefined
  const extra = opts.embeddedWallet && opts.secureSiteServices ? await opts.secureSiteServices(chains, api.url) : undefined
  const embedded = opts.embeddedWallet ? await startEmbeddedServices(chains, api.url, label, { ...opts.secureSite, ...gas?.options, ...extra?.options }) : undefined
  const host = await startDemoHost({
    mode: 'static',
    distDir: inject('demoHostDist'),
    config: { projectId, chains: chains.chains, apiUrl: api.url, ...(embedded && { secureSiteUrl: embedded.secureSite.url }) },
  })
  const browser = await launchChromium()
  return {
    chains,
    api,
    host,
    browser,
    ...(embedded && { embedded: { mail: embedded.mail, secureSite: embedded.secureSite, oidc: embedded.oidc } }),
    ...(gas && { gas: gas.gas }),
    async stop() {
      await browser.close()
      await host.stop()
      await embedded?.stop()
      await extra?.stop()
      await gas?.stop()
      await api.stop()
      await chains.stop()
    },
  }
}

/** What the WalletConnect suites run: local chains, the stack relay and API server, the demo wallet (WalletKit) and the demo host paired over that relay, and Chromium. */
export interface WalletConnectStack {
  /** The EVM dev chains. */
  chains: DevChains
  /** Every local chain started (the EVM ones and `otherChains`). */
  local: LocalChains
  relay: Relay
  api: Awaited<ReturnType<typeof startTestApi>>
  wallet: DemoHost
  host: DemoHost
  browser: Browser
  stop(): Promise<void>
}

/**
 * Starts a WalletConnect suite's stack (its API data folder labelled `label`): the EVM dev chains and `otherChains`
 * (whose namespaces the demo wallet and host then serve too), the relay, the API server, the demo wallet and the demo
 * host pointed at them (the host lists the demo wallet), with the relay's Verify allowlist holding both pages' origins.
 */
export async function startWalletConnectStack(label: string, opts: { otherChains?: readonly Exclude<LocalChainName, 'evm'>[] } = {}): Promise<WalletConnectStack> {
  // Stopped last-started first, also when a later step fails to start.
  const stops: Array<() => Promise<unknown>> = []
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step()
  }
  try {
    const [local, relay] = await Promise.all([
      startLocalChains({ only: ['evm', ...(opts.otherChains ?? [])] }).then((l) => (stops.push(() => l.stop()), l)),
      startRelay().then((r) => (stops.push(() => r.stop()), r)),
    ])
    const chains = local.evm!
    const api = await startTestApi(chains, label)
    stops.push(() => api.stop())
    const config = { projectId: 'portico-e2e', chains: chains.chains, relayUrl: relay.url, apiUrl: api.url, ...otherChains(local) }
    const wallet = await startDemoWallet({ mode: 'static', distDir: inject('demoWalletDist'), config })
    stops.push(() => wallet.stop())
    const host = await startDemoHost({ mode: 'static', distDir: inject('demoHostDist'), config: { ...config, walletUrl: wallet.url, demoWalletId: DEMO_WALLET_ID } })
    stops.push(() => host.stop())
    relay.allowVerifyOrigins(new URL(host.url).origin, new URL(wallet.url).origin)
    const browser = await launchChromium()
    stops.push(() => browser.close())
    return { chains, local, relay, api, wallet, host, browser, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * A WalletConnect suite's stack, started before its tests and stopped after them (see startWalletConnectStack); its
 * fields are read once the suite runs.
 */
export function walletConnectSuite(label: string, opts: Parameters<typeof startWalletConnectStack>[1] = {}): WalletConnectStack {
  let stack: WalletConnectStack | undefined
  beforeAll(async () => {
    stack = await startWalletConnectStack(label, opts)
  })
  afterAll(() => stack?.stop())
  const started = (): WalletConnectStack => {
    if (!stack) throw new Error(`The ${label} stack is not started: read its fields inside the suite's tests`)
    return stack
  }
  return {
    get chains() { return started().chains },
    get local() { return started().local },
    get relay() { return started().relay },
    get api() { return started().api },
    get wallet() { return started().wallet },
    get host() { return started().host },
    get browser() { return started().browser },
    stop: () => started().stop(),
  }
}

/** The injected dev wallet's in-page consent prompt. */
export const walletPrompt = (page: Page): Locator => page.getByRole('dialog', { name: 'Portico Dev Wallet' })

/** Opens the modal, picks the dev wallet and approves the connection, as a person would. */
export async function connectDevWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^Portico Dev Wallet/ }).click()
  await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
}

/**
 * The address the demo host's status line shows ("Connected 0x… on …"), once it shows one (other than `not`, to wait
 * for a switch).
 */
export async function connectedAddress(page: Page, not?: string): Promise<`0x${string}`> {
  const status = page.getByText(/^Connected 0x[0-9a-fA-F]{40} on /)
  let address = ''
  await expect
    .poll(async () => {
      address = /0x[0-9a-fA-F]{40}/.exec((await status.textContent().catch(() => '')) ?? '')?.[0] ?? ''
      return address !== '' && address !== not
    }, { timeout: 30_000 })
    .toBe(true)
  return address as `0x${string}`
}

/**
 * Email one-time-code login on the demo host (no injected wallet) through the stack's mail sink, as a person does it:
 * Connect Wallet, Email, the code from the mail. Resolves on the Account dialog, with the connected address.
 */
export async function emailLoginOnDemoHost(page: Page, stack: HostStack, email: string): Promise<{ account: Locator; address: `0x${string}` }> {
  await page.goto(new URL('/?wallet=none', stack.host.url).href)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
  await connect.getByRole('textbox', { name: 'Email' }).fill(email)
  await connect.getByRole('button', { name: 'Continue', exact: true }).click()
  const mail = await stack.embedded!.mail.waitFor((m) => m.to.includes(email) && /code/i.test(m.subject), 30_000)
  const emailDialog = page.getByRole('dialog', { name: 'Email' })
  await emailDialog.getByRole('textbox', { name: 'Code' }).fill(/\b(\d{6})\b/.exec(mail.text)![1]!)
  await emailDialog.getByRole('button', { name: 'Continue', exact: true }).click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await account.waitFor({ timeout: 30_000 })
  return { account, address: await connectedAddress(page) }
}

/** The secure frame's reply to one RPC_REQUEST (its `type` and `payload`). */
export type SecureFrameReply = { type: string; payload: { result?: unknown; message?: string; code?: number } }

/**
 * Posts one wallet RPC to the host page's secure frame the way the embedded-wallet plugin's provider sends it (to the
 * secure site's exact origin, on chain 31337) and resolves the frame's reply to that id.
 */
export function secureFrameRpc(page: Page, stack: HostStack, id: string, method: string, params: unknown): Promise<SecureFrameReply> {
  return page
    .evaluate(
      ([secureOrigin, id, method, params]) => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[data-portico-secure-frame]')!
        const reply = new Promise<string>((resolve) =>
          window.addEventListener('message', (e) => {
            if (e.origin === secureOrigin && e.data?.id === id) resolve(JSON.stringify(e.data))
          }),
        )
        frame.contentWindow!.postMessage({ type: 'RPC_REQUEST', id, payload: { method, params, chainId: 31337 } }, secureOrigin)
        return reply
      },
      [new URL(stack.embedded!.secureSite.url).origin, id, method, params] as const,
    )
    .then((s) => JSON.parse(s) as SecureFrameReply)
}
