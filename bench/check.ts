/**
 * `npm run bench:check`: builds the bench hosts for production and fails when a budget is exceeded.
 * Budgets: kernel + React bindings add at most 25 KB gzip over React (foundation issue); the reference host's
 * initial JS+CSS is at most 110 KB gzip including React, with no solana, polkadot, cosmos, bitcoin or
 * WalletConnect code in its output (EVM issue).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildHost, forbiddenCode, kb } from './build-hosts.ts'

export const BUDGETS = {
  /** Foundation issue: what the kernel and the React bindings add to a host's initial load. */
  kernelOverReact: 25 * 1024,
  /** Our own guard rail for opening the modal: initial load plus the first view's lazy chunks. */
  openPathOverReact: 30 * 1024,
  referenceInitial: 110 * 1024,
}

const react = await buildHost('react-only')
const kernel = await buildHost('kernel-only')
const reference = await buildHost('reference')
const wc = await buildHost('walletconnect')

const failures: string[] = []
const overReact = kernel.initialGzip - react.initialGzip
const openPath = kernel.openPathGzip - react.initialGzip
console.log(
  `kernel + React bindings over React: initial ${kb(overReact)} KB gzip (budget ${kb(BUDGETS.kernelOverReact)} KB); ` +
    `with the first view, to open the modal: ${kb(openPath)} KB (budget ${kb(BUDGETS.openPathOverReact)} KB); ` +
    `all JS incl. every lazy view and the account-data chunk: ${kb(kernel.allJsGzip - react.allJsGzip)} KB`,
)
if (overReact > BUDGETS.kernelOverReact) failures.push(`kernel + React bindings add ${kb(overReact)} KB gzip over React`)
if (openPath > BUDGETS.openPathOverReact) failures.push(`opening the modal needs ${kb(openPath)} KB gzip over React`)
console.log(`reference host initial JS+CSS: ${kb(reference.initialGzip)} KB gzip (budget ${kb(BUDGETS.referenceInitial)} KB); all JS ${kb(reference.allJsGzip)} KB`)
if (reference.initialGzip > BUDGETS.referenceInitial) failures.push(`reference host initial ${kb(reference.initialGzip)} KB gzip`)
const forbidden = forbiddenCode(reference)
if (forbidden.length) failures.push(`forbidden code in the reference host: ${forbidden.join(', ')}`)
else console.log('reference host: no solana, polkadot, cosmos, bitcoin or WalletConnect code')

const SIGN_CLIENT = /irn_subscribe|wc_sessionPropose/
const wcInitial = wc.files.filter((f) => f.initial && SIGN_CLIENT.test(readFileSync(join(wc.outDir, f.file), 'utf8')))
const wcLazy = wc.files.filter((f) => !f.initial && SIGN_CLIENT.test(readFileSync(join(wc.outDir, f.file), 'utf8')))
console.log(
  `WalletConnect host: initial ${kb(wc.initialGzip)} KB gzip; sign-client in lazy chunks ${wcLazy.map((f) => `${f.file} ${kb(f.gzip)} KB`).join(', ') || 'none'}`,
)
if (wcInitial.length) failures.push(`sign-client code in the WalletConnect host's initial load: ${wcInitial.map((f) => f.file).join(', ')}`)
if (!wcLazy.length) failures.push('the WalletConnect host has no lazily loaded sign-client chunk (is the plugin composed?)')

if (failures.length) {
  console.error(`\nbudget check FAILED:\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
console.log('\nbudget check passed')
