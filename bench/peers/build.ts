/**
 * Builds the peer hosts (bench/peers/hosts/<name>) and Portico's issue 9 reference host (bench/hosts/walletconnect)
 * for production and measures them the same way as bench/build-hosts.ts: gzip -9 of the entry script, its static
 * imports and the CSS linked by index.html ("initial"), and of every JS file ("all JS").
 *
 * The peers' packages are installed from bench/peers/package.json + package-lock.json into a folder outside the
 * repository (PORTICO_PEERS_DIR, default <tmp>/portico-bench-peers), on demand: the root install must not carry them,
 * and their node_modules ship hundreds of *.test.ts files that the root vitest run would otherwise collect.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { decoratorOxc, porticoAliases } from '../../demo/aliases.ts'

export const peersRoot = fileURLToPath(new URL('.', import.meta.url))
export const repoRoot = join(peersRoot, '..', '..')
export const outRoot = join(repoRoot, 'bench', '.out')
export const depsDir = process.env.PORTICO_PEERS_DIR ?? join(tmpdir(), 'portico-bench-peers')

export interface BuiltHost {
  /** Short name: portico, appkit, rainbowkit, connectkit. */
  name: string
  outDir: string
  initialGzip: number
  allJsGzip: number
  /** gzip bytes per output file (assets/...). */
  gzipByFile: Record<string, number>
}

/** Installs the peers' packages into depsDir unless the same lock file is installed there already. */
export function ensurePeerDeps(log: (s: string) => void = console.log): void {
  const lock = readFileSync(join(peersRoot, 'package-lock.json'), 'utf8')
  const installedLock = join(depsDir, 'package-lock.json')
  if (existsSync(join(depsDir, 'node_modules', '.package-lock.json')) && existsSync(installedLock) && readFileSync(installedLock, 'utf8') === lock) return
  log(`installing the peers' packages into ${depsDir} (npm ci, once per lock file)`)
  mkdirSync(depsDir, { recursive: true })
  cpSync(join(peersRoot, 'package.json'), join(depsDir, 'package.json'))
  // The lock is written last, so an interrupted install is redone next time.
  rmSync(installedLock, { force: true })
  const npm = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: depsDir, stdio: 'inherit' })
  if (npm.status !== 0) throw new Error(`npm ci in ${depsDir} failed (exit ${npm.status})`)
  writeFileSync(installedLock, lock)
}

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length

/** The same accounting as bench/build-hosts.ts measure(): index.html's scripts and CSS plus their static JS imports. */
export function measureBuild(name: string, outDir: string): BuiltHost {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  const entries = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!)
  const initial = new Set<string>()
  const visit = (file: string) => {
    if (initial.has(file)) return
    initial.add(file)
    if (!file.endsWith('.js')) return
    const code = readFileSync(join(outDir, file), 'utf8')
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*${}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(`assets/${m[1]}`)
  }
  for (const e of entries) visit(e)
  const gzipByFile: Record<string, number> = {}
  for (const f of readdirSync(join(outDir, 'assets'))) {
    const file = `assets/${f}`
    if (statSync(join(outDir, file)).isFile()) gzipByFile[file] = gz(readFileSync(join(outDir, file)))
  }
  const sum = (keep: (f: string) => boolean) => Object.entries(gzipByFile).filter(([f]) => keep(f)).reduce((s, [, n]) => s + n, 0)
  return { name, outDir, initialGzip: sum((f) => initial.has(f)), allJsGzip: sum((f) => f.endsWith('.js')), gzipByFile }
}

/** Portico's issue 9 reference host (eip155 + walletConnect), built as bench/build-hosts.ts builds it. */
export async function buildPortico(): Promise<BuiltHost> {
  const outDir = join(outRoot, 'peers-portico')
  await build({
    root: join(repoRoot, 'bench', 'hosts', 'walletconnect'),
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    resolve: { alias: porticoAliases() },
    oxc: decoratorOxc,
    build: { outDir, emptyOutDir: true, sourcemap: false, modulePreload: { polyfill: false } },
  })
  return measureBuild('portico', outDir)
}

/**
 * A peer host: its sources are copied next to the installed node_modules (so bare imports resolve there, as in an
 * app that depends on the peer) and built with the same Vite settings as Portico's host.
 */
export async function buildPeer(name: string): Promise<BuiltHost> {
  const root = join(depsDir, 'hosts', name)
  rmSync(root, { recursive: true, force: true })
  cpSync(join(peersRoot, 'hosts', name), root, { recursive: true })
  const outDir = join(outRoot, `peers-${name}`)
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, sourcemap: false, modulePreload: { polyfill: false }, chunkSizeWarningLimit: 1e9 },
  })
  return measureBuild(name, outDir)
}

export const PEERS = ['appkit', 'rainbowkit', 'connectkit'] as const

/** bench/peers/dev-wallet.ts as one self-contained classic script, for page.addInitScript. */
export async function devWalletScript(): Promise<string> {
  const outDir = join(outRoot, 'peers-dev-wallet')
  await build({
    configFile: false,
    logLevel: 'error',
    resolve: { alias: porticoAliases() },
    oxc: decoratorOxc,
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: { entry: join(peersRoot, 'dev-wallet.ts'), formats: ['iife'], name: 'porticoBenchDevWallet', fileName: () => 'dev-wallet.js' },
    },
  })
  return readFileSync(join(outDir, 'dev-wallet.js'), 'utf8')
}
