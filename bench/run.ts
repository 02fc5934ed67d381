/**
 * `npm run bench`: builds the bench hosts for production, measures their gzip sizes and the open-to-first-view time
 * in Debian Chromium (median of 7 page loads), and writes the figures to BENCHMARKS.md.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '../demo/server.ts'
import { launchChromium } from '../tests/e2e/browser.ts'
import { benchRoot, buildHost, forbiddenCode, kb, type HostSizes } from './build-hosts.ts'

const RUNS = 7

/** A minimal EIP-6963 wallet, injected like an extension (no viem: the bench must not measure the test kit). */
const INJECTED_WALLET = `
  (() => {
    const provider = { request: async ({ method }) => method === 'eth_chainId' ? '0x7a69' : method === 'eth_accounts' ? [] : null, on() {}, removeListener() {} };
    const detail = Object.freeze({ info: { uuid: 'bench', name: 'Bench Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'dev.portico.bench' }, provider });
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  })();
`

/** Clicks "Connect Wallet" and resolves with the ms until the first view's content is in the dialog. */
const MEASURE_OPEN = `
  new Promise((resolve) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Connect Wallet');
    const done = () => document.querySelector('[role="dialog"] .portico-view [role="list"]');
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (done()) { observer.disconnect(); resolve(performance.now() - t0); }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    button.click();
  })
`

async function openToFirstView(host: HostSizes): Promise<number[]> {
  const server = serveStatic(host.outDir)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  const browser = await launchChromium()
  const times: number[] = []
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext()
      await context.addInitScript(INJECTED_WALLET)
      const page = await context.newPage()
      await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' })
      await page.waitForTimeout(200) // idle: the first view is preloaded then
      times.push(Number(await page.evaluate(MEASURE_OPEN)))
      await context.close()
    }
  } finally {
    await browser.close()
    server.closeAllConnections()
    server.close()
  }
  return times
}

/** Which JS files the WalletConnect host fetches on load, on open, and after the user picks WalletConnect. */
async function signClientLoads(host: HostSizes): Promise<{ onOpen: boolean; onPick: boolean; chunk: string; gzip: number }> {
  const signClient = host.files.find((f) => !f.initial && /irn_subscribe/.test(readFileSync(join(host.outDir, f.file), 'utf8')))
  if (!signClient) throw new Error('no sign-client chunk in the WalletConnect host')
  const server = serveStatic(host.outDir)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const fetched: string[] = []
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname.slice(1)))
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^WalletConnect/ }).waitFor()
    await page.waitForTimeout(300)
    const onOpen = fetched.includes(signClient.file)
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^WalletConnect/ }).click()
    await page.waitForResponse((r) => r.url().endsWith(signClient.file), { timeout: 10_000 }).catch(() => undefined)
    return { onOpen, onPick: fetched.includes(signClient.file), chunk: signClient.file, gzip: signClient.gzip }
  } finally {
    await browser.close()
    server.closeAllConnections()
    server.close()
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const react = await buildHost('react-only')
const kernel = await buildHost('kernel-only')
const reference = await buildHost('reference')
const wc = await buildHost('walletconnect')
const times = await openToFirstView(reference)
const wcLoads = await signClientLoads(wc)
const forbidden = forbiddenCode(reference)

const rows = [
  `| React-only baseline | ${kb(react.initialGzip)} | ${kb(react.allJsGzip)} | |`,
  `| kernel + React bindings, no plugin | ${kb(kernel.initialGzip)} = **${kb(kernel.initialGzip - react.initialGzip)} KB over React** (budget 25) | ${kb(kernel.allJsGzip)} | open path (initial + first view) ${kb(kernel.openPathGzip - react.initialGzip)} KB over React (guard 30) |`,
  `| reference host (React + portico + eip155) | **${kb(reference.initialGzip)}** | ${kb(reference.allJsGzip)} | budget 110 initial; forbidden code: ${forbidden.length ? forbidden.join(', ') : 'none'} |`,
  `| reference + walletconnect | ${kb(wc.initialGzip)} | ${kb(wc.allJsGzip)} | sign-client chunk ${kb(wcLoads.gzip)} KB: fetched on open ${wcLoads.onOpen ? 'YES' : 'no'}, after picking WalletConnect ${wcLoads.onPick ? 'yes' : 'NO'} |`,
]
const figures = `<!-- bench:start -->
Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\` (Vite 8 production builds, gzip -9; Chromium ${RUNS} page loads).

| host | initial JS+CSS (KB gzip) | all JS (KB gzip) | notes |
|---|---|---|---|
${rows.join('\n')}

Open-to-first-view (reference host, click on "Connect Wallet" until the Connect list is in the dialog):
median **${median(times).toFixed(1)} ms** over ${RUNS} runs (all: ${times.map((t) => t.toFixed(1)).join(', ')} ms; target 16 ms).
<!-- bench:end -->`

const file = join(benchRoot, '..', 'BENCHMARKS.md')
const current = readFileSync(file, 'utf8')
const next = current.includes('<!-- bench:start -->')
  ? current.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, figures)
  : `${current.trimEnd()}\n\n${figures}\n`
writeFileSync(file, next)
console.log(figures)
