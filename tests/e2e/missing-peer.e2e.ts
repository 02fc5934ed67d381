/**
 * Issue 25 §6, the missing peer as a host meets it: a Vite host from `npm pack` composes solana(), bip122(), cosmos()
 * and polkadot() without installing their libraries. The build succeeds (no "is not exported by
 * __vite-optional-peer-dep"), and in Chromium the page learns what to install through the modal's error event: each
 * error names the plugin and gives the exact install line docs/OPTIONS.md gives; the page is not stopped by Vite's
 * throwing stand-ins, and the modal opens. solana and bip122 say it when discovery starts; cosmos and polkadot when an
 * account connected with portico/testing's fake wallet shows its balance, and the account stays connected.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installWallet, modalPage } from '../../testing/playwright.ts'
import { launchChromium } from './browser.ts'
import { sharedTarball } from '../package/shared-pack.ts'
import { buildApp, repoVersion, serveStatic } from './packed-app.ts'

let browser: Browser
let work: string
let app: { dir: string; dist: string } | undefined
let server: { url: string; stop(): Promise<void> } | undefined

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'portico-missing-peer-'))
  const tarball = await sharedTarball(work)
  // Only what the README's example installs: none of the chain plugins' libraries.
  app = buildApp({
    template: 'tests/e2e/peer-host',
    name: 'missing-peer-host',
    dependencies: { portico: `file:${tarball}`, react: repoVersion('react'), 'react-dom': repoVersion('react-dom') },
    devDependencies: { vite: repoVersion('vite'), '@vitejs/plugin-react': repoVersion('@vitejs/plugin-react') },
  })
  server = await serveStatic(app.dist)
  browser = await launchChromium()
}, 900_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  if (app) rmSync(app.dir, { recursive: true, force: true })
  if (work) rmSync(work, { recursive: true, force: true })
}, 120_000)

/** docs/OPTIONS.md's install line of a plugin. */
function documentedInstall(plugin: string): string | undefined {
  return new RegExp(`^\\| \`${plugin}\` \\| \`(npm i [^\`]+)\``, 'm').exec(readFileSync(new URL('../../docs/OPTIONS.md', import.meta.url), 'utf8'))?.[1]
}

/** The MissingPeerError text for a plugin, with its documented install line. */
function missing(plugin: string, packages: string): string {
  return `The ${plugin} plugin needs ${packages}, which ${packages.includes(' and ') ? 'are' : 'is'} not installed: ${documentedInstall(plugin)}`
}

describe('a host without the chain plugins’ libraries (issue 25 §6)', () => {
  it('builds; solana and bip122 tell the page which packages to install, with the documented lines, and the modal opens', async () => {
    expect(documentedInstall('solana')).toBe('npm i @solana/web3.js @wallet-standard/app')
    expect(documentedInstall('bip122')).toBe('npm i bitcoinjs-lib @wallet-standard/app')
    const page = await browser.newPage()
    await page.goto(server!.url)
    const alert = page.getByRole('alert', { name: 'Portico error' })
    await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain(missing('solana', '@solana/web3.js and @wallet-standard/app'))
    await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain(missing('bip122', 'bitcoinjs-lib and @wallet-standard/app'))
    // The modal stays usable for the host's other namespaces.
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor({ timeout: 30_000 })
    // Nothing else failed: each line is one of the two.
    expect((await alert.textContent())!.trim().split('\n')).toHaveLength(2)
    await page.close()
  })

  for (const [plugin, packages] of [['cosmos', '@cosmjs/stargate'], ['polkadot', '@polkadot/api']] as const) {
    it(`${plugin}: an account connects, and showing its balance tells the page to ${documentedInstall(plugin)}`, async () => {
      expect(documentedInstall(plugin)).toBe(`npm i ${packages}`)
      const context = await browser.newContext()
      const page = await context.newPage()
      const wallet = await installWallet(page, { namespaces: [plugin], persist: false })
      await page.goto(server!.url)
      const alert = page.getByRole('alert', { name: 'Portico error' })
      // Discovery of the other plugins has spoken; this one has said nothing yet.
      await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain(missing('bip122', 'bitcoinjs-lib and @wallet-standard/app'))
      expect(await alert.textContent()).not.toContain(`The ${plugin} plugin`)
      const modal = modalPage(page)
      await modal.open()
      await modal.chooseWallet('Portico Dev Wallet')
      await wallet.approve({ namespace: plugin })
      const { full } = await modal.account()
      expect(full).toBe(wallet.accounts[plugin]![0])
      await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain(missing(plugin, packages))
      // Still connected, and the modal still answers.
      expect((await modal.account()).full).toBe(full)
      await context.close()
    })
  }
})
