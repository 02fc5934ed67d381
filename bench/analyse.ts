/**
 * `npx tsx bench/analyse.ts <host> [--all] [--packed]`: builds one bench host for production and lists, per chunk, the
 * modules in it with their rendered size and a gzip estimate (each module's rendered code gzipped alone; the sum is
 * above the chunk's real gzip, but the ranking shows what weighs). Without --all only the initial chunks are listed.
 * With --packed the host is built as bench:check's packed figure is (npm pack installed into a fresh app folder,
 * bench/packed-app.ts); without it, from the sources through aliases.
 */
import { gzipSync } from 'node:zlib'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Plugin } from 'vite'
import { decoratorOxc, porticoAliases } from '../demo/aliases.ts'
import { benchRoot, outRoot } from './build-hosts.ts'
import { preparePackedApp, type PackedApp } from './packed-app.ts'

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

/** Builds `bench/hosts/<name>` (from the sources, or in the packed app) into bench/.out and returns every chunk with its modules. */
export async function analyseHost(name: string, packed?: PackedApp): Promise<ChunkInfo[]> {
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
  if (packed) {
    const tools = (path: string) => import(pathToFileURL(join(packed.dir, 'node_modules', path)).href)
    const { build: appBuild } = (await tools('vite/dist/node/index.js')) as typeof import('vite')
    const { default: appReact } = (await tools('@vitejs/plugin-react/dist/index.js')) as typeof import('@vitejs/plugin-react')
    await appBuild({
      root: join(packed.dir, 'hosts', name),
      configFile: false,
      logLevel: 'error',
      plugins: [appReact(), collect],
      build: { outDir: join(outRoot, `${name}-analyse-packed`), emptyOutDir: true, sourcemap: false, modulePreload: { polyfill: false } },
    })
    return chunks
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

const shortId = (id: string) => relative(join(benchRoot, '..'), id.replace(/^\0/, '')).replace(/^.*node_modules\/portico\/dist\//, 'dist/').replace(/^.*node_modules\//, '~')

if (import.meta.url === `file://${process.argv[1]}`) {
  const name = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'walletconnect'
  const all = process.argv.includes('--all')
  const packed = process.argv.includes('--packed') ? preparePackedApp() : undefined
  const chunks = await analyseHost(name, packed).finally(() => packed?.remove())
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
