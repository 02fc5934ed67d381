/**
 * Issue 25 §6, the missing peer as a host meets it: a Vite host from `npm pack` composes solana() without installing
 * its libraries. The build succeeds (no "is not exported by __vite-optional-peer-dep"), and in Chromium the page
 * learns what to install through the modal's error event: the error names the plugin and gives the exact install
 * line docs/OPTIONS.md gives; the page is not stopped by Vite's throwing stand-in, and the modal opens.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './browser.ts'
import { buildApp, packPortico, repoVersion, serveStatic } from './packed-app.ts'

let browser: Browser
let work: string
let app: { dir: string; dist: string } | undefined
let server: { url: string; stop(): Promise<void> } | undefined

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'portico-missing-peer-'))
  const tarball = packPortico(work)
  // Only what the README's example installs: no @solana/web3.js, no @wallet-standard/app.
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

describe('a host without the solana plugin’s libraries (issue 25 §6)', () => {
  it('builds, and the page is told which packages to install, with the documented line', async () => {
    const install = /^\| `solana` \| `(npm i [^`]+)`/m.exec(readFileSync(new URL('../../docs/OPTIONS.md', import.meta.url), 'utf8'))?.[1]
    expect(install).toBe('npm i @solana/web3.js @wallet-standard/app')
    const page = await browser.newPage()
    await page.goto(server!.url)
    const alert = page.getByRole('alert', { name: 'Portico error' })
    await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain(
      `The solana plugin needs @solana/web3.js and @wallet-standard/app, which are not installed: ${install}`,
    )
    // The modal stays usable for the host's other namespaces.
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor({ timeout: 30_000 })
    await page.close()
  })
})
