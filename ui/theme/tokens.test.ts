import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { formatMessage, strings } from './i18n.ts'
import { ANIMATION_MS, DEFAULT_MODAL_WIDTH, DEFAULT_Z_INDEX, porticoCss } from './styles.ts'
import { themeStyle, themeTokens } from './tokens.ts'

describe('themeStyle', () => {
  it('SPEC §2: default modal width is 360px and z-index 999 in both modes', () => {
    for (const mode of ['light', 'dark'] as const) {
      const style = themeStyle(mode)
      expect(style['--portico-modal-width']).toBe('360px')
      expect(style['--portico-z-index']).toBe('999')
    }
    expect(DEFAULT_MODAL_WIDTH).toBe(360)
    expect(DEFAULT_Z_INDEX).toBe(999)
  })

  it('merges overrides on top of the mode tokens and ignores undefined ones', () => {
    const style = themeStyle('dark', { '--portico-accent': '#ff007a', '--portico-font-family': undefined })
    expect(style['--portico-accent']).toBe('#ff007a')
    expect(style['--portico-font-family']).toBe(themeTokens.dark['--portico-font-family'])
    expect(style['--portico-bg']).toBe(themeTokens.dark['--portico-bg'])
    expect(style['--portico-modal-width']).toBe('360px')
    expect(themeTokens.dark['--portico-accent']).not.toBe('#ff007a')
  })

  it('light and dark define the same tokens with different colours', () => {
    expect(Object.keys(themeTokens.light).sort()).toEqual(Object.keys(themeTokens.dark).sort())
    expect(themeTokens.light['--portico-bg']).not.toBe(themeTokens.dark['--portico-bg'])
    for (const name of ['bg', 'fg', 'muted', 'border', 'accent', 'accent-fg', 'error', 'success', 'overlay']) {
      expect(themeTokens.light[`--portico-${name}` as keyof typeof themeTokens.light]).toBeTruthy()
    }
  })
})

describe('porticoCss', () => {
  it('SPEC §9: animates header text 120 ms, modal height 150 ms, view transition 150 ms', () => {
    expect(ANIMATION_MS).toEqual({ headerText: 120, modalHeight: 150, viewTransition: 150 })
    expect(porticoCss).toMatch(/\.portico-header-title\{[^}]*120ms/)
    expect(porticoCss).toMatch(/\.portico-dialog\{[^}]*transition:height 150ms/)
    expect(porticoCss).toMatch(/\.portico-view\{[^}]*150ms/)
  })

  it('puts the overlay on the z-index variable, sizes the dialog by the width variable and respects reduced motion', () => {
    expect(porticoCss).toMatch(/\.portico-overlay\{[^}]*position:fixed;inset:0;z-index:var\(--portico-z-index\)/)
    expect(porticoCss).toMatch(/\.portico-dialog\{[^}]*width:var\(--portico-modal-width\);max-width:calc\(100vw - 16px\)/)
    expect(porticoCss).toContain('@media (prefers-reduced-motion:reduce)')
  })

  it('scopes every class selector with the portico- prefix', () => {
    const classes = porticoCss.match(/\.[a-z][\w-]*/g) ?? []
    const unscoped = classes.filter((name) => !name.startsWith('.portico-') && !/^\.\d/.test(name))
    expect(unscoped).toEqual([])
  })
})

describe('strings', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage(strings.switchNetworkCurrent, { name: 'Ethereum' })).toBe('Switch network, current: Ethereum')
    expect(formatMessage('{a} {b}', { a: 1 })).toBe('1 {b}')
    expect(strings.connectWallet).toBe('Connect Wallet')
  })
})

describe('docs/THEMING.md (issue 17 item 4)', () => {
  const doc = readFileSync(new URL('../../docs/THEMING.md', import.meta.url), 'utf8')
  const examples = readFileSync(new URL('./theming.examples.tsx', import.meta.url), 'utf8')
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

  it('documents every variable', () => {
    const names = Object.keys(themeTokens.light).filter((name) => !/^--portico-(space|icon-size|logo-size)-/.test(name))
    expect(names.filter((name) => !doc.includes(`\`${name}\``))).toEqual([])
    for (const family of ['space-1', 'space-6', 'icon-size-sm', 'logo-size-lg']) expect(doc).toContain(`--portico-${family}`)
  })

  it('quotes its samples from the type-checked examples file', () => {
    const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!)
    expect(blocks.length).toBeGreaterThanOrEqual(4)
    expect(blocks.filter((block) => !squash(examples).includes(squash(block)))).toEqual([])
  })
})
