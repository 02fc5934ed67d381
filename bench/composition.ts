/**
 * Issue 31 item 1, composition: what composing more of Portico costs a host before anyone opens the modal.
 * - The all-plugins host (bench/hosts/all-plugins: five chains, walletConnect, account data, send, swap, onramp, names,
 *   siwx, embedded wallet) within BUDGETS.allPluginsHostInitial on the packed build (allPluginsHostInitialSource on the
 *   source build), React included, with no chain library
 *   (@solana/web3.js, @polkadot/api, cosmjs, bitcoinjs-lib) in its initial files.
 * - Per plugin, the initial delta of a host with eip155 and that plugin over the eip155-only host (bench/hosts/reference);
 *   each feature plugin within BUDGETS.featurePluginInitial (its registration only, 1.5 KB), chain plugins reported.
 * `npx tsx bench/composition.ts` runs it alone (add --markdown for the BENCHMARKS.md table, --packed for the packed
 * build too; --write-hosts regenerates the committed hosts from the template); bench/check.ts calls checkComposition()
 * and fails with it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { benchRoot, buildHost, kb, type HostSizes } from './build-hosts.ts'
import { BUDGETS } from './budgets.ts'
import { HOST_PEERS, preparePackedApp, type PackedApp } from './packed-app.ts'

/** Each plugin measured on its own: its public entry, the factory and the call a host writes. */
export const COMPOSED_PLUGINS = [
  { id: 'account-data', kind: 'feature', factory: 'accountData', call: 'accountData()' },
  { id: 'send', kind: 'feature', factory: 'send', call: 'send()' },
  { id: 'swap', kind: 'feature', factory: 'swap', call: 'swap()' },
  { id: 'onramp', kind: 'feature', factory: 'onramp', call: 'onramp()' },
  { id: 'names', kind: 'feature', factory: 'names', call: "names({ zone: 'portico.test' })" },
  { id: 'siwx', kind: 'feature', factory: 'siwx', call: "siwx({ statement: 'Sign in to the bench host' })" },
  { id: 'embedded-wallet', kind: 'feature', factory: 'embeddedWallet', call: "embeddedWallet({ secureSiteUrl: 'http://127.0.0.1:8790' })" },
  { id: 'walletconnect', kind: 'connector', factory: 'walletConnect', call: "walletConnect({ projectId: 'bench', relayUrl: 'ws://127.0.0.1:8787', verify: 'local' })" },
  { id: 'solana', kind: 'chain', factory: 'solana', call: 'solana()' },
  { id: 'polkadot', kind: 'chain', factory: 'polkadot', call: "polkadot({ chain: { wsUrl: 'ws://127.0.0.1:9944', caipNetworkId: 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e' } })" },
  { id: 'bip122', kind: 'chain', factory: 'bip122', call: 'bip122()' },
  { id: 'cosmos', kind: 'chain', factory: 'cosmos', call: 'cosmos()' },
] as const

/** Portico's peers that are tools or another library's bindings, not a plugin's libraries. */
const NOT_PLUGIN_PEERS = new Set(['playwright-core', 'vite', 'vitest', 'wagmi'])

/**
 * The peers the all-plugins host needs installed beside the tarball (bench/packed-app.ts), as an app composing every
 * chain installs them: the hosts' peers and every plugin library among portico's peerDependencies.
 */
export const COMPOSITION_PEERS = [
  ...new Set([
    ...HOST_PEERS,
    ...Object.keys((JSON.parse(readFileSync(join(benchRoot, '../package.json'), 'utf8')) as { peerDependencies: Record<string, string> }).peerDependencies).filter((n) => !NOT_PLUGIN_PEERS.has(n)),
  ]),
]

/** Modules of the chain libraries that must load when their namespace is first used, never at start. */
export const CHAIN_LIBRARIES: Record<string, RegExp> = {
  '@solana/web3.js': /(^|\/)node_modules\/@solana\/web3\.js\//,
  '@polkadot/api': /(^|\/)node_modules\/@polkadot\/(api|types|rpc-core|rpc-provider|util-crypto)\//,
  cosmjs: /(^|\/)node_modules\/@cosmjs\//,
  'bitcoinjs-lib': /(^|\/)node_modules\/bitcoinjs-lib\//,
}

type ComposedPlugin = (typeof COMPOSED_PLUGINS)[number]
const EIP155 = { id: 'eip155', factory: 'eip155', call: '' } as const

/**
 * The bench hosts' one template: the main.tsx of a host composing eip155 (the local chain; a browser wallet is
 * injected by the benchmark, as an extension would be) and `plugins`, with a Connect Wallet button and the modal. The
 * per-plugin hosts are generated with it, and the committed hosts (HOSTS) are its output (bench/composition.test.ts
 * keeps them equal; `npx tsx bench/composition.ts --write-hosts` regenerates them). A generated file, not a shared
 * module the hosts import: a module of its own around createModal made the bundler's output 0.6 KB larger.
 */
export function hostSource(plugins: readonly ComposedPlugin[], comment: string): string {
  const imports = [EIP155, ...plugins]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((p) => `import { ${p.factory} } from 'portico/plugins/${p.id}'\n`)
    .join('')
  return `${comment}
import { createRoot } from 'react-dom/client'
import { createModal } from 'portico'
${imports}import { Modal, PorticoProvider, useModal } from 'portico/react'

const modal = createModal({
  projectId: 'bench',
  plugins: [
    eip155({
      builtinNetworks: false,
      networks: [{ id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } }],
    }),
${plugins.map((p) => `    ${p.call},\n`).join('')}  ],
})

function App() {
  const { open } = useModal()
  return (
    <main>
      <button type="button" onClick={() => open()}>Connect Wallet</button>
      <Modal />
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <PorticoProvider modal={modal}>
    <App />
  </PorticoProvider>,
)
`
}

const plugin = (id: string) => COMPOSED_PLUGINS.find((p) => p.id === id)!

/** The committed bench hosts made with hostSource(): their heading comment and plugins after eip155. */
export const HOSTS: Record<string, { comment: string; plugins: ComposedPlugin[] }> = {
  reference: {
    comment: `// The reference host of the EVM issue: React + portico + the eip155 plugin (a browser wallet is injected by the
// benchmark, as an extension would be). No dev wallet, no other chain, no WalletConnect.`,
    plugins: [],
  },
  walletconnect: {
    comment: `// The reference host plus the walletconnect plugin: sign-client must stay out of the initial load and arrive only
// when the user picks WalletConnect.`,
    plugins: [plugin('walletconnect')],
  },
  features: {
    comment: `// Issue 11's host: the eip155-only reference host plus the feature plugins send and swap (and account data, which
// they read balances and prices through). Their views and controllers must stay out of the initial load.`,
    plugins: ['account-data', 'send', 'swap'].map(plugin),
  },
  'all-plugins': {
    comment: `// Issue 31's composition host: all thirteen plugins (five chains, walletConnect, account data, send, swap, onramp,
// names, siwx, embedded wallet). The chain libraries load when their namespace is first used and each feature
// plugin's views, controllers and clients load when used, so the initial load stays near the reference host's.`,
    plugins: ['solana', 'polkadot', 'bip122', 'cosmos', 'walletconnect', 'account-data', 'send', 'swap', 'onramp', 'names', 'siwx', 'embedded-wallet'].map(plugin),
  },
}

/** Writes the committed hosts' main.tsx from the template. */
export function writeHosts(): void {
  for (const [name, host] of Object.entries(HOSTS)) writeFileSync(join(benchRoot, 'hosts', name, 'main.tsx'), hostSource(host.plugins, host.comment))
}

/** Generated hosts (gitignored): eip155 as in bench/hosts/reference plus one plugin, in `hostsDir` (bench/hosts, or the packed app's). */
function writePluginHost(plugin: ComposedPlugin, hostsDir: string): string {
  const name = `compose/${plugin.id}`
  const dir = join(hostsDir, name)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en">\n  <head><meta charset="utf-8" /><title>eip155 + ${plugin.id}</title></head>\n  <body><div id="root"></div><script type="module" src="./main.tsx"></script></body>\n</html>\n`,
  )
  writeFileSync(join(dir, 'main.tsx'), hostSource([plugin], `// Generated by bench/composition.ts: bench/hosts/reference plus ${plugin.id}.`))
  return name
}

export interface CompositionRow {
  id: string
  kind: string
  /** Initial gzip bytes over the eip155-only host. */
  delta: number
  /** All JS over the eip155-only host (lazy chunks included). */
  allJsDelta: number
  budget?: number
}

export interface CompositionResult {
  all: HostSizes
  eip155: HostSizes
  rows: CompositionRow[]
  /** Chain-library modules found in the all-plugins host's initial files. */
  eagerLibraries: string[]
  failures: string[]
}

/**
 * Builds the all-plugins host and one host per plugin, from the packed app when `packed` is given (what ships), else
 * from the sources; `eip155` may be passed when the caller built the reference host the same way.
 */
export async function measureComposition(eip155?: HostSizes, packed?: PackedApp): Promise<CompositionResult> {
  const base = eip155 ?? (await buildHost('reference', packed))
  const all = await buildHost('all-plugins', packed)
  const rows: CompositionRow[] = []
  const hostsDir = packed ? join(packed.dir, 'hosts') : join(benchRoot, 'hosts')
  for (const plugin of COMPOSED_PLUGINS) {
    const host = await buildHost(writePluginHost(plugin, hostsDir), packed)
    // Its entry only re-exports (in no chunk): its definition.ts is what the host holds.
    if (!Object.values(host.modules).flat().some((id) => id.startsWith(`plugins/${plugin.id}/`) || id.includes(`/plugins/${plugin.id}/`))) {
      throw new Error(`the eip155 + ${plugin.id} host lists no module of plugins/${plugin.id} (module recording broken)`)
    }
    rows.push({
      id: plugin.id,
      kind: plugin.kind,
      delta: host.initialGzip - base.initialGzip,
      allJsDelta: host.allJsGzip - base.allJsGzip,
      budget: plugin.kind === 'feature' ? BUDGETS.featurePluginInitial : undefined,
    })
  }
  const initialFiles = new Set(all.files.filter((f) => f.initial).map((f) => f.file))
  const eagerLibraries = new Set<string>()
  for (const [file, ids] of Object.entries(all.modules)) {
    if (!initialFiles.has(file)) continue
    for (const id of ids) for (const [lib, re] of Object.entries(CHAIN_LIBRARIES)) if (re.test(id)) eagerLibraries.add(lib)
  }
  const lazyLibraries = new Set<string>()
  for (const ids of Object.values(all.modules)) for (const id of ids) for (const [lib, re] of Object.entries(CHAIN_LIBRARIES)) if (re.test(id)) lazyLibraries.add(lib)

  const failures: string[] = []
  const from = `${packed ? 'packed' : 'source'} build: `
  const fail = (text: string) => failures.push(from + text)
  const hostBudget = allPluginsBudget(packed)
  if (all.initialGzip > hostBudget) fail(`all-plugins host initial ${kb(all.initialGzip)} KB gzip, over ${kb(hostBudget)} KB`)
  if (eagerLibraries.size) fail(`chain libraries in the all-plugins host's initial load: ${[...eagerLibraries].join(', ')}`)
  // "Lazy" must mean "present in a lazy chunk": a library missing altogether means the host no longer composes it.
  for (const lib of Object.keys(CHAIN_LIBRARIES)) if (!lazyLibraries.has(lib)) fail(`the all-plugins host has no ${lib} module in any chunk (is its plugin composed?)`)
  for (const row of rows) {
    if (row.budget !== undefined && row.delta > row.budget) fail(`${row.id} adds ${kb(row.delta)} KB gzip initially to the eip155-only host, over ${kb(row.budget)} KB`)
  }
  return { all, eip155: base, rows, eagerLibraries: [...eagerLibraries], failures }
}

/** The all-plugins host's budget: the target on the packed build (what ships), the source build's own figure otherwise. */
const allPluginsBudget = (packed?: PackedApp) => (packed ? BUDGETS.allPluginsHostInitial : BUDGETS.allPluginsHostInitialSource)

/** Prints the figures; answers the failures for bench/check.ts to report. */
export async function checkComposition(eip155?: HostSizes, packed?: PackedApp): Promise<string[]> {
  const result = await measureComposition(eip155, packed)
  const { all, rows } = result
  console.log(
    `${packed ? 'packed' : 'source'} build: all-plugins host (13 plugins): initial ${kb(all.initialGzip)} KB gzip (budget ${kb(allPluginsBudget(packed))} KB); all JS ${kb(all.allJsGzip)} KB; ` +
      `chain libraries at start: ${result.eagerLibraries.join(', ') || 'none'}`,
  )
  for (const row of rows) {
    console.log(`  eip155 + ${row.id} (${row.kind}): +${kb(row.delta)} KB initial${row.budget !== undefined ? ` (budget ${kb(row.budget)} KB)` : ''}, +${kb(row.allJsDelta)} KB all JS`)
  }
  return result.failures
}

/** The per-plugin table of BENCHMARKS.md and docs/ARCHITECTURE.md. */
export function markdownTable(result: CompositionResult): string {
  const lines = [
    '| plugin | kind | initial over eip155-only (gzip) | budget | all JS over eip155-only (gzip) |',
    '| --- | --- | ---: | ---: | ---: |',
    ...result.rows.map((r) => `| ${r.id} | ${r.kind} | ${kb(r.delta)} KB | ${r.budget !== undefined ? `${kb(r.budget)} KB` : '-'} | ${kb(r.allJsDelta)} KB |`),
    `| **all thirteen** (bench/hosts/all-plugins) | host | **${kb(result.all.initialGzip)} KB** total, React included | ${kb(result.all.build === 'packed' ? BUDGETS.allPluginsHostInitial : BUDGETS.allPluginsHostInitialSource)} KB | ${kb(result.all.allJsGzip)} KB total |`,
    `| eip155 only (bench/hosts/reference) | host | ${kb(result.eip155.initialGzip)} KB total | - | ${kb(result.eip155.allJsGzip)} KB total |`,
  ]
  return lines.join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--write-hosts')) {
    writeHosts()
    process.exit(0)
  }
  const packed = process.argv.includes('--packed') ? preparePackedApp(COMPOSITION_PEERS) : undefined
  if (process.argv.includes('--markdown')) {
    const result = await measureComposition(undefined, packed).finally(() => packed?.remove())
    console.log(markdownTable(result))
    if (result.failures.length) console.error(`\ncomposition FAILED:\n- ${result.failures.join('\n- ')}`)
    process.exit(result.failures.length ? 1 : 0)
  }
  const failures = [...(packed ? await checkComposition(undefined, packed).finally(() => packed.remove()) : []), ...(await checkComposition())]
  if (failures.length) {
    console.error(`\ncomposition check FAILED:\n- ${failures.join('\n- ')}`)
    process.exit(1)
  }
  console.log('\ncomposition check passed')
}
