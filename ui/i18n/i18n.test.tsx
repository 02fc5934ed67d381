// @vitest-environment happy-dom
import { Suspense } from 'react'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, ErrorText, KernelTokens, type Modal } from '../../kernel/index.ts'
import { PorticoProvider } from '../react/context.tsx'
import { headlessMessages } from '../react/headless-messages.ts'
import {
  coreMessages,
  createFormatters,
  defineMessages,
  errorMessages,
  loadMessages,
  pluralKey,
  resolveLocale,
  textDirection,
  TRANSLATED_LOCALES,
  useErrorText,
  useLocale,
  useStrings,
  type Catalogue,
} from './index.ts'

type AnyCatalogue = Catalogue<Record<string, string>>

/** Every catalogue in the project: core, errors, and each plugin's `messages.ts` (`export const messages`). */
const pluginCatalogues = import.meta.glob<{ messages: AnyCatalogue }>('../../plugins/*/messages.ts', { eager: true })
/** The SPEC §8 texts: English is the text itself, so the expected keys are the kernel catalogue's texts. */
const errorsWithEnglish: AnyCatalogue = {
  en: Object.fromEntries(Object.values(ErrorText).map((text) => [text, text])),
  load: errorMessages.load as AnyCatalogue['load'],
}
const catalogues: Array<[string, AnyCatalogue]> = [
  ['core', coreMessages as unknown as AnyCatalogue],
  ['errors', errorsWithEnglish],
  ['headless', headlessMessages as unknown as AnyCatalogue],
  ...Object.entries(pluginCatalogues).map(([file, m]) => [file.replace(/^(\.\.\/)+/, ''), m.messages] as [string, AnyCatalogue]),
]

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('every language has every key', () => {
  for (const [name, catalogue] of catalogues) {
    for (const locale of TRANSLATED_LOCALES) {
      it(`${name}: ${locale}`, async () => {
        const translated = (await catalogue.load[locale]()).default as Record<string, string>
        const missing = Object.keys(catalogue.en).filter((k) => !(k in translated))
        const extra = Object.keys(translated).filter((k) => !(k in catalogue.en))
        expect({ missing, extra }).toEqual({ missing: [], extra: [] })
        for (const [key, english] of Object.entries(catalogue.en)) {
          expect(translated[key], `${locale} ${key}`).toMatch(/\S/)
          // A translation keeps the placeholders the code fills in.
          expect(placeholders(translated[key]!), `${locale} ${key}`).toEqual(placeholders(english))
        }
      })
    }
  }
})

describe('choosing the language', () => {
  it("takes the host's locale, the closest supported one, then the browser's, then English", () => {
    expect(resolveLocale('de')).toBe('de')
    expect(resolveLocale('de-AT')).toBe('de')
    expect(resolveLocale('pt')).toBe('pt-BR')
    expect(resolveLocale('zh-TW')).toBe('zh-CN')
    expect(resolveLocale('ZH-cn')).toBe('zh-CN')
    expect(resolveLocale('sv', ['sv-SE', 'fr-CA', 'en'])).toBe('fr')
    expect(resolveLocale(undefined, ['ko-KR'])).toBe('ko')
    expect(resolveLocale('not a tag!!', [])).toBe('en')
    expect(resolveLocale(undefined, [])).toBe('en')
  })

  it('Arabic is written right to left, the others left to right', () => {
    expect(textDirection('ar')).toBe('rtl')
    for (const l of ['en', 'de', 'ja', 'zh-CN']) expect(textDirection(l)).toBe('ltr')
  })
})

describe('loading', () => {
  it('English is synchronous; another language loads once and is then synchronous; a failed chunk falls back to English', async () => {
    expect(loadMessages(coreMessages, 'en')).toBe(coreMessages.en)
    const pending = loadMessages(coreMessages, 'de')
    expect(pending).toBeInstanceOf(Promise)
    const de = await pending
    expect(de.connectWallet).not.toBe(coreMessages.en.connectWallet)
    expect(loadMessages(coreMessages, 'de')).toBe(de)

    const broken = defineMessages({ hello: 'Hello' }, Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, () => Promise.reject(new Error('offline'))])) as never)
    expect(await loadMessages(broken, 'fr')).toEqual({ hello: 'Hello' })
  })

  it('plural keys follow the language’s rules', () => {
    const messages = { items_one: '{count} item', items_two: '{count} items (two)', items_other: '{count} items' }
    expect(pluralKey(messages, 'items', 1, 'en')).toBe('items_one')
    expect(pluralKey(messages, 'items', 2, 'en')).toBe('items_other')
    expect(pluralKey(messages, 'items', 2, 'ar')).toBe('items_two')
    expect(pluralKey(messages, 'items', 1, 'ja')).toBe('items_other')
  })
})

describe('formatting per language', () => {
  it('numbers, decimal strings, currencies and dates', () => {
    const de = createFormatters('de')
    expect(de.number(1234.5678)).toBe('1.234,568')
    expect(de.decimal('1234567.891')).toBe('1.234.567,891')
    expect(de.currency(29999970).replace(/\s/g, ' ')).toBe('29.999.970,00 $')
    const en = createFormatters('en')
    expect(en.number(1234.5678)).toBe('1,234.568')
    expect(en.decimal('-9999.99')).toBe('-9,999.99')
    expect(en.decimal('not a number')).toBe('not a number')
    expect(en.date(Date.UTC(2026, 10, 23, 12))).toBe('Nov 23, 2026')
    expect(createFormatters('ja').date(Date.UTC(2026, 10, 23, 12))).toBe('2026/11/23')
  })
})

let modal: Modal | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

function Probe() {
  const strings = useStrings()
  const { locale, dir } = useLocale()
  const errorText = useErrorText()
  return (
    <p data-locale={locale} data-dir={dir}>
      {strings.connectWallet} | {errorText('Modal closed')} | {errorText('A wallet said no')}
    </p>
  )
}

describe('in React', () => {
  it("renders the host's language, switches at runtime, and keeps uncatalogued texts verbatim", async () => {
    const m = createModal({ storage: createMemoryAdapter(), locale: 'de' })
    modal = m
    await m.ready
    const de = (await coreMessages.load.de()).default
    const deErrors = (await errorMessages.load.de()).default
    // In act: React flushes the retry after the language chunk resolves inside the act scope.
    await act(async () => {
      render(
        <PorticoProvider modal={m}>
          <Suspense fallback={<span>loading</span>}>
            <Probe />
          </Suspense>
        </PorticoProvider>,
      )
    })
    const text = await screen.findByText(new RegExp(`^${de.connectWallet}`))
    expect(text.textContent).toBe(`${de.connectWallet} | ${deErrors['Modal closed']} | A wallet said no`)
    expect(text.getAttribute('data-dir')).toBe('ltr')

    const ar = (await coreMessages.load.ar()).default
    await act(async () => modal!.get(KernelTokens.Options).setLocale('ar'))
    const arabic = await screen.findByText(new RegExp(`^${ar.connectWallet}`))
    expect(arabic.getAttribute('data-locale')).toBe('ar')
    expect(arabic.getAttribute('data-dir')).toBe('rtl')
  })
})
