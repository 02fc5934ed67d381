/**
 * Packing for the package tests (shared): `portico` built and packed from a copy of the sources, so the repo's dist/
 * (which tests/package/template.test.ts rebuilds meanwhile) is neither used nor touched, and `files` decides what
 * ships; any other folder packed with `npm pack`; a child environment without the outer vitest's variables.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, symlinkSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const RNODE = join(ROOT, 'node_modules')

export type Packed = { tarball: string; files: string[] }

/** The environment for child processes: the outer vitest's worker variables removed. */
export function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS' && k !== 'TEST'))
}

/** `npm pack` of a folder into `dest` (lifecycle scripts such as prepack run, as for a publish). */
export function packFolder(dir: string, dest: string): Packed {
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dest], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: childEnv() })
  const report = JSON.parse(out) as Array<{ filename: string; files: Array<{ path: string }> }>
  return { tarball: join(dest, report[0]!.filename), files: report[0]!.files.map((f) => f.path) }
}

/**
 * `npm run build` (tsc over tsconfig.build.json) in a copy of the sources under `work`, then `npm pack` of that copy
 * into `work`: the package's imports of itself ('portico', 'portico/components') resolve to the copy's sources.
 */
export function packPortico(work: string): Packed {
  const staging = join(work, 'staging')
  mkdirSync(staging)
  const skip = (src: string) => !/[/\\](node_modules|\.data|dist)$/.test(src)
  for (const name of ['kernel', 'ui', 'plugins', 'testing', 'storybook', 'docs', 'plugin-template', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'README.md', 'LICENSE']) {
    cpSync(join(ROOT, name), join(staging, name), { recursive: true, filter: skip })
  }
  symlinkSync(RNODE, join(staging, 'node_modules'), 'dir')
  const build = spawnSync(process.execPath, [join(RNODE, 'typescript/bin/tsc'), '-p', join(staging, 'tsconfig.build.json')], { cwd: staging, encoding: 'utf8' })
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`)
  return packFolder(staging, work)
}
