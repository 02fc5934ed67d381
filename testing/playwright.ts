/**
 * portico/testing/playwright: browser-test helpers for apps that embed the Portico modal.
 *
 * - `installWallet(page, options)` puts the fake wallets of portico/testing into the page before any of its scripts run
 *   (page.addInitScript with a browser bundle built once per process by Vite) and answers their prompts from the test:
 *   `await wallet.approve()`, `await wallet.reject()`, `await wallet.setFailures({ locked: true })`, `wallet.accounts`.
 * - `modalPage(page)`: the modal as a page object (open, chooseWallet, account, switchNetwork, disconnect) that finds
 *   everything by role and accessible name.
 * - `porticoFixtures(options)`: the same two as `wallet` and `modal` fixtures for @playwright/test's `test.extend`.
 *
 * Works with playwright-core or @playwright/test (the Page type is playwright-core's, which @playwright/test re-exports);
 * needs `vite` to build the wallet bundle (or pass a prebuilt one as `bundle`).
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, LaunchOptions, Locator, Page } from 'playwright-core'
import { launchFirstChromium } from './browser.ts'

/** The Chromium resolver the kit launches with (env, Debian, Playwright's cache, then the npm-installed build). */
export { findChromium, launchFirstChromium } from './browser.ts'
import { createFakeWallets, type FakeNamespace, type FakeWalletAccounts, type FakeWalletFailures, type FakeWalletRequest, type FakeWalletsOptions } from './fake-wallets.ts'

export type { FakeWalletFailures, FakeWalletRequest, FakeNamespace, FakeWalletAccounts } from './fake-wallets.ts'

/** The options of the page's fake wallets: createFakeWallets' options that survive JSON (no prompt function, no window). */
export type PageWalletOptions = Omit<FakeWalletsOptions, 'prompt' | 'window' | 'storage' | 'seed'> & {
  seed?: string
  /** 'dom' also shows the in-page prompt (role dialog "Portico Dev Wallet"); default 'test' (answered only by the test). */
  prompt?: 'test' | 'dom'
  /** false: the wallets remember nothing across reloads. Default: localStorage, as an extension remembers a site. */
  persist?: boolean
  /** The wallet bundle's source, when you build it yourself (see fakeWalletBundle). */
  bundle?: string
  /** How long approve()/reject() wait for a request to arrive (ms). Default 15 000. */
  timeoutMs?: number
}

/** The fake wallets of one page, driven from the test. */
export interface PageWallet {
  /** Addresses per namespace (derived from the seed in the test process; the page derives the same). */
  readonly accounts: FakeWalletAccounts
  /** The first eip155 address (the one a connect shows), when eip155 is installed. */
  readonly address: string | undefined
  /** Waits for the next request the user would be asked about and approves it; answers that request. */
  approve(options?: { namespace?: FakeNamespace }): Promise<FakeWalletRequest>
  /** Waits for the next request and rejects it (4001). */
  reject(options?: { namespace?: FakeNamespace }): Promise<FakeWalletRequest>
  /** Replaces the failure flags of every wallet in the page (or of the namespaces listed). */
  setFailures(failures: FakeWalletFailures, namespaces?: FakeNamespace[]): Promise<void>
  setAutoApprove(value: boolean): Promise<void>
  /** Requests waiting for an answer, oldest first. */
  pendingRequests(): Promise<FakeWalletRequest[]>
}

/** What the wallet bundle leaves on the page's window. */
type FakeWalletWindow = { __porticoFakeWallets?: import('./fake-wallets.ts').FakeWallets }

let bundlePromise: Promise<string> | undefined

/** Builds the fake wallets' browser bundle (an IIFE, ~3 MB unminified) with Vite once per process. */
export function fakeWalletBundle(): Promise<string> {
  bundlePromise ??= (async () => {
    const entry = ['./fake-wallets.browser.ts', './fake-wallets.browser.js']
      .map((p) => fileURLToPath(new URL(p, import.meta.url)))
      .find((p) => existsSync(p))
    if (!entry) throw new Error('portico/testing/playwright: the fake wallet entry (fake-wallets.browser.js) is missing')
    let vite: typeof import('vite')
    try {
      vite = await import('vite')
    } catch {
      throw new Error('portico/testing/playwright builds its wallet bundle with Vite: install vite, or pass `bundle`')
    }
    const result = await vite.build({
      configFile: false,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        write: false,
        minify: false,
        lib: { entry, formats: ['iife'], name: 'PorticoFakeWallets', fileName: () => 'portico-fake-wallets.js' },
      },
    })
    const outputs = (Array.isArray(result) ? result : [result]) as Array<{ output: Array<{ type: string; code?: string }> }>
    const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk' && o.code)
    if (!chunk?.code) throw new Error('portico/testing/playwright: the wallet bundle came out empty')
    return chunk.code
  })()
  bundlePromise.catch(() => (bundlePromise = undefined))
  return bundlePromise
}

/**
 * Installs the fake wallets into `page` before it loads (call before page.goto; they come back on every navigation and
 * reload, remembering connections in localStorage as an extension would).
 */
export async function installWallet(page: Page, options: PageWalletOptions = {}): Promise<PageWallet> {
  const { bundle, persist, timeoutMs = 15_000, ...walletOptions } = options
  const pageOptions: FakeWalletsOptions = { ...walletOptions, ...(persist === false ? { storage: null } : {}) }
  const source = bundle ?? (await fakeWalletBundle())
  await page.addInitScript({ content: `window.__PORTICO_FAKE_WALLETS_OPTIONS__ = ${JSON.stringify(pageOptions)};\n${source}` })
  // The same wallets in the test process, only to know their accounts.
  const accounts = await createFakeWallets({ ...pageOptions, storage: null, prompt: 'test' }).accounts()

  const answer = async (ok: boolean, namespace: FakeNamespace | undefined): Promise<FakeWalletRequest> => {
    await page.waitForFunction(
      (ns) => (window as unknown as FakeWalletWindow).__porticoFakeWallets?.pendingRequests().some((r) => !ns || r.namespace === ns) ?? false,
      namespace,
      { timeout: timeoutMs, polling: 20 },
    )
    return page.evaluate(
      ({ ok, ns }) => {
        const wallets = (window as unknown as FakeWalletWindow).__porticoFakeWallets!
        const request = wallets.pendingRequests().find((r) => !ns || r.namespace === ns)!
        if (ok) wallets.approve(request.id)
        else wallets.reject(request.id)
        return request
      },
      { ok, ns: namespace },
    )
  }

  return {
    accounts,
    address: accounts.eip155?.[0],
    approve: (o) => answer(true, o?.namespace),
    reject: (o) => answer(false, o?.namespace),
    setFailures: (failures, namespaces) =>
      page.evaluate(({ failures, namespaces }) => (window as unknown as FakeWalletWindow).__porticoFakeWallets!.setFailures(failures, namespaces), { failures, namespaces }),
    setAutoApprove: (value) => page.evaluate((value) => (window as unknown as FakeWalletWindow).__porticoFakeWallets!.setAutoApprove(value), value),
    pendingRequests: () => page.evaluate(() => (window as unknown as FakeWalletWindow).__porticoFakeWallets?.pendingRequests() ?? []),
  }
}

export type ModalPageOptions = {
  /** The host's button that opens the modal while disconnected. Default 'Connect Wallet' (as `<ConnectButton/>`). */
  connectButton?: string | RegExp
  /**
   * The host's button that opens the Account view while connected. Default: a button whose name holds a truncated
   * address ('0xf3…b92266', as `<ConnectButton/>` shows it).
   */
  accountButton?: string | RegExp
}

/** The modal as a page object. Every element is found by role and accessible name. */
export interface ModalPage {
  /** The modal's dialog (the one showing a view; name = the view's title when given). */
  dialog(name?: string | RegExp): Locator
  /** Clicks the host's connect button and waits for the modal. */
  open(): Promise<void>
  /** In the Connect view, picks the wallet whose name starts with `name`. */
  chooseWallet(name: string): Promise<void>
  /** Opens the Account view when needed and reads the address it shows: `full` (its title) and `shown` (the text). */
  account(): Promise<{ full: string; shown: string }>
  /** Switches the network from the Account view to the one whose name starts with `name`. */
  switchNetwork(name: string): Promise<void>
  /** Disconnects from the Account view and waits for the modal to leave it. */
  disconnect(): Promise<void>
  /** The text of the modal's alert (an error shown in a view), once there is one. */
  error(): Promise<string>
  close(): Promise<void>
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const startsWith = (name: string) => new RegExp(`^${escape(name)}`)

export function modalPage(page: Page, options: ModalPageOptions = {}): ModalPage {
  const connectButton = options.connectButton ?? 'Connect Wallet'
  const accountButton = options.accountButton ?? /…/
  // The modal's dialogs are aria-modal; the fake wallet's in-page prompt is a non-modal dialog named after the wallet.
  const dialog = (name?: string | RegExp): Locator => {
    const modal = page.locator('[role="dialog"][aria-modal="true"]')
    return name === undefined ? modal : page.getByRole('dialog', { name, exact: typeof name === 'string' }).and(modal)
  }
  const accountView = (): Locator => dialog('Account')

  const openAccount = async (): Promise<Locator> => {
    const view = accountView()
    if (!(await view.isVisible())) {
      await page.getByRole('button', { name: accountButton }).first().click()
      await view.waitFor()
    }
    return view
  }

  return {
    dialog,
    async open() {
      await page.getByRole('button', { name: connectButton, exact: typeof connectButton === 'string' }).click()
      await dialog().first().waitFor()
    },
    async chooseWallet(name) {
      await dialog('Connect Wallet').getByRole('button', { name: startsWith(name) }).first().click()
    },
    async account() {
      const view = await openAccount()
      // The address line carries the full address as its title (the text may be truncated or a profile name).
      const address = view.locator('.portico-address[title]').first()
      await address.waitFor()
      return { full: (await address.getAttribute('title')) ?? '', shown: (await address.innerText()).trim() }
    },
    async switchNetwork(name) {
      const view = await openAccount()
      await view.getByRole('button', { name: /^Switch network, current: / }).click()
      await dialog('Select network').getByRole('button', { name: startsWith(name) }).first().click()
    },
    async disconnect() {
      const view = await openAccount()
      await view.getByRole('button', { name: 'Disconnect', exact: true }).click()
      await view.waitFor({ state: 'detached' })
    },
    async error() {
      const alert = dialog().getByRole('alert').first()
      await alert.waitFor()
      return (await alert.innerText()).trim()
    },
    async close() {
      await dialog().first().getByRole('button', { name: 'Close' }).first().click()
    },
  }
}

/**
 * Launches a headless Chromium through playwright-core with no set-up step: the first that starts of PORTICO_CHROMIUM /
 * CHROME_PATH, the system's (/usr/bin/chromium ...), Playwright's cache, and @sparticuz/chromium when installed.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const { chromium } = await import('playwright-core')
  return launchFirstChromium((executablePath, env) =>
    chromium.launch({
      ...options,
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', ...(options.args ?? [])],
      ...(env ? { env: { ...process.env, ...env } as Record<string, string> } : {}),
    }),
  )
}

/** A fixture function as @playwright/test's `test.extend` takes it (structurally typed; no import of @playwright/test). */
export type PlaywrightFixture<T> = (args: { page: Page }, use: (value: T) => Promise<void>) => Promise<void>

export type PorticoFixtures = { wallet: PageWallet; modal: ModalPage }

/**
 * `wallet` and `modal` fixtures for @playwright/test:
 * @example
 * import { test as base, expect } from '@playwright/test'
 * import { porticoFixtures, type PorticoFixtures } from 'portico/testing/playwright'
 * export const test = base.extend<PorticoFixtures>(porticoFixtures({ namespaces: ['eip155'] }))
 * test('connects', async ({ page, wallet, modal }) => { await page.goto('/'); await modal.open(); ... })
 */
export function porticoFixtures(
  options: PageWalletOptions = {},
  modalOptions: ModalPageOptions = {},
): { wallet: PlaywrightFixture<PageWallet>; modal: PlaywrightFixture<ModalPage> } {
  return {
    wallet: async ({ page }, use) => use(await installWallet(page, options)),
    modal: async ({ page }, use) => use(modalPage(page, modalOptions)),
  }
}
