import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { chromiumCandidates, findChromium, launchFirstChromium, localChromiumCandidates, type ChromiumFs } from './browser.ts'

/** A file system holding exactly the given executables (folders are derived from them). */
function fakeFs(executables: string[]): ChromiumFs {
  return {
    isExecutable: (path) => executables.includes(path),
    list: (dir) => [...new Set(executables.filter((p) => p.startsWith(dir + '/')).map((p) => p.slice(dir.length + 1).split('/')[0]!))],
  }
}

const HOME = '/home/dev'
const CACHE = '/home/dev/.cache/ms-playwright'

describe('localChromiumCandidates (fake fs)', () => {
  it('tries the env variables, then the system paths, then the Playwright cache, in that order', () => {
    const fs = fakeFs(['/opt/my-chrome', '/usr/bin/chromium-browser', `${CACHE}/chromium-1200/chrome-linux/chrome`])
    const { found, tried } = localChromiumCandidates({ env: { PORTICO_CHROMIUM: '/opt/my-chrome', CHROME_PATH: '/nope/chrome', HOME }, fs })
    expect(found.map((c) => [c.source, c.executablePath])).toEqual([
      ['env', '/opt/my-chrome'],
      ['system', '/usr/bin/chromium-browser'],
      ['playwright-cache', `${CACHE}/chromium-1200/chrome-linux/chrome`],
    ])
    expect(tried.slice(0, 5)).toEqual(['/opt/my-chrome', '/nope/chrome', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'])
  })

  it('prefers the newest Playwright build and honours PLAYWRIGHT_BROWSERS_PATH', () => {
    const fs = fakeFs(['/pw/chromium-999/chrome-linux/chrome', '/pw/chromium-1100/chrome-linux/chrome', '/pw/firefox-1/firefox'])
    const { found } = localChromiumCandidates({ env: { PLAYWRIGHT_BROWSERS_PATH: '/pw' }, systemPaths: [], fs })
    expect(found.map((c) => c.executablePath)).toEqual(['/pw/chromium-1100/chrome-linux/chrome', '/pw/chromium-999/chrome-linux/chrome'])
  })

  it('finds nothing on an empty machine and lists every path it tried', () => {
    const { found, tried } = localChromiumCandidates({ env: { HOME }, fs: fakeFs([]) })
    expect(found).toEqual([])
    expect(tried).toEqual(['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', `${CACHE}/chromium-*/chrome-linux/chrome`])
  })

  it('findChromium throws an error naming every path tried when none is found', async () => {
    const error = await findChromium({ env: { HOME, CHROME_PATH: '/x/chrome' }, fs: fakeFs([]), npm: false }).catch((e: Error) => e)
    expect(error).toBeInstanceOf(Error)
    for (const path of ['/x/chrome', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', `${CACHE}/chromium-*/chrome-linux/chrome`]) {
      expect((error as Error).message).toContain(`${path}: not found`)
    }
    expect((error as Error).message).toContain('PORTICO_CHROMIUM')
  })

  it('launchFirstChromium falls through to the next candidate when one does not start, and reports each failure', async () => {
    const fs = fakeFs(['/usr/bin/chromium', '/usr/bin/google-chrome'])
    const launched: string[] = []
    const browser = await launchFirstChromium(
      async (path) => {
        launched.push(path)
        if (path === '/usr/bin/chromium') throw new Error('Failed to launch: missing libnss3.so\nmore')
        return { path }
      },
      { env: { HOME }, fs, npm: false },
    )
    expect(browser).toEqual({ path: '/usr/bin/google-chrome' })
    expect(launched).toEqual(['/usr/bin/chromium', '/usr/bin/google-chrome'])

    const error = await launchFirstChromium(
      () => Promise.reject(new Error('crashed')),
      { env: { HOME }, fs, npm: false },
    ).catch((e: Error) => e)
    expect((error as Error).message).toContain('/usr/bin/chromium: crashed')
    expect((error as Error).message).toContain('/usr/bin/google-chrome: crashed')
    expect((error as Error).message).toContain('/usr/bin/chromium-browser: not found')
  })
})

describe('the npm-shipped Chromium (@sparticuz/chromium)', () => {
  const unpackDir = mkdtempSync(join(tmpdir(), 'portico-chromium-test-'))
  afterAll(() => rmSync(unpackDir, { recursive: true, force: true }))

  it('is unpacked when nothing local exists (env unset, system paths hidden) and really launches headless', async () => {
    const { chromium } = await import('playwright-core')
    const options = { env: { HOME: unpackDir }, systemPaths: [], playwrightCache: join(unpackDir, 'none'), unpackDir }
    const { found, tried } = await chromiumCandidates(options)
    expect(found.map((c) => c.source)).toEqual(['npm'])
    expect(tried.at(-1)).toBe(found[0]!.executablePath)
    expect(found[0]!.executablePath.startsWith(unpackDir)).toBe(true)

    let usedPath = ''
    const browser = await launchFirstChromium((executablePath, env) => {
      usedPath = executablePath
      return chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'], env: { ...process.env, ...env } as Record<string, string> })
    }, options)
    try {
      expect(usedPath).toBe(found[0]!.executablePath)
      const page = await browser.newPage()
      await page.setContent('<main><h1>Portico</h1><button type="button" onclick="this.textContent=\'Clicked\'">Connect Wallet</button></main>')
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      expect(await page.getByRole('button').textContent()).toBe('Clicked')
      expect(await page.evaluate(() => navigator.userAgent)).toContain('HeadlessChrome')
    } finally {
      await browser.close()
    }
  }, 120_000)
})
