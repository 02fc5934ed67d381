// `npm run stack:sponsor`: the ERC-7677 sponsor service. Dev mode (after `npm run stack:chain`) reads the deployment
// file for the chains' EntryPoint and paymaster and sponsors the demo project's calls to the seeded tokens and NFT
// with the dev signer. Production mode (`--production` or NODE_ENV=production) takes the signer key from
// PORTICO_SPONSOR_SIGNER_KEY, the policy file from --policy and the paymasters from --paymaster, and refuses the dev
// defaults, naming each. Prints `sponsor ready <url>`.
import { isHex, type Hex } from 'viem'
import { DEFAULT_DEPLOYMENT_FILE, readDeployment } from '../chain/index.ts'
import { command, CommandLineError, listenPort, orExit } from '../cli.ts'
import { DevDefaultError, isProduction, withoutProductionFlag } from '../production.ts'
import { devSponsorPolicies, parsePaymasterSpec, PolicyError, sponsorProblems, startSponsor, type SponsorChain } from './index.ts'

const USAGE = `usage: npm run stack:sponsor -- [--port 4338] [--policy policy.json] [--paymaster <chainId>:<entryPoint>:<paymaster> ...] [--project portico-demo] [--production] [--verbose]
  --policy      the JSON policy file (stack/sponsor/README.md); dev default: the demo project's policy
  --paymaster   one per chain; dev default: the chains of ${DEFAULT_DEPLOYMENT_FILE}
  --project     the project id of the dev policy (dev mode only)
  The signer key comes from PORTICO_SPONSOR_SIGNER_KEY; dev default: the dev mnemonic's account 23.`

const production = isProduction()
const flags = command(
  USAGE,
  {
    port: { type: 'string' },
    policy: { type: 'string' },
    paymaster: { type: 'string', multiple: true },
    project: { type: 'string' },
    verbose: { type: 'boolean' },
  },
  withoutProductionFlag(process.argv.slice(2)),
)

const chains: SponsorChain[] = orExit(() =>
  (flags.paymaster ?? []).map((spec) => {
    try {
      return parsePaymasterSpec(spec)
    } catch (e) {
      throw new CommandLineError(`--paymaster ${(e as Error).message}`)
    }
  }),
)
const key = process.env.PORTICO_SPONSOR_SIGNER_KEY
if (key !== undefined && !(isHex(key) && key.length === 66)) {
  console.error('PORTICO_SPONSOR_SIGNER_KEY must be a 32-byte hex private key (0x + 64 hex digits)')
  process.exit(2)
}
if (production) {
  // Every missing setting at once, the paymasters included (the factory cannot know where they came from).
  const problems = [
    ...(chains.length === 0 ? ['paymaster is missing: the dev chains of the deployment file `npm run stack:chain` writes would be used (--paymaster <chainId>:<entryPoint>:<paymaster>)'] : []),
    ...sponsorProblems({ ...(key && { signerPrivateKey: key as Hex }), ...(flags.policy && { policyFile: flags.policy }) }),
  ]
  if (problems.length) {
    console.error(new DevDefaultError('sponsor', problems).message)
    process.exit(2)
  }
}
const deployment = chains.length === 0 ? readDeployment(DEFAULT_DEPLOYMENT_FILE) : undefined
if (deployment) {
  for (const [id, chain] of Object.entries(deployment.chains)) chains.push({ chainId: Number(id), entryPoint: chain.contracts.entryPoint, paymaster: chain.contracts.verifyingPaymaster })
}
const port = await listenPort(flags.port, 4338)
const first = deployment && Object.values(deployment.chains)[0]
try {
  const sponsor = await startSponsor({
    production,
    chains,
    port,
    ...(key && { signerPrivateKey: key as Hex }),
    ...(flags.policy
      ? { policyFile: flags.policy }
      : !production && first && { policies: devSponsorPolicies(flags.project ?? 'portico-demo', first.contracts) }),
    log: flags.verbose ? (line) => console.error(line) : undefined,
  })
  console.log(`sponsor ready ${sponsor.url} (POST /<projectId>; signer ${sponsor.signer})`)
  const shutdown = (): void => void sponsor.stop().then(() => process.exit(0))
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
} catch (error) {
  if (!(error instanceof DevDefaultError) && !(error instanceof PolicyError)) throw error
  console.error(error.message)
  process.exit(2)
}
