/**
 * `npm run demo`: starts the local stack (dev chains, relay, API server), the demo wallet and the demo host, prints
 * their URLs, and stops everything on Ctrl-C.
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_WALLET_ID } from '../stack/api/wallet-dataset.ts'
import { startApiServer } from '../stack/api/index.ts'
import { startLocalChains } from '../stack/local-chains.ts'
import { startRelay } from '../stack/relay/index.ts'
import { startBundler } from '../stack/bundler/index.ts'
import { devSponsorPolicies, startSponsor } from '../stack/sponsor/index.ts'
import { startFarcasterRelay } from '../stack/farcaster/index.ts'
import { otherChains, startDemoHost, startDemoWallet } from './server.ts'
import { startMailSink } from '../stack/mail/index.ts'
import { startOidc, type OidcStack } from '../stack/oidc/index.ts'
import { startSecureSite } from '../stack/secure-site/server/index.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const stops: Array<() => Promise<void>> = []
const PROJECT_ID = 'portico-demo'

async function main(): Promise<void> {
  const local = await startLocalChains({ ports: 'fixed', writeDeployments: true })
  stops.push(local.stop)
  for (const line of local.readyLines()) console.log(line)
  const chains = local.evm!

  const relay = await startRelay({
    port: 8787,
    // The local Verify stand-in attests only these origins: the demo host and the demo wallet.
    verifyOrigins: ['http://127.0.0.1:5173', 'http://127.0.0.1:5174', 'http://localhost:5173', 'http://localhost:5174'],
  })
  stops.push(relay.stop)
  console.log(`relay ready ${relay.url}`)

  // ERC-4337: Alto against the first dev chain, where seeding deployed the EntryPoint v0.8.
  const aaChain = chains.chains[0]!
  const bundler = await startBundler({ rpcUrl: aaChain.rpcUrl, entryPoint: chains.deployment.chains[aaChain.chainId]!.contracts.entryPoint, port: 4337 })
  stops.push(bundler.stop)
  console.log(`bundler ${bundler.url} eip155:${aaChain.chainId}`)
  // Sponsored gas (issue 29): the ERC-7677 sponsor service for the paymaster seeding deployed on every dev chain.
  const sponsor = await startSponsor({
    port: 4338,
    chains: Object.entries(chains.deployment.chains).map(([id, c]) => ({ chainId: Number(id), entryPoint: c.contracts.entryPoint, paymaster: c.contracts.verifyingPaymaster })),
    policies: devSponsorPolicies(PROJECT_ID, chains.deployment.chains[aaChain.chainId]!.contracts),
  })
  stops.push(sponsor.stop)
  console.log(`sponsor ${sponsor.url}/${PROJECT_ID} (ERC-7677)`)
  const farcaster = await startFarcasterRelay({ rpcUrl: aaChain.rpcUrl, port: 8789 })
  stops.push(farcaster.stop)
  console.log(`farcaster relay ${farcaster.url} (demo app ${farcaster.appUrl})`)

  const base = { projectId: PROJECT_ID, chains: chains.chains, relayUrl: relay.url, ...otherChains(local) }
  const wallet = await startDemoWallet({ mode: 'dev', port: 5174, config: base })
  stops.push(wallet.stop)

  const api = await startApiServer({
    port: 8788,
    dataDir: join(root, 'stack/api/.data/db'),
    chains: chains.chains,
    deployment: chains.deployment,
    demoWalletUrl: wallet.url,
  })
  stops.push(api.stop)
  console.log(`api ready ${api.url}`)
  console.log(`api admin token ${api.adminToken} (GET ${api.url}/e with Authorization: Bearer <token>)`)

  // Embedded wallet (issue 13): the mail sink, the secure site on its own origin (framed only by the demo host) and
  // one OpenID provider per social login, with the secure site's client registered.
  const mail = await startMailSink({ smtpPort: 2525, httpPort: 8792 })
  stops.push(mail.stop)
  console.log(`mail ${mail.url}`)
  let oidc: OidcStack | undefined
  const secureSite = await startSecureSite({
    port: 8791,
    // A domain name, not 127.0.0.1: it is the passkeys' relying party id (browsers refuse IP addresses; issue 28).
    publicUrl: 'http://localhost:8791',
    projectId: PROJECT_ID,
    allowedOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173'],
    smtp: { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false },
    oidc: { issuer: (provider) => oidc!.issuer(provider) },
    evmRpcUrls: Object.fromEntries(chains.chains.map((c) => [c.chainId, c.rpcUrl])),
    ...(local.solana && { solanaRpcUrl: local.solana.rpcUrl }),
    dataDir: join(root, 'stack/secure-site/.data'),
    // Issue 14: smart accounts on the first dev chain (Alto, PorticoAccount, sessions at the API), Farcaster sign-in.
    smartAccountChainIds: [aaChain.chainId],
    smartAccountContracts: { [aaChain.chainId]: chains.deployment.chains[aaChain.chainId]!.contracts },
    bundlerUrl: bundler.url,
    sessionsApiUrl: api.url,
    farcasterRelayUrl: farcaster.url,
    farcasterRpcUrl: aaChain.rpcUrl,
    // Issue 29 part 2: EIP-7702 upgrades of the EOA to the seeded delegate; sponsored by the smart accounts' rule.
    eip7702: { delegates: Object.fromEntries(Object.entries(chains.deployment.chains).map(([id, c]) => [id, c.contracts.porticoDelegate])) },
    // Issue 29: gas (smart accounts, upgraded EOAs) is sponsored by <sponsorUrl>/<projectId> unless a host names its own.
    sponsorUrl: sponsor.url,
  })
  stops.push(secureSite.stop)
  oidc = await startOidc({ port: 8790, clients: [secureSite.oidcClient] })
  stops.push(oidc.stop)
  console.log(`oidc ${oidc.url}`)
  console.log(`secure site ${secureSite.url}`)

  const host = await startDemoHost({
    mode: 'dev',
    port: 5173,
    config: { ...base, apiUrl: api.url, walletUrl: wallet.url, demoWalletId: DEMO_WALLET_ID, secureSiteUrl: secureSite.url },
  })
  stops.push(host.stop)
  console.log(`demo wallet ${wallet.url}`)
  console.log(`demo host ${host.url}`)
  console.log('Press Ctrl-C to stop.')
}

async function shutdown(code: number): Promise<never> {
  for (const stop of stops.reverse()) await stop().catch(() => undefined)
  process.exit(code)
}

process.on('SIGINT', () => void shutdown(0))
process.on('SIGTERM', () => void shutdown(0))
main().catch((error: unknown) => {
  console.error(error)
  void shutdown(1)
})
