/**
 * Issue 24 items 1, 2, 6: the GUIDE's code samples are type-checked because each one is an excerpt of a file of the
 * template (line by line, indentation aside), and those files are type-checked: by the repository's tsc (strict) and,
 * as created by this package in a fresh folder, with `skipLibCheck: false` (create.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const TEMPLATE = fileURLToPath(new URL('../../plugin-template/', import.meta.url))
const guide = readFileSync(join(TEMPLATE, 'GUIDE.md'), 'utf8')
const lines = (text: string) => text.split('\n').map((l) => l.trim())

const blocks = [...guide.matchAll(/^```(ts|tsx|json)\n([\s\S]*?)\n```$/gm)].map((m) => ({ lang: m[1]!, code: m[2]! }))
const sources = readdirSync(TEMPLATE)
  .filter((f) => /\.(ts|tsx|json)$/.test(f))
  .map((f) => ({ file: f, lines: lines(readFileSync(join(TEMPLATE, f), 'utf8')) }))

/** The template file that holds `code` as consecutive lines, if any. */
function excerptOf(code: string): string | undefined {
  const wanted = lines(code)
  return sources.find(({ lines: have }) => have.some((_, i) => wanted.every((line, j) => have[i + j] === line)))?.file
}

describe('plugin-template/GUIDE.md', () => {
  it('has the sections of the author kit', () => {
    for (const heading of ['## What createModal checks', '## Testing: structure and behaviour', '## Views for your namespace', '## Publishing']) {
      expect(guide).toContain(heading)
    }
  })

  it('every ts, tsx and json sample is an excerpt of a template file (so the type check covers it)', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(9)
    expect(blocks.filter((b) => b.lang === 'tsx').length).toBeGreaterThanOrEqual(3)
    const unmatched = blocks.filter((b) => !excerptOf(b.code)).map((b) => b.code.split('\n')[0])
    expect(unmatched).toEqual([])
  })
})
