/**
 * Issue 17 item 4: reduced motion honoured. In a real Chromium (the media query and computed styles need a
 * rendering engine), the modal's stylesheet runs the SPEC §9 animations (view transition 150 ms, header text 120 ms,
 * modal height 150 ms) normally and switches them off under `prefers-reduced-motion: reduce`.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../e2e/browser.ts'
import { porticoCss } from '../../ui/theme/styles.ts'
import { themeStyle } from '../../ui/theme/tokens.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const vars = Object.entries(themeStyle('light')).map(([k, v]) => `${k}:${v}`).join(';')
const html = `<!doctype html><style>${porticoCss}</style>
<div class="portico-root" style="${vars}"><div class="portico-dialog"><h2 class="portico-header-title">Connect Wallet</h2><div class="portico-view">x</div></div></div>`

async function motion(reducedMotion: 'reduce' | 'no-preference') {
  const page = await browser.newPage()
  try {
    await page.emulateMedia({ reducedMotion })
    await page.setContent(html)
    return await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!)
      return {
        view: [style('.portico-view').animationName, style('.portico-view').animationDuration],
        header: [style('.portico-header-title').animationName, style('.portico-header-title').animationDuration],
        height: [style('.portico-dialog').transitionProperty, style('.portico-dialog').transitionDuration],
      }
    })
  } finally {
    await page.close()
  }
}

describe('prefers-reduced-motion', () => {
  it('SPEC §9 animations run without the preference', async () => {
    expect(await motion('no-preference')).toEqual({
      view: ['portico-view-forward', '0.15s'],
      header: ['portico-fade-in', '0.12s'],
      height: ['height', '0.15s'],
    })
  })

  it('are off with it', async () => {
    const reduced = await motion('reduce')
    expect(reduced.view[0]).toBe('none')
    expect(reduced.header[0]).toBe('none')
    expect(reduced.height[1]).toBe('0s')
  })
})
