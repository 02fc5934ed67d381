/**
 * Issue 24 item 1 acceptance: `npm create portico-plugin demo-chain`, run from the packed packages in a temporary
 * folder with nothing of the repository beside it, creates a plugin that installs the packed `portico` (offline-first
 * from the npm cache), type-checks under strict with `skipLibCheck: false`, passes its tests (the conformance kit's
 * structure and behaviour suites, its RPC, its views in happy-dom) and builds JavaScript and .d.ts.
 * The packing is tests/package/pack.ts's (shared with the other package tests).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { childEnv, packFolder, type Packed } from '../../tests/package/pack.ts'
import { sharedPack } from '../../tests/package/shared-pack.ts'

const HERE = fileURLToPath(new URL('.', import.meta.url))

let work: string
let authors: string
let plugin: string
let portico: Packed
let create: { tarball: string; files: string[] }

const run = (cmd: string, args: string[], cwd: string) => spawnSync(cmd, args, { cwd, encoding: 'utf8', env: childEnv() })

beforeAll(async () => {
  portico = await sharedPack('portico-create')
  work = portico.work
  create = packFolder(HERE, work)
  // The author's folder: nothing of the repository around it (a fresh temp dir, no node_modules above it).
  authors = mkdtempSync(join(tmpdir(), 'portico-author-'))
  // What `npm create portico-plugin demo-chain` runs: `npm exec` of the create package's bin.
  const created = run('npm', ['exec', '--yes', '--prefer-offline', `--package=${create.tarball}`, '--', 'create-portico-plugin', 'demo-chain'], authors)
  if (created.status !== 0) throw new Error(`create-portico-plugin failed:\n${created.stdout}${created.stderr}`)
  plugin = join(authors, 'demo-chain')
  // The packed portico as the peer it is (and the template's dev dependencies), from the npm cache when there.
  const installed = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--save-dev', portico.tarball], plugin)
  if (installed.status !== 0) throw new Error(`npm install failed:\n${installed.stdout}${installed.stderr}`)
}, 600_000)

afterAll(() => {
  for (const dir of [work, authors]) if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('npm create portico-plugin demo-chain, from the packed packages', () => {
  it('ships the author kit in both packages: the template with its package.json, tsconfigs, vitest config and GUIDE', () => {
    for (const file of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'vitest.config.mjs', 'GUIDE.md', 'index.ts', 'fake-wallet.ts', 'index.test.ts']) {
      expect(portico.files.map((f) => f.path), `portico: plugin-template/${file}`).toContain(`plugin-template/${file}`)
      expect(create.files, `create-portico-plugin: template/${file}`).toContain(`template/${file}`)
    }
    expect(create.files).toContain('bin/create.mjs')
  })

  it('creates the plugin in namespace "demo" with portico as a peer, its tools as dev dependencies, build and test scripts', () => {
    const pkg = JSON.parse(readFileSync(join(plugin, 'package.json'), 'utf8')) as {
      name: string
      peerDependencies: Record<string, string>
      devDependencies: Record<string, string>
      scripts: Record<string, string>
    }
    expect(pkg.name).toBe('demo-chain')
    expect(pkg.peerDependencies.portico).toBe('^0.1.0')
    expect(Object.keys(pkg.devDependencies)).toEqual(expect.arrayContaining(['portico', 'vitest', 'happy-dom', 'typescript']))
    expect(pkg.scripts).toMatchObject({ build: 'tsc -p tsconfig.build.json', test: 'vitest run' })
    const source = readFileSync(join(plugin, 'index.ts'), 'utf8')
    expect(source).toContain("namespace: 'demo'")
    expect(source).toContain('export function demoChain(')
    // Nothing of the template's namespace is left (the JSDoc tag @example aside).
    expect(source.replaceAll('@example', '')).not.toMatch(/example/i)
    // Installed from the tarball, not from a registry.
    expect(JSON.parse(readFileSync(join(plugin, 'node_modules/portico/package.json'), 'utf8')).version).toBe('0.1.0')
    expect(existsSync(join(plugin, 'node_modules/portico/plugin-template/GUIDE.md'))).toBe(true)
  })

  it('type-checks as created: strict, skipLibCheck false, .ts imports (no TS5097)', () => {
    const tsconfig = JSON.parse(readFileSync(join(plugin, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> }
    expect(tsconfig.compilerOptions).toMatchObject({ strict: true, skipLibCheck: false, allowImportingTsExtensions: true, noEmit: true })
    const check = run(process.execPath, [join(plugin, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], plugin)
    expect(check.stdout + check.stderr).toBe('')
    expect(check.status).toBe(0)
  }, 180_000)

  it('passes its own tests: the conformance and behaviour suites, the RPC and the views', () => {
    const report = join(work, 'vitest.json')
    const test = run(process.execPath, [join(plugin, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=json', `--outputFile=${report}`], plugin)
    expect(existsSync(report), test.stderr).toBe(true)
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numFailedTests: number
      testResults: Array<{ assertionResults: Array<{ fullName: string; status: string }> }>
    }
    const passed = json.testResults.flatMap((r) => r.assertionResults).filter((a) => a.status === 'passed').map((a) => a.fullName)
    expect(json.numFailedTests, test.stdout.slice(0, 4000)).toBe(0)
    for (const behaviour of ['connect: an approved', 'user rejection', 'locked wallet', 'balance:', 'silent reconnect', 'wallet-side account change', 'wallet-side disconnect', 'cleanup:']) {
      expect(passed.some((name) => name.startsWith('chain plugin behaviour: demo ') && name.includes(behaviour)), behaviour).toBe(true)
    }
    expect(passed.some((name) => name.startsWith('chain plugin conformance: demo '))).toBe(true)
    expect(passed.some((name) => name.includes('namespace slot'))).toBe(true)
    expect(test.status).toBe(0)
  }, 180_000)

  it('builds JavaScript and .d.ts (rewriteRelativeImportExtensions) that Node imports', () => {
    const build = run('npm', ['run', 'build'], plugin)
    expect(build.status, build.stdout + build.stderr).toBe(0)
    for (const file of ['index.js', 'index.d.ts', 'fake-wallet.js', 'fake-wallet.d.ts', 'DemoAccounts.js']) expect(existsSync(join(plugin, 'dist', file)), file).toBe(true)
    expect(existsSync(join(plugin, 'dist/index.test.js'))).toBe(false)
    const js = readFileSync(join(plugin, 'dist/index.js'), 'utf8')
    expect(js).toMatch(/import\(["']\.\/DemoAccounts\.js["']\)/)
    const loaded = execFileSync(process.execPath, ['--input-type=module', '-e', "const m = await import('demo-chain'); console.log(m.demoChain().namespace)"], { cwd: plugin, encoding: 'utf8', env: childEnv() })
    expect(loaded.trim()).toBe('demo')
  }, 120_000)
})
