/**
 * One build and `npm pack` of the package per test run, shared by every test file that installs it (the package tests,
 * create-portico-plugin's, the e2e apps built from the tarball). Building it is ~20 s of CPU; nine files did it each.
 *
 * The run's global set-up (tests/package/global-setup.ts) provides an empty folder, `packDir`, and nothing else: a run
 * that needs no package pays nothing. The first file to ask builds (tests/package/pack.ts buildAndPack) while holding
 * `packDir/lock` (mkdir is atomic across the worker processes); the others poll for its `pack.json`. `npm test` gives
 * every step the same folder (PORTICO_PACK_DIR), so the unit and e2e steps share one build.
 *
 * Each caller gets its own fresh `work` folder with a copy of the tarball, as buildAndPack gave it, and removes it.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { inject } from 'vitest'
import { buildAndPack, type Packed } from './pack.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    packDir: string
  }
}

/** How long a file waits for another one's build before it gives up (generous: a loaded 2-core machine). */
const WAIT_MS = 600_000

interface Report {
  filename: string
  files: Packed['files']
  size: number
  unpackedSize: number
}

function readReport(dir: string): Report | undefined {
  const error = join(dir, 'error.txt')
  if (existsSync(error)) throw new Error(`the shared package build failed (in another test file):\n${readFileSync(error, 'utf8')}`)
  const done = join(dir, 'pack.json')
  return existsSync(done) ? (JSON.parse(readFileSync(done, 'utf8')) as Report) : undefined
}

async function report(dir: string, prefix: string): Promise<Report> {
  const ready = readReport(dir)
  if (ready) return ready
  let mine = true
  try {
    mkdirSync(join(dir, 'lock'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    mine = false
  }
  if (mine) {
    try {
      const packed = buildAndPack(prefix)
      const filename = basename(packed.tarball)
      renameSync(packed.tarball, join(dir, filename))
      rmSync(packed.work, { recursive: true, force: true })
      const done: Report = { filename, files: packed.files, size: packed.size, unpackedSize: packed.unpackedSize }
      writeFileSync(join(dir, 'pack.json.tmp'), JSON.stringify(done))
      renameSync(join(dir, 'pack.json.tmp'), join(dir, 'pack.json'))
      return done
    } catch (error) {
      writeFileSync(join(dir, 'error.txt'), error instanceof Error ? (error.stack ?? error.message) : String(error))
      throw error
    }
  }
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const done = readReport(dir)
    if (done) return done
    if (Date.now() > deadline) throw new Error(`no shared package build in ${dir} after ${WAIT_MS / 1000} s (its lock is held)`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * The package as buildAndPack(prefix) makes it, built once per run: a fresh temp folder named after `prefix` holding a
 * copy of the tarball (the caller removes it), with npm pack's report. Without the run's `packDir` (a config without
 * the global set-up) it builds its own.
 */
export async function sharedPack(prefix: string): Promise<Packed> {
  const dir = inject('packDir')
  if (!dir) return buildAndPack(prefix)
  const done = await report(dir, prefix)
  const work = mkdtempSync(join(tmpdir(), `${prefix}-`))
  const tarball = join(work, done.filename)
  copyFileSync(join(dir, done.filename), tarball)
  return { work, tarball, files: done.files.map((f) => ({ ...f })), size: done.size, unpackedSize: done.unpackedSize }
}

/** The shared package's tarball copied into `work` (an existing folder the caller owns); answers its path. */
export async function sharedTarball(work: string): Promise<string> {
  const packed = await sharedPack('portico-shared')
  const tarball = join(work, basename(packed.tarball))
  renameSync(packed.tarball, tarball)
  rmSync(packed.work, { recursive: true, force: true })
  return tarball
}
