/**
 * Issue 23 item 2: docs/SPEC.md is the behaviour contract the code cites. Every catalogued error text the kernel
 * shows (kernel/errors: the SPEC §8 catalogue with the §4, §5 and §6 texts) and every SPEC §8 text the local stack's
 * servers send appears there verbatim, on one line (so a search for the text finds it), and every "SPEC §N" that a
 * tracked source, doc or test cites names a section N of docs/SPEC.md.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as kernelErrors from '../kernel/errors/index.ts'
import { GAS_PRICE_UNSUPPORTED, SWAPS_UNSUPPORTED } from '../stack/api/convert-routes.ts'
import { DEFAULT_ERROR_MESSAGE, FARCASTER_FAILED_MESSAGE, NOT_CONNECTED_MESSAGE } from '../stack/secure-site/frame/controller.ts'
import { ApiErrorText } from '../stack/secure-site/server/api-types.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SPEC = readFileSync(join(ROOT, 'docs/SPEC.md'), 'utf8')

/** The strings of a module's exports: string constants, records of strings, and alerts' short messages. */
export function catalogueTexts(exports: Record<string, unknown>): string[] {
  const texts: string[] = []
  for (const value of Object.values(exports)) {
    if (typeof value === 'string') texts.push(value)
    else if (value && typeof value === 'object') {
      for (const entry of Object.values(value)) {
        if (typeof entry === 'string') texts.push(entry)
        else if (entry && typeof entry === 'object' && typeof (entry as { shortMessage?: unknown }).shortMessage === 'string') {
          texts.push((entry as { shortMessage: string }).shortMessage)
        }
      }
    }
  }
  return texts
}

/** The texts of `texts` that `doc` does not hold verbatim. */
export function missingTexts(doc: string, texts: readonly string[]): string[] {
  return texts.filter((t) => !doc.includes(t))
}

/** The section numbers cited as "SPEC §N" (also "§N, §M" lists after SPEC) in `text`. */
export function citedSections(text: string): number[] {
  const found = new Set<number>()
  for (const m of text.matchAll(/SPEC((?:[\s,]*(?:and\s+)?§\s?\d+(?:\.\d+)?)+)/g)) {
    for (const n of m[1]!.matchAll(/§\s?(\d+)/g)) found.add(Number(n[1]))
  }
  return [...found].sort((a, b) => a - b)
}

/** The `## N.` section numbers of a markdown document. */
export function sectionsOf(doc: string): number[] {
  return [...doc.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]))
}

describe('docs/SPEC.md, the contract the code cites (issue 23 item 2)', () => {
  it('holds every text of the kernel catalogue verbatim (kernel/errors, with the texts made from a value)', () => {
    const texts = [
      ...catalogueTexts(kernelErrors.ErrorText as unknown as Record<string, unknown>),
      ...catalogueTexts(kernelErrors as unknown as Record<string, unknown>),
      kernelErrors.noRpcUrl('{id}'),
      kernelErrors.namespaceNotConfigured('{ns}'),
      kernelErrors.failedToSwitchChain('...'),
      kernelErrors.userOperationReceiptFailed('{status}'),
      kernelErrors.tryAgainAfter('{n}' as unknown as number),
    ]
    // The catalogue is all there (a broken import would pass vacuously).
    expect(texts.length).toBeGreaterThan(60)
    expect(texts).toContain('Modal closed')
    expect(missingTexts(SPEC, texts)).toEqual([])
  })

  it("holds every SPEC §8 text the stack's servers send verbatim", () => {
    const texts = [
      SWAPS_UNSUPPORTED,
      GAS_PRICE_UNSUPPORTED,
      DEFAULT_ERROR_MESSAGE,
      NOT_CONNECTED_MESSAGE,
      FARCASTER_FAILED_MESSAGE,
      ApiErrorText.ORIGIN_NOT_ALLOWED,
      ApiErrorText.INVALID_KEY,
      ApiErrorText.JWT_NOT_YET_VALID,
      ApiErrorText.EMAIL_THROTTLED,
      ApiErrorText.RATE_LIMITED,
      ApiErrorText.SOCIAL_CODE_INVALID,
      ApiErrorText.SMART_ACCOUNT_NOT_SUPPORTED,
      ApiErrorText.FARCASTER_FAILED,
      ApiErrorText.SERVER_ERROR,
    ]
    expect(missingTexts(SPEC, texts)).toEqual([])
  })

  it('has a section for every "SPEC §N" cited in the tracked sources, docs and tests, and §1 to §9 in order', () => {
    expect(sectionsOf(SPEC)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((f) => /\.(?:[cm]?[jt]sx?|md)$/.test(f) && !f.startsWith('tests/vectors/'))
    const cited = new Map<number, string>()
    for (const file of files) for (const n of citedSections(readFileSync(join(ROOT, file), 'utf8'))) if (!cited.has(n)) cited.set(n, file)
    expect(cited.size).toBeGreaterThanOrEqual(9)
    const sections = new Set(sectionsOf(SPEC))
    expect([...cited].filter(([n]) => !sections.has(n)).map(([n, file]) => `§${n} (cited in ${file})`)).toEqual([])
  })

  describe('the checks find what they look for (planted documents)', () => {
    it('a text missing, reworded or broken over two lines is reported', () => {
      const doc = '## 8. Errors\n- "Modal closed"\n- "Popup\n  closed"\n- "Failed to Connect"\n'
      expect(missingTexts(doc, ['Modal closed', 'Popup closed', 'Failed to connect'])).toEqual(['Popup closed', 'Failed to connect'])
    })

    it('catalogue texts come from strings, records of strings and alerts, not numbers', () => {
      const texts = catalogueTexts({ A: 'a', Codes: { X: 1 }, Replies: { R: 'r' }, Alerts: { N: { code: 'N', shortMessage: 'Short', longMessage: 'Long' } } })
      expect(texts).toEqual(['a', 'r', 'Short'])
    })

    it('cited sections: "SPEC §N", lists after SPEC, and a section the doc lacks', () => {
      expect(citedSections('// SPEC §8 "Modal closed"; SPEC §5, §6 and §4 texts; (SPEC §2.1) and § 3 alone')).toEqual([2, 4, 5, 6, 8])
      expect(sectionsOf('## 1. A\n## 2. B\n### 2.1 C\n## 10. D')).toEqual([1, 2, 10])
    })
  })
})
