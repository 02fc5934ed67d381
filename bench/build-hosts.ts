import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build, type Plugin } from 'vite'
import { decoratorOxc, porticoAliases } from '../demo/aliases.ts'
import type { PackedApp } from './packed-app.ts'

export const benchRoot = fileURLToPath(new URL('.', import.meta.url))
export const outRoot = join(benchRoot, '.out')

/** Text markers of code that must never reach the eip155-only host's output (namespaces it does not compose, pairing). */
export const FORBIDDEN_MARKERS: Record<string, RegExp> = {
  walletconnect: /@walletconnect|irn_subscribe|wc_sessionPropose|sign-client/i,
  solana: /@solana\/|SystemProgram|solana:5eykt4/i,
  polkadot: /@polkadot\//i,
  cosmos: /@cosmjs|cosmos\.bank\.v1beta1/i,
  bitcoin: /bitcoinjs|p2wpkh|bip122:000000000019d6689c085ae165831e93/i,
}

/**
 * Modules that must never reach the eip155-only reference host's output, any chunk (lazy ones included): the SDKs
 * and plugins of the namespaces it does not compose, and the feature plugins it does not import. Matched on the
 * bundler's module ids (repo-relative), so a plugin folder that does not exist yet is covered too.
 */
export const FORBIDDEN_MODULES: Record<string, RegExp> = {
  solana: /(^|\/)node_modules\/@solana\/|^plugins\/solana\//,
  bitcoin: /(^|\/)node_modules\/bitcoinjs-lib\/|^plugins\/bip122\//,
  cosmos: /(^|\/)node_modules\/@cosmjs\/|^plugins\/cosmos\//,
  polkadot: /(^|\/)node_modules\/@polkadot\/|^plugins\/polkadot\//,
  // Feature plugins the host does not import ship none of their code either.
  send: /^plugins\/send\//,
  swap: /^plugins\/swap\//,
  names: /(^|\/)node_modules\/@adraffy\/ens-normalize\/|^plugins\/names\//,
  onramp: /^plugins\/onramp\//,
  siwx: /^plugins\/siwx\//,
  embeddedWallet: /^plugins\/embedded-wallet\//,
}

export interface HostSizes {
  name: string
  /** 'packed': built in the app folder from the installed tarball (what ships); 'source': from the sources through aliases. */
  build: 'packed' | 'source'
  /** gzip bytes of the entry script, its static imports and the CSS linked by index.html. */
  initialGzip: number
  /** gzip bytes of every JS file (lazy chunks included). */
  allJsGzip: number
  /** gzip bytes of the initial files plus the dialog shell and first view (Connect) chunks and their static imports. */
  openPathGzip: number
  files: Array<{ file: string; gzip: number; initial: boolean }>
  /** Per output JS file, the ids (repo-relative, '/'-separated) of the modules bundled into it. */
  modules: Record<string, string[]>
  outDir: string
}

const repoRoot = join(fileURLToPath(new URL('..', import.meta.url)))

/** The published files of portico in a packed app, as the bundler names them. */
const PACKED_PORTICO = /^node_modules\/portico\/dist\/(.+)\.js$/

/**
 * A module id as a path relative to the build's root ('plugins/eip155/index.ts', 'node_modules/viem/...'): the
 * repository for a source build, the app folder for a packed one, where portico's published files
 * (node_modules/portico/dist/x.js) are named by the source they are built from (x.ts or x.tsx), so both builds answer
 * the same module checks.
 */
export function moduleId(id: string, root = repoRoot): string {
  const clean = id.replace(/^\0/, '').split('?')[0]!
  const path = relative(root, clean).split(sep).join('/')
  const published = PACKED_PORTICO.exec(path)?.[1]
  if (published === undefined) return path
  return existsSync(join(repoRoot, `${published}.tsx`)) ? `${published}.tsx` : `${published}.ts`
}

/** Records which modules end up in which output file. */
function moduleRecorder(into: Record<string, string[]>, root: string): Plugin {
  return {
    name: 'portico-bench-modules',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') into[item.fileName] = Object.keys(item.modules).map((id) => moduleId(id, root))
      }
    },
  }
}

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length

/**
 * Builds one bench host for production and measures it. From the sources through aliases by default (fast, no
 * package build); with `packed`, in the packed app's folder by the app's own Vite and React plugin, resolving
 * `portico` from the installed tarball as an app does. `minify: false` (source builds) keeps names readable in a profile
 * (bench/open-profile.ts).
 */
export async function buildHost(name: string, packed?: PackedApp, options: { minify?: boolean } = {}): Promise<HostSizes> {
  const modules: Record<string, string[]> = {}
  if (packed) {
    const outDir = join(outRoot, 'packed', name)
    const tools = (path: string) => import(pathToFileURL(join(packed.dir, 'node_modules', path)).href)
    const { build: appBuild } = (await tools('vite/dist/node/index.js')) as typeof import('vite')
    const { default: appReact } = (await tools('@vitejs/plugin-react/dist/index.js')) as typeof import('@vitejs/plugin-react')
    await appBuild({
      root: join(packed.dir, 'hosts', name),
      configFile: false,
      logLevel: 'error',
      plugins: [appReact(), moduleRecorder(modules, packed.dir)],
      build: { outDir, emptyOutDir: true, sourcemap: false, modulePreload: { polyfill: false } },
    })
    return measure(name, 'packed', outDir, modules)
  }
  const outDir = join(outRoot, name)
  await build({
    root: join(benchRoot, 'hosts', name),
    configFile: false,
    logLevel: 'error',
    plugins: [react(), moduleRecorder(modules, repoRoot)],
    resolve: { alias: porticoAliases() },
    oxc: decoratorOxc,
    build: { outDir, emptyOutDir: true, sourcemap: false, modulePreload: { polyfill: false }, minify: options.minify ?? true },
  })
  return measure(name, 'source', outDir, modules)
}

function measure(name: string, from: HostSizes['build'], outDir: string, modules: Record<string, string[]>): HostSizes {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  const entries = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!)
  const closure = (starts: string[]) => {
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      if (!file.endsWith('.js')) return
      const code = readFileSync(join(outDir, file), 'utf8')
      // Static imports only: `import ... from "./x.js"` / `import "./x.js"`; dynamic import() chunks are lazy.
      for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*${}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(`assets/${m[1]}`)
    }
    for (const s of starts) visit(s)
    return seen
  }
  const initial = closure(entries)
  // The first view: the dialog shell chunk (ui/react/shell.tsx, which holds Connect since 2026-11-27) and a core views
  // chunk if a build has one, whatever the bundler's shared chunks they import.
  const firstView = readdirSync(join(outDir, 'assets')).filter((f) => /^(core-views|shell)-.*\.js$/.test(f)).map((f) => `assets/${f}`)
  const openPath = closure([...entries, ...firstView])
  const files = readdirSync(join(outDir, 'assets'))
    .filter((f) => statSync(join(outDir, 'assets', f)).isFile())
    .map((f) => {
      const file = `assets/${f}`
      return { file, gzip: gz(readFileSync(join(outDir, file))), initial: initial.has(file) }
    })
  const initialGzip = files.filter((f) => f.initial).reduce((s, f) => s + f.gzip, 0)
  const openPathGzip = files.filter((f) => openPath.has(f.file)).reduce((s, f) => s + f.gzip, 0)
  const allJsGzip = files.filter((f) => f.file.endsWith('.js')).reduce((s, f) => s + f.gzip, 0)
  return { name, build: from, initialGzip, allJsGzip, openPathGzip, files, modules, outDir }
}

/** Modules of a build (every chunk, lazy ones included) that match a forbidden pattern, as "what: module (file)". */
export function forbiddenModules(sizes: Pick<HostSizes, 'modules'>, rules: Record<string, RegExp> = FORBIDDEN_MODULES): string[] {
  const found: string[] = []
  for (const [file, ids] of Object.entries(sizes.modules)) {
    for (const id of ids) for (const [what, re] of Object.entries(rules)) if (re.test(id)) found.push(`${what}: ${id} (${file})`)
  }
  return found
}

/** Which forbidden markers appear in a build's files. */
export function forbiddenCode(sizes: HostSizes): string[] {
  const found: string[] = []
  for (const f of sizes.files) {
    const text = readFileSync(join(sizes.outDir, f.file), 'utf8')
    for (const [what, re] of Object.entries(FORBIDDEN_MARKERS)) if (re.test(text)) found.push(`${what} in ${f.file}`)
  }
  return found
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1)
