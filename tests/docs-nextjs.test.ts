/**
 * docs/NEXTJS.md quotes examples/nextjs file by file (issue 25 §3): each quoted block, whose info string names its
 * file (```tsx app/providers.tsx), is that file as it is. The example itself is type-checked against the packed
 * package by `next build` in tests/e2e/nextjs.e2e.ts, and by the repository's type check (tsconfig.json includes it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('..', import.meta.url).pathname
const EXAMPLE = join(ROOT, 'examples/nextjs')

describe('docs/NEXTJS.md quotes examples/nextjs', () => {
  const doc = readFileSync(join(ROOT, 'docs/NEXTJS.md'), 'utf8')
  const blocks = [...doc.matchAll(/^```(?:ts|tsx) (\S+)\n([\s\S]*?)\n```$/gm)].map((m) => ({ file: m[1]!, code: m[2]! }))

  it('quotes every source file of the app once', () => {
    const sources = readdirSync(join(EXAMPLE, 'app')).filter((f) => /\.tsx?$/.test(f)).map((f) => `app/${f}`)
    expect(blocks.map((b) => b.file).sort()).toEqual(sources.sort())
  })

  it('each quoted block is its file, unchanged', () => {
    for (const { file, code } of blocks) {
      expect(existsSync(join(EXAMPLE, file)), file).toBe(true)
      expect(code, file).toBe(readFileSync(join(EXAMPLE, file), 'utf8').replace(/\n$/, ''))
    }
  })
})
