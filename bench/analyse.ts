/**
 * `npx tsx bench/analyse.ts <host> [--all]`: builds one bench host for production and lists, per chunk, the modules
 * in it with their rendered size and a gzip estimate (each module's rendered code gzipped alone; the sum is above the
 * chunk's real gzip, but the ranking shows what weighs). Without --all only the initial chunks are listed.
 */
import { gzipSync } from 'node:zlib'
import { join, relative } from 'node:path'
import react from '@vitejs/plugin-react'
import { build, type Plugin } from 'vite'
import { decoratorOxc, porticoAliases } from '../demo/aliases.ts'
import { benchRoot, outRoot } from './build-hosts.ts'

export interface ModuleSize {
  id: string
  rendered: number
  gzip: number
}
export interface ChunkInfo {
  file: string
  isEntry: boolean
  imports: string[]
  dynamicImports: string[]
  modules: ModuleSize[]
}

/** Builds `bench/hosts/<name>` into bench/.out/<name>-analyse and returns every chunk with its modules. */
export async function analyseHost(name: string): Promise<ChunkInfo[]> {
  const chunks: ChunkInfo[] = []
  const collect: Plugin = {
    name: 'portico-bench-collect',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue
        const modules = Object.entries(item.modules).map(([id, m]) => ({
          id,
          rendered: m.renderedLength,
          gzip: m.code ? gzipSync(m.code, { level: 9 }).length : 0,
        }))
        chunks.push({ file: item.fileName, isEntry: item.isEntry, imports: item.imports, dynamicImports: item.dynamicImports, modules })
      }
    },
  }
  await build({
    root: join(benchRoot, 'hosts', name),
    configFile: false,
    logLevel: 'error',
    plugins: [react(), collect],
    resolve: { alias: porticoAliases() },
    oxc: decoratorOxc,
    build: { outDir: join(outRoot, `${name}-analyse`), emptyOutDir: true, sourcemap: false, modulePreload: { polyfill: false } },
  })
  return chunks
}

/** The entry chunks and everything they import statically. */
export function initialChunks(chunks: ChunkInfo[]): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.file, c]))
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const i of byFile.get(file)?.imports ?? []) visit(i)
  }
  for (const c of chunks) if (c.isEntry) visit(c.file)
  return seen
}

const shortId = (id: string) => relative(join(benchRoot, '..'), id.replace(/^\0/, '')).replace(/^node_modules\//, '~')

if (import.meta.url === `file://${process.argv[1]}`) {
  const name = process.argv[2] ?? 'walletconnect'
  const all = process.argv.includes('--all')
  const chunks = await analyseHost(name)
  const initial = initialChunks(chunks)
  for (const c of chunks) {
    if (!all && !initial.has(c.file)) continue
    const total = c.modules.reduce((s, m) => s + m.gzip, 0)
    console.log(`\n${c.file}${initial.has(c.file) ? ' (initial)' : ''}: ${c.modules.length} modules, ~${(total / 1024).toFixed(1)} KB gzip (sum of modules)`)
    for (const m of [...c.modules].sort((a, b) => b.gzip - a.gzip)) {
      if (m.rendered === 0) continue
      console.log(`  ${(m.gzip / 1024).toFixed(2).padStart(7)} KB  ${String(m.rendered).padStart(7)} B  ${shortId(m.id)}`)
    }
  }
}
