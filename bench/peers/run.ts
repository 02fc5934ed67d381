/**
 * `npm run bench:peers [-- --screenshots] [--no-timing] [--only=portico,...]`: Portico's issue 9 reference host (bench/hosts/walletconnect)
 * next to the same host built with Reown AppKit, RainbowKit and ConnectKit (bench/peers/hosts), each a Connect button,
 * the library's modal, one local EVM chain (31337 at 127.0.0.1:8545) and injected EIP-6963 wallets.
 *
 * - Sizes: production builds with the same Vite settings, measured as bench/build-hosts.ts does (initial JS+CSS, all
 *   JS, gzip -9), plus what the browser actually fetched until the first view was painted.
 * - Open-to-first-view: bench/run.ts's method (fresh context per page load, minimal injected wallet, network idle,
 *   then two idle callbacks, click "Connect Wallet" until the first view is shown and a frame with it was painted),
 *   RUNS loads per host, interleaved. "Shown" is the same test for every host: the injected wallet's name is in a
 *   rendered element (Element.checkVisibility), found through shadow roots too (AppKit renders in them), checked on
 *   every DOM change, shadow roots included.
 * - Offline: every request to a host other than 127.0.0.1 is aborted as by a disconnected network, for every host.
 *   Nothing hosted is reachable here; what each library shows then is part of the comparison.
 * - --screenshots: Chromium screenshots (same viewport, light theme) of Connect, the connecting view (the dev
 *   wallet's prompt open, hidden for the shot) and Account (after approving, reopened from the host's button), with
 *   portico/testing's dev wallet on a local anvil, into docs/screenshots/<host>-<view>.png. With --views also
 *   Portico's Swap, Send and Connect with email and social (bench/peers/views.ts: the peers cannot show theirs offline).
 *
 * Writes the "Peers" block of BENCHMARKS.md and the figures block of docs/COMPARISON.md (between their markers).
 * A benchmark, not a test: npm test does not run it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { serveStatic } from '../../demo/server.ts'
import { freePort, spawnAnvil } from '../../stack/chain/anvil.ts'
import { DEV_MNEMONIC } from '../../stack/chain/index.ts'
import { launchChromium } from '../../tests/e2e/browser.ts'
import { buildPeer, buildPortico, devWalletScript, ensurePeerDeps, PEERS, repoRoot, type BuiltHost } from './build.ts'
import { BENCH_WALLET_SCRIPT } from '../bench-wallet.ts'
import { viewScreenshots } from './views.ts'

const args = process.argv.slice(2)
const SCREENSHOTS = args.includes('--screenshots')
/** --views (with --screenshots): also Portico's Swap, Send and Connect with email and social (bench/peers/views.ts). */
const VIEWS = args.includes('--views')
const TIMING = !args.includes('--no-timing')
/** --only=portico,appkit: screenshots of these hosts only (e.g. to retake Portico's after a restyle). */
const ONLY = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',')
/** Page loads per host for the medians (BENCH_RUNS overrides it for a quick look), as bench/run.ts. */
const RUNS = Number(process.env.BENCH_RUNS) || 31
/** Every screenshot: the same viewport, light colour scheme, device scale 1. */
const VIEWPORT = { width: 1000, height: 760 }

const LABELS: Record<string, string> = {
  portico: 'Portico (eip155 + walletConnect)',
  appkit: 'Reown AppKit 1.8.24 + wagmi adapter',
  rainbowkit: 'RainbowKit 2.2.11',
  connectkit: 'ConnectKit 1.9.2',
}

/** Records every shadow root the page creates (open or closed), so the timing can watch and search inside them. */
const SHADOW_HOOK = `
  (() => {
    const roots = [];
    window.__benchShadowRoots = roots;
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const root = attach.call(this, init);
      roots.push(root);
      window.__benchOnShadowRoot?.(root);
      return root;
    };
  })();
`

/**
 * Clicks "Connect Wallet" and resolves with the ms until the injected wallet's name is rendered and a frame with it
 * has been painted (next animation frame, then the task after it), as bench/run.ts measureOpen.
 */
const MEASURE_OPEN = `
  new Promise((resolve) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Connect Wallet');
    const shown = () => {
      for (const root of [document, ...window.__benchShadowRoots]) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (n.data.includes('Bench Wallet') && n.parentElement && n.parentElement.checkVisibility()) return true;
        }
      }
      return false;
    };
    const t0 = performance.now();
    let finished = false;
    const painted = () => requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - t0);
      channel.port2.postMessage(0);
    });
    const options = { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['style', 'hidden', 'class', 'open'] };
    const observer = new MutationObserver(() => {
      if (!finished && shown()) { finished = true; observer.disconnect(); painted(); }
    });
    observer.observe(document.body, options);
    for (const root of window.__benchShadowRoots) observer.observe(root, options);
    window.__benchOnShadowRoot = (root) => observer.observe(root, options);
    button.click();
  })
`
/** bench/run.ts PAGE_IDLE: idle twice in a row. */
const PAGE_IDLE = `new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve, { timeout: 2000 }), { timeout: 2000 }))`

/**
 * Aborts every request and WebSocket that leaves 127.0.0.1 (offline), telling `tried` its host; `rpc` forwards the
 * hosts' 127.0.0.1:8545 to a real chain.
 */
async function offline(context: BrowserContext, tried: Set<string>, rpc?: string): Promise<void> {
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url())
    if (rpc && url.host === '127.0.0.1:8545') {
      try {
        return await route.fulfill({ response: await route.fetch({ url: rpc }) })
      } catch {
        return route.abort('connectionrefused')
      }
    }
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue()
    tried.add(url.host)
    return route.abort('internetdisconnected')
  })
  await context.routeWebSocket(
    (url) => url.hostname !== '127.0.0.1',
    (ws) => {
      tried.add(new URL(ws.url()).host)
      return ws.close({ code: 1006, reason: 'offline' })
    },
  )
}

interface Served {
  host: BuiltHost
  url: string
  close(): void
}

function serve(host: BuiltHost): Promise<Served> {
  const server = serveStatic(host.outDir)
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({
        host,
        url: `http://127.0.0.1:${port}/`,
        close: () => {
          server.closeAllConnections()
          server.close()
        },
      })
    }),
  )
}

interface Timing {
  times: number[]
  /** gzip bytes of the files the first load fetched until the first view was painted. */
  fetchedGzip: number
  /** Hosts other than 127.0.0.1 the page tried to reach during the first load and open. */
  remote: Set<string>
}

async function openToFirstView(served: Served[]): Promise<Map<string, Timing>> {
  const result = new Map(served.map((s) => [s.host.name, { times: [] as number[], fetchedGzip: 0, remote: new Set<string>() }]))
  const browser = await launchChromium()
  try {
    for (let i = 0; i < RUNS; i++) {
      for (let k = 0; k < served.length; k++) {
        const s = served[(i + k) % served.length]!
        const timing = result.get(s.host.name)!
        const context = await browser.newContext()
        await offline(context, i === 0 ? timing.remote : new Set())
        await context.addInitScript(SHADOW_HOOK)
        await context.addInitScript(BENCH_WALLET_SCRIPT)
        const page = await context.newPage()
        const fetched = new Set<string>()
        if (i === 0) {
          page.on('request', (r) => {
            const url = new URL(r.url())
            if (url.hostname === '127.0.0.1') fetched.add(url.pathname.slice(1))
          })
        }
        await page.goto(s.url, { waitUntil: 'networkidle' })
        await page.evaluate(PAGE_IDLE)
        timing.times.push(Number(await page.evaluate(MEASURE_OPEN)))
        if (i === 0) timing.fetchedGzip = [...fetched].reduce((sum, f) => sum + (s.host.gzipByFile[f] ?? 0), 0)
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  return result
}

/** Takes screenshots until two in a row are identical (CSS and JS animations both settle), then returns the last. */
async function settledScreenshot(page: Page): Promise<Buffer> {
  let previous = await page.screenshot()
  for (let i = 0; i < 60; i++) {
    const next = await page.screenshot()
    if (next.equals(previous)) return next
    previous = next
  }
  return previous
}

const prompt = (page: Page) => page.getByRole('dialog', { name: 'Portico Dev Wallet' })

/** Connect, connecting (dev wallet prompt open) and Account screenshots of one host. */
async function screenshots(served: Served[], outDir: string): Promise<Map<string, { tried: string[]; staysOpen: boolean }>> {
  const wallet = await devWalletScript()
  const anvil = await spawnAnvil({ chainId: 31337, port: await freePort(), mnemonic: DEV_MNEMONIC })
  const browser = await launchChromium()
  const notes = new Map<string, { tried: string[]; staysOpen: boolean }>()
  try {
    for (const s of served) {
      const name = s.host.name
      const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light', deviceScaleFactor: 1, reducedMotion: 'no-preference' })
      const remote = new Set<string>()
      await offline(context, remote, anvil.rpcUrl)
      await context.addInitScript(wallet)
      const page = await context.newPage()
      await page.goto(s.url, { waitUntil: 'networkidle' })
      await page.evaluate(PAGE_IDLE)
      await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
      const devWallet = page.getByRole('button', { name: /Portico Dev Wallet/ }).first()
      await devWallet.waitFor()
      writeFileSync(join(outDir, `${name}-connect.png`), await settledScreenshot(page))
      await devWallet.click()
      await prompt(page).waitFor()
      // The dev wallet's own prompt stands in for an extension's popup window: hidden while the modal is shot.
      await page.locator('[data-portico-dev-wallet]').evaluate((el) => ((el as HTMLElement).style.visibility = 'hidden'))
      writeFileSync(join(outDir, `${name}-connecting.png`), await settledScreenshot(page))
      await page.locator('[data-portico-dev-wallet]').evaluate((el) => ((el as HTMLElement).style.visibility = 'visible'))
      await prompt(page).getByRole('button', { name: 'Approve' }).click()
      await prompt(page).waitFor({ state: 'detached' })
      // Some modals close themselves on connect, others stay open: once the page is settled, a modal still in the
      // way is closed with its Close button, then Account is opened from the host's button as a user would.
      await settledScreenshot(page)
      const hostButton = page.getByRole('button', { name: /^(Account|Connect Wallet)$/ }).first()
      const blocked = await hostButton.click({ trial: true, timeout: 2000 }).then(() => false, () => true)
      if (blocked) {
        await page.getByRole('button', { name: 'Close', exact: true }).first().click()
        await settledScreenshot(page)
      }
      await hostButton.click()
      writeFileSync(join(outDir, `${name}-account.png`), await settledScreenshot(page))
      notes.set(name, { tried: [...remote].sort(), staysOpen: blocked })
      await context.close()
    }
  } finally {
    await browser.close()
    await anvil.stop()
  }
  return notes
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const kb = (bytes: number) => (bytes / 1024).toFixed(1)

/** Replaces the text between two markers of a file (or appends it with them). */
function replaceBlock(file: string, start: string, end: string, body: string, heading = ''): void {
  const block = `${start}\n${body}\n${end}`
  const current = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const at = current.indexOf(start)
  const stop = current.indexOf(end)
  const next = at >= 0 && stop > at ? current.slice(0, at) + block + current.slice(stop + end.length) : `${current.trimEnd()}\n\n${heading}${block}\n`
  writeFileSync(file, next)
}

ensurePeerDeps()
const wanted = (name: string) => TIMING || !ONLY || ONLY.includes(name)
const hosts: BuiltHost[] = wanted('portico') ? [await buildPortico()] : []
for (const peer of PEERS) if (wanted(peer)) hosts.push(await buildPeer(peer))
const served = await Promise.all(hosts.map(serve))
try {
  const timings = TIMING ? await openToFirstView(served) : undefined
  if (SCREENSHOTS) {
    const dir = join(repoRoot, 'docs', 'screenshots')
    mkdirSync(dir, { recursive: true })
    const remote = await screenshots(served.filter((s) => !ONLY || ONLY.includes(s.host.name)), dir)
    // One line per host; with --only, the other hosts' lines of the previous run are kept.
    const comparison = join(repoRoot, 'docs', 'COMPARISON.md')
    const previous = existsSync(comparison) ? readFileSync(comparison, 'utf8') : ''
    const lines = Object.entries(LABELS).flatMap(([name, label]) => {
      const seen = remote.get(name)
      if (!seen) return previous.split('\n').filter((line) => line.startsWith(`- ${label}: `))
      const tried = seen.tried.length ? seen.tried.map((h) => `\`${h}\``).join(', ') : 'none'
      return [`- ${label}: ${tried}; after approving, the modal ${seen.staysOpen ? 'stays open' : 'closes itself'}`]
    })
    const offlineBlock = `Hosts other than 127.0.0.1 each page tried to reach while the screenshots were taken (${new Date().toISOString().slice(0, 10)}; all blocked), and what the modal did after the wallet approved:\n\n${lines.join('\n')}`
    replaceBlock(comparison, '<!-- peers:offline:start -->', '<!-- peers:offline:end -->', offlineBlock)
    console.log(offlineBlock)
    if (VIEWS) await viewScreenshots(dir)
  }
  if (timings) {
    const portico = hosts[0]!
    const porticoMedian = median(timings.get('portico')!.times)
    const rows = hosts.map((h) => {
      const t = timings.get(h.name)!
      const m = median(t.times)
      const vs = h === portico ? '1.0x / 1.0x' : `${(h.initialGzip / portico.initialGzip).toFixed(1)}x / ${(m / porticoMedian).toFixed(1)}x`
      return `| ${LABELS[h.name]} | ${kb(h.initialGzip)} | ${kb(h.allJsGzip)} | ${kb(t.fetchedGzip)} | ${m.toFixed(1)} ms (min ${Math.min(...t.times).toFixed(1)}, max ${Math.max(...t.times).toFixed(1)}) | ${vs} | ${[...t.remote].sort().join(', ') || 'none'} |`
    })
    const table = `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:peers\` (Vite 8 / rolldown production builds with the same settings, gzip -9;
Debian Chromium headless, offline, ${RUNS} page loads per host, interleaved).

| host | initial JS+CSS (KB gzip) | all JS (KB gzip) | fetched until the first view (KB gzip) | open-to-first-view median (min, max) | size / open time vs Portico | remote hosts tried on load and open (all blocked) |
|---|---|---|---|---|---|---|
${rows.join('\n')}`
    replaceBlock(
      join(repoRoot, 'BENCHMARKS.md'),
      '<!-- peers:start -->',
      '<!-- peers:end -->',
      table,
      '## Peers\n\nPortico next to Reown AppKit, RainbowKit and ConnectKit: see docs/COMPARISON.md for the method, the hosts and screenshots.\n\n',
    )
    replaceBlock(join(repoRoot, 'docs', 'COMPARISON.md'), '<!-- peers:start -->', '<!-- peers:end -->', table)
    console.log(table)
  } else {
    for (const h of hosts) console.log(`${h.name}: initial ${kb(h.initialGzip)} KB gzip, all JS ${kb(h.allJsGzip)} KB gzip`)
  }
} finally {
  for (const s of served) s.close()
}
