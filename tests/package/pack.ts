/**
 * The one way the package tests get `portico` as a user gets it: `npm run build` (scripts/build.mjs) in a copy of the
 * sources, then `npm pack` from that copy, so package.json `files` decides what ships and the repo's own dist/ is
 * neither used nor touched (the test files that pack run side by side). Used by tests/package/*.test.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const RNODE = join(ROOT, 'node_modules')

/** What the package is built from: the sources of the entries, the build's config and script, what `files` ships. */
const SOURCES = ['kernel', 'ui', 'plugins', 'integrations', 'testing', 'storybook', 'docs', 'plugin-template', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'README.md', 'LICENSE']

export interface PackedFile {
  path: string
  size: number
}

export interface Packed {
  /** A fresh temp folder holding the tarball; the caller removes it. */
  work: string
  tarball: string
  /** `npm pack --json`'s report: every file shipped, the tarball's size and the unpacked size, in bytes. */
  files: PackedFile[]
  size: number
  unpackedSize: number
}

/** A child environment without the outer vitest's worker variables. */
export function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS' && k !== 'TEST'))
}

/** Builds and packs the package into a new temp folder named after `prefix`. */
export function buildAndPack(prefix: string): Packed {
  const work = mkdtempSync(join(tmpdir(), `${prefix}-`))
  const staging = join(work, 'staging')
  mkdirSync(staging)
  const skip = (src: string) => !/[/\\](node_modules|\.data|dist)$/.test(src)
  for (const name of SOURCES) cpSync(join(ROOT, name), join(staging, name), { recursive: true, filter: skip })
  symlinkSync(RNODE, join(staging, 'node_modules'), 'dir')
  // The package's imports of itself ('portico', 'portico/components') resolve to the copy's sources.
  const build = spawnSync(process.execPath, [join(staging, 'scripts/build.mjs')], { cwd: staging, encoding: 'utf8', env: childEnv() })
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`)
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: staging, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: childEnv() })
  const [report] = JSON.parse(out) as Array<{ filename: string; files: PackedFile[]; size: number; unpackedSize: number }>
  if (!report) throw new Error(`npm pack reported nothing: ${out}`)
  return { work, tarball: join(work, report.filename), files: report.files.map(({ path, size }) => ({ path, size })), size: report.size, unpackedSize: report.unpackedSize }
}

/** `npm pack` of another folder of the repository (e.g. packages/create-portico-plugin) into `dest`. */
export function packFolder(dir: string, dest: string): { tarball: string; files: string[] } {
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dest], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: childEnv() })
  const [report] = JSON.parse(out) as Array<{ filename: string; files: Array<{ path: string }> }>
  if (!report) throw new Error(`npm pack reported nothing: ${out}`)
  return { tarball: join(dest, report.filename), files: report.files.map((f) => f.path) }
}

/** Unpacks the tarball as `<app>/node_modules/portico`, as `npm install <tarball>` lays it down; returns that folder. */
export function unpackInto(tarball: string, app: string): string {
  const pkgDir = join(app, 'node_modules', 'portico')
  mkdirSync(pkgDir, { recursive: true })
  execFileSync('tar', ['-xzf', tarball, '-C', pkgDir, '--strip-components=1'])
  return pkgDir
}
