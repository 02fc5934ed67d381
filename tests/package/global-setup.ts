import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

/**
 * The run's folder for the shared package build (tests/package/shared-pack.ts): PORTICO_PACK_DIR when `npm test` gives
 * one to every step (it removes it at the end), else a fresh temp folder removed after the run. Builds nothing itself.
 */
export function providePackDir(project: TestProject): () => void {
  const given = process.env['PORTICO_PACK_DIR']
  const dir = given ?? mkdtempSync(join(tmpdir(), 'portico-pack-run-'))
  project.provide('packDir', dir)
  return () => {
    if (!given) rmSync(dir, { recursive: true, force: true })
  }
}

export default function setup(project: TestProject) {
  return providePackDir(project)
}
