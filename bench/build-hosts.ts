import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { decoratorOxc, porticoAliases } from '../demo/aliases.ts'

export const benchRoot = fileURLToPath(new URL('.', import.meta.url))
export const outRoot = join(benchRoot, '.out')

/** Code that must never reach the reference host's output (SPEC namespaces it does not compose, and pairing). */
export const FORBIDDEN_MARKERS: Record<string, RegExp> = {
  walletconnect: /@walletconnect|irn_subscribe|wc_sessionPropose|sign-client/i,
  solana: /@solana\/|SystemProgram|solana:5eykt4/i,
  polkadot: /@polkadot\//i,
  cosmos: /@cosmjs|cosmos\.bank\.v1beta1/i,
  bitcoin: /bitcoinjs|p2wpkh|bip122:000000000019d6689c085ae165831e93/i,
}

export interface HostSizes {
  name: string
  /** gzip bytes of the entry script, its static imports and the CSS linked by index.html. */
  initialGzip: number
  /** gzip bytes of every JS file (lazy chunks included). */
  allJsGzip: number
  /** gzip bytes of the initial files plus the chunk of the first view (Connect) and its static imports. */
  openPathGzip: number
  files: Array<{ file: string; gzip: number; initial: boolean }>
  outDir: string
}

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length

/** Builds one bench host for production and measures it. */
export async function buildHost(name: string, extraAliases = porticoAliases()): Promise<HostSizes> {
  const outDir = join(outRoot, name)
  await build({
    root: join(benchRoot, 'hosts', name),
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    resolve: { alias: extraAliases },
    oxc: decoratorOxc,
    build: { outDir, emptyOutDir: true, sourcemap: false, modulePreload: { polyfill: false } },
  })
  return measure(name, outDir)
}

function measure(name: string, outDir: string): HostSizes {
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
  // The first view: the core views chunk (Connect), whatever the bundler's shared chunks it imports.
  const firstView = readdirSync(join(outDir, 'assets')).filter((f) => /^core-views-.*\.js$/.test(f)).map((f) => `assets/${f}`)
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
  return { name, initialGzip, allJsGzip, openPathGzip, files, outDir }
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
