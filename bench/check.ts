/**
 * `npm run bench:check`: builds the bench hosts for production and fails when a budget is exceeded.
 * Budgets: kernel + React bindings add at most 25 KB gzip over React (foundation issue); the eip155-only host's
 * initial JS+CSS is at most 110 KB gzip including React, with no solana, polkadot, cosmos, bitcoin or
 * WalletConnect code in its output (EVM issue); the reference host of issue 9 (eip155 + walletConnect,
 * bench/hosts/walletconnect) is at most 95 KB gzip initial, sign-client only in a lazy chunk, no keccak at start;
 * the eip155-only host with account data, send and swap (bench/hosts/features) within 110 KB (issue 11); no
 * portico/wagmi or wagmi module in any of them (issue 25); no qrcode (nor dijkstrajs) in any host's initial load.
 *
 * What ships is what is measured (issue 31 item 0): the hosts are built from `npm pack` of the repository installed
 * into a fresh temporary folder with their peers (bench/packed-app.ts, one pack and one install per run), and every
 * budget holds there. The source build through aliases is checked too, as a second, faster figure;
 * `npx tsx bench/check.ts --source` runs only that one (a quick look while changing code, not the gate).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildHost, forbiddenCode, forbiddenModules, kb, type HostSizes } from './build-hosts.ts'
import { BUDGETS } from './budgets.ts'
import { checkComposition, COMPOSITION_PEERS } from './composition.ts'
import { preparePackedApp, type PackedApp } from './packed-app.ts'

export { BUDGETS }

/** Modules no host may load before the user asks for them: the QR encoder belongs to the pairing view. */
const LAZY_ONLY = /(^|\/)node_modules\/(qrcode|dijkstrajs)\//

/** Builds the five hosts (from the packed app, or from the sources) and answers the failed budgets and checks. */
async function checkHosts(packed?: PackedApp): Promise<{ failures: string[]; reference: HostSizes }> {
  const from = packed ? 'packed' : 'source'
  console.log(`\n== ${packed ? 'packed build (npm pack installed into a fresh app folder: what ships)' : 'source build (aliases to the sources)'} ==`)
  const react = await buildHost('react-only', packed)
  const kernel = await buildHost('kernel-only', packed)
  const reference = await buildHost('reference', packed)
  const wc = await buildHost('walletconnect', packed)
  const features = await buildHost('features', packed)

  const failures: string[] = []
  const fail = (text: string) => failures.push(`${from} build: ${text}`)
  const overReact = kernel.initialGzip - react.initialGzip
  const openPath = kernel.openPathGzip - react.initialGzip
  console.log(
    `kernel + React bindings over React: initial ${kb(overReact)} KB gzip (budget ${kb(BUDGETS.kernelOverReact)} KB); ` +
      `with the first view, to open the modal: ${kb(openPath)} KB (budget ${kb(BUDGETS.openPathOverReact)} KB); ` +
      `all JS incl. every lazy view and the account-data chunk: ${kb(kernel.allJsGzip - react.allJsGzip)} KB`,
  )
  if (overReact > BUDGETS.kernelOverReact) fail(`kernel + React bindings add ${kb(overReact)} KB gzip over React`)
  if (openPath > BUDGETS.openPathOverReact) fail(`opening the modal needs ${kb(openPath)} KB gzip over React`)
  console.log(`eip155-only host initial JS+CSS: ${kb(reference.initialGzip)} KB gzip (budget ${kb(BUDGETS.referenceInitial)} KB); all JS ${kb(reference.allJsGzip)} KB`)
  if (reference.initialGzip > BUDGETS.referenceInitial) fail(`eip155-only host initial ${kb(reference.initialGzip)} KB gzip`)
  const forbidden = [...forbiddenModules(reference), ...forbiddenCode(reference)]
  // The module lists must be real for "none" to mean anything: the host's own plugin is in them.
  if (!Object.values(reference.modules).some((ids) => ids.includes('plugins/eip155/index.ts'))) fail('the eip155-only build lists no plugins/eip155 module (module recording broken)')
  if (forbidden.length) fail(`forbidden code in the eip155-only host: ${forbidden.join(', ')}`)
  else console.log(`eip155-only host: no module of solana, bitcoin, cosmos or polkadot (SDKs or plugins) and no WalletConnect code in any of its ${Object.keys(reference.modules).length} chunks`)

  const SIGN_CLIENT = /irn_subscribe|wc_sessionPropose/
  const wcInitial = wc.files.filter((f) => f.initial && SIGN_CLIENT.test(readFileSync(join(wc.outDir, f.file), 'utf8')))
  const wcLazy = wc.files.filter((f) => !f.initial && SIGN_CLIENT.test(readFileSync(join(wc.outDir, f.file), 'utf8')))
  console.log(`WalletConnect host: sign-client in lazy chunks ${wcLazy.map((f) => `${f.file} ${kb(f.gzip)} KB`).join(', ') || 'none'}`)
  console.log(`reference host of issue 9 (eip155 + walletConnect): initial ${kb(wc.initialGzip)} KB gzip (budget ${kb(BUDGETS.walletConnectHostInitial)} KB)`)
  if (wc.initialGzip > BUDGETS.walletConnectHostInitial) fail(`eip155 + walletConnect host initial ${kb(wc.initialGzip)} KB gzip, over ${kb(BUDGETS.walletConnectHostInitial)} KB`)
  // The EIP-55 checksum (keccak) is for hosts that call it; the plugin's own address checks do not need it at start.
  const keccakInitial = wc.files.filter((f) => f.initial && (wc.modules[f.file] ?? []).some((id) => /@noble\/hashes\/.*sha3/.test(id)))
  if (keccakInitial.length) fail(`keccak (@noble/hashes sha3) in the WalletConnect host's initial load: ${keccakInitial.map((f) => f.file).join(', ')}`)
  if (!Object.values(wc.modules).some((ids) => ids.includes('plugins/walletconnect/index.ts'))) fail('the WalletConnect host build lists no plugins/walletconnect module (module recording broken)')
  if (wcInitial.length) fail(`sign-client code in the WalletConnect host's initial load: ${wcInitial.map((f) => f.file).join(', ')}`)
  if (!wcLazy.length) fail('the WalletConnect host has no lazily loaded sign-client chunk (is the plugin composed?)')

  // Issue 11: the eip155-only host plus account data, send and swap stays within the eip155-only host's budget.
  console.log(`eip155 + account data + send + swap host: initial ${kb(features.initialGzip)} KB gzip (budget ${kb(BUDGETS.featuresHostInitial)} KB); all JS ${kb(features.allJsGzip)} KB`)
  if (features.initialGzip > BUDGETS.featuresHostInitial) fail(`eip155 + send + swap host initial ${kb(features.initialGzip)} KB gzip, over 110 KB`)
  const featureIds = Object.values(features.modules).flat()
  // A deferred feature plugin's index.ts only re-exports (in no chunk); its definition.ts is what the host holds.
  const holds = (id: string) => featureIds.some((m) => new RegExp(`(^|/)plugins/${id}/definition\\.[jt]s$`).test(m))
  if (!holds('send') || !holds('swap')) fail('the send + swap host build lists no send or swap definition module (module recording broken)')

  // Issue 25: portico/wagmi (and wagmi itself) ships only to hosts that import it; none of these does.
  const WAGMI = /(^|\/)integrations\/wagmi\/|(^|\/)node_modules\/(wagmi|@wagmi)\//
  const withWagmi = [reference, wc, features, kernel].flatMap((host) => Object.values(host.modules).flat().filter((id) => WAGMI.test(id)))
  if (withWagmi.length) fail(`portico/wagmi or wagmi code in a host that does not import it: ${[...new Set(withWagmi)].join(', ')}`)
  else console.log('portico/wagmi: no module of it or of wagmi in the eip155-only, reference, features or kernel-only hosts')

  // Issue 31: the QR encoder is the pairing view's; in the initial load it would cost every host ~10 KB.
  const eager = initialModules([kernel, reference, wc, features], LAZY_ONLY)
  if (eager.length) fail(`qrcode in a host's initial load: ${eager.join(', ')}`)
  const qrLazy = Object.values(wc.modules).flat().some((id) => LAZY_ONLY.test(id))
  if (!qrLazy) fail('the WalletConnect host bundles no qrcode at all (module recording broken, or the pairing view lost its QR code)')
  else if (!eager.length) console.log('qrcode: in a lazy chunk of the WalletConnect host, in no host\'s initial load')
  return { failures, reference }
}

/** The modules matching `pattern` in the initial files of the hosts, as "host: module". */
function initialModules(hosts: HostSizes[], pattern: RegExp): string[] {
  return hosts.flatMap((host) =>
    host.files.filter((f) => f.initial).flatMap((f) => (host.modules[f.file] ?? []).filter((id) => pattern.test(id)).map((id) => `${host.name}: ${id}`)),
  )
}

const failures: string[] = []
if (!process.argv.includes('--source')) {
  // One pack, two app folders: the hosts' own peers (React, the sign-client) as an app composing them installs them,
  // and with every chain library beside them for the all-plugins host. Which peers are installed changes npm's layout
  // of shared dependencies (tslib hoisted or under tsyringe) and with it the bundler's chunks: the reference host
  // measured among the composition's peers came out 0.8 KB smaller than in its own app.
  const packed = preparePackedApp()
  let composed: PackedApp | undefined
  try {
    console.log(`packed portico (${kb(packed.tarballBytes)} KB tarball) in ${packed.seconds.pack.toFixed(0)} s, installed with its hosts' peers in ${packed.seconds.install.toFixed(0)} s`)
    const hosts = await checkHosts(packed)
    failures.push(...hosts.failures)
    composed = preparePackedApp(COMPOSITION_PEERS, packed)
    console.log(`installed again with every chain library's peers in ${composed.seconds.install.toFixed(0)} s`)
    // Issue 31 item 1 on what ships: the all-plugins host and each plugin's share, over the eip155-only host built in
    // the same app folder (each share is a difference of two builds with the same layout).
    failures.push(...(await checkComposition(undefined, composed)))
  } finally {
    composed?.remove()
    packed.remove()
  }
}
const source = await checkHosts()
failures.push(...source.failures)

// Issue 31 item 1: the all-plugins host and each plugin's share, on the source build too (the second, faster figure).
failures.push(...(await checkComposition(source.reference)))

if (failures.length) {
  console.error(`\nbudget check FAILED:\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
console.log('\nbudget check passed')
