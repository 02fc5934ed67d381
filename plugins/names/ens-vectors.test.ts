import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadNameNormalizer } from './index.ts'

const { isNormalizedName, normalizeName } = await loadNameNormalizer()

// ENSIP-15 public vectors (adraffy/ens-normalize.js validate/custom-tests.json), run as they are.
type Vector = { name: string; norm?: string; error?: boolean; comment?: string }
const vectors = JSON.parse(readFileSync(join(import.meta.dirname, '../../tests/vectors/ens/ensip15_custom-tests.json'), 'utf8')) as Vector[]

describe('ENSIP-15 normalization: tests/vectors/ens', () => {
  it('has the vectors', () => {
    expect(vectors.length).toBe(103)
  })
  it.each(vectors.map((v, i) => [i, v.comment ?? '', v] as const))('#%i %s', (_i, _c, v) => {
    if (v.error) {
      expect(() => normalizeName(v.name)).toThrow()
      expect(isNormalizedName(v.name)).toBe(false)
    } else {
      const norm = v.norm ?? v.name
      expect(normalizeName(v.name)).toBe(norm)
      expect(isNormalizedName(v.name)).toBe(v.norm === undefined)
    }
  })
})
