/**
 * Issue 27 item 2: what `npm pack` puts in the portico-stack package (stack/package.json). The command and the
 * production services' sources are in, tests are out, and every library the production services import is one of
 * the package's dependencies (the dev services' libraries are optional peers). tests/e2e/production-stack.e2e.ts
 * installs the packed package and runs it.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const STACK = dirname(fileURLToPath(import.meta.url))
const manifest = JSON.parse(readFileSync(join(STACK, 'package.json'), 'utf8')) as {
  name: string
  bin: Record<string, string>
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
  peerDependenciesMeta: Record<string, { optional?: boolean }>
}

/** The packages a module and the modules it imports (relative, static or dynamic) import. */
function externalImports(entries: string[]): Map<string, string> {
  const seen = new Set<string>()
  const found = new Map<string, string>()
  const walk = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (fileName.startsWith('.')) {
        const target = resolve(dirname(file), fileName)
        if (existsSync(target) && /\.(ts|mjs)$/.test(target)) walk(target)
      } else if (!fileName.startsWith('node:')) {
        const name = fileName.startsWith('@') ? fileName.split('/').slice(0, 2).join('/') : fileName.split('/')[0]!
        if (!found.has(name)) found.set(name, file.slice(STACK.length + 1))
      }
    }
  }
  for (const e of entries) walk(join(STACK, e))
  return found
}

describe('the portico-stack package', () => {
  it('packs the command and the sources, without tests', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: STACK, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    const [pack] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ name: string; files: Array<{ path: string }> }>
    const files = pack!.files.map((f) => f.path)
    expect(pack!.name).toBe('portico-stack')
    expect(manifest.bin).toEqual({ 'portico-stack': './bin/portico-stack.mjs' })
    for (const f of ['bin/portico-stack.mjs', 'portico-stack.ts', 'config.ts', 'production.ts', 'README.md', 'relay/index.ts', 'api/index.ts', 'secure-site/server/index.ts', 'secure-site/frame/prebuild.ts', 'sponsor/index.ts'])
      expect(files).toContain(f)
    expect(files.filter((f) => /\.test\.ts$|(^|\/)\.data\//.test(f))).toEqual([])
  })

  it('depends on every library the command, the relay, the API and the secure site import; the dev services\' are optional peers', () => {
    // portico-stack.ts imports config.ts and production.ts; each service's module only when the configuration names it.
    const prod = externalImports(['config.ts', 'production.ts', 'relay/index.ts', 'api/index.ts', 'secure-site/server/index.ts', 'secure-site/server/pages.ts', 'sponsor/index.ts'])
    const missing = [...prod].filter(([name]) => !(name in manifest.dependencies)).map(([name, from]) => `${name} (${from})`)
    expect(missing).toEqual([])
    const dev = externalImports(['mail/index.ts', 'oidc/index.ts', 'local-chains.ts', 'bundler/index.ts', 'farcaster/index.ts'])
    const uncovered = [...dev].filter(([name]) => !(name in manifest.dependencies) && !(name in manifest.peerDependencies)).map(([name, from]) => `${name} (${from})`)
    expect(uncovered).toEqual([])
    for (const name of Object.keys(manifest.peerDependencies)) expect(manifest.peerDependenciesMeta[name]?.optional, name).toBe(true)
  })
})
