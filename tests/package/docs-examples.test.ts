/**
 * Issue 17 item 7, a host developer's first hour, tried from the packed package as a new user would:
 * - the README's and every docs/*.md's ```ts / ```tsx blocks type-check in a fresh app against the packed package
 *   (strict, exactOptionalPropertyTypes). A block may lean on names the docs leave implicit: a missing name that a
 *   public entry exports is imported from it (as an editor's auto-import would), and `modal` is a `Modal`. A block
 *   opts out only with `// docs-check: skip` as its first line (for shell-ish fragments);
 * - the README's host example runs as written (server-rendered in Node from the packed JavaScript);
 * - every entry's .d.ts passes under `exactOptionalPropertyTypes` with skipLibCheck off;
 * - the tarball ships LICENSE, README and docs; `@walletconnect/sign-client` is an optional peer that only the
 *   walletconnect plugin imports.
 * The package is built in a copy of the sources and packed with `npm pack` from there (tests/package/pack.ts), so
 * `files` decides what ships.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { childEnv, RNODE, unpackInto } from './pack.ts'
import { sharedPack } from './shared-pack.ts'

const SKIP_MARKER = '// docs-check: skip'

let work: string
let app: string
let pkgDir: string
let packedFiles: string[]
let packed: {
  license?: string
  files?: string[]
  exports: Record<string, unknown>
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  devDependencies?: Record<string, string>
}


/** Links a package from the repo's node_modules and, as npm's hoisting would, its own dependencies. */
function link(name: string): void {
  const from = join(RNODE, name)
  const to = join(app, 'node_modules', name)
  if (!existsSync(from) || existsSync(to)) return
  mkdirSync(dirname(to), { recursive: true })
  symlinkSync(from, to, 'dir')
  const manifest = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }
  for (const dependency of Object.keys(manifest.dependencies ?? {})) link(dependency)
}

function* files(dir: string, suffix: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path, suffix)
    else if (path.endsWith(suffix)) yield path
  }
}

/** Every public entry: the exports map, with `./plugins/*` expanded to each plugin in the tarball. */
function entrySpecifiers(): string[] {
  const out: string[] = []
  for (const key of Object.keys(packed.exports)) {
    if (key === './plugins/*') {
      for (const plugin of readdirSync(join(pkgDir, 'dist/plugins')).sort()) {
        if (existsSync(join(pkgDir, 'dist/plugins', plugin, 'index.d.ts'))) out.push(`portico/plugins/${plugin}`)
      }
    } else out.push(key === '.' ? 'portico' : `portico/${key.slice(2)}`)
  }
  return out
}

const consumerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  skipLibCheck: false,
  // @solana/web3.js's own .d.ts need Node's types.
  types: ['node'],
}

/** The diagnostics of a program in the app's own files and the packed package (not in third-party libraries). */
function ownDiagnostics(rootNames: string[]): ts.Diagnostic[] {
  const program = ts.createProgram({ rootNames, options: { ...consumerOptions, baseUrl: undefined }, host: ts.createCompilerHost(consumerOptions) })
  // Third-party libraries are linked from the repo's node_modules, so TypeScript sees them at their real path there.
  const thirdParty = (file: string) => relative(app, file).startsWith('node_modules/') || file.startsWith(`${RNODE}/`)
  return ts.getPreEmitDiagnostics(program).filter((d) => !d.file || !thirdParty(d.file.fileName) || d.file.fileName.startsWith(pkgDir))
}

const format = (diagnostics: readonly ts.Diagnostic[]) =>
  ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => app, getNewLine: () => '\n' })

beforeAll(async () => {
  const pack = await sharedPack('portico-docs')
  work = pack.work
  packedFiles = pack.files.map((f) => f.path)
  app = join(work, 'first-hour-app')
  pkgDir = unpackInto(pack.tarball, app)
  packed = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'))
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'first-hour-app', private: true, type: 'module' }, null, 2))
  // What `npm install portico` plus the app's own choices lay down: the dependencies, the peers (optional ones too,
  // so every entry can be checked), React's types, TypeScript and Node's types.
  for (const name of [...Object.keys(packed.dependencies ?? {}), ...Object.keys(packed.peerDependencies ?? {})]) link(name)
  for (const name of ['@types/react', '@types/react-dom', '@types/node', 'typescript', 'undici-types', 'csstype']) link(name)
}, 300_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe("a host developer's first hour, from the packed package", () => {
  it('ships LICENSE (MIT, as package.json says), the README and docs/OPTIONS.md', () => {
    expect(packed.license).toBe('MIT')
    expect(packedFiles).toContain('LICENSE')
    expect(readFileSync(join(pkgDir, 'LICENSE'), 'utf8')).toMatch(/^MIT License/)
    expect(packedFiles).toContain('README.md')
    expect(packedFiles).toContain('docs/OPTIONS.md')
  })

  it('@walletconnect/sign-client is an optional peer, and only the walletconnect plugin imports it', () => {
    const name = '@walletconnect/sign-client'
    expect(packed.dependencies?.[name]).toBeUndefined()
    expect(packed.peerDependencies?.[name]).toBeDefined()
    expect(packed.peerDependenciesMeta?.[name]?.optional).toBe(true)
    const importers: string[] = []
    for (const file of files(join(pkgDir, 'dist'), '.js')) {
      if (readFileSync(file, 'utf8').includes(name)) importers.push(relative(pkgDir, file))
    }
    expect(importers.length).toBeGreaterThan(0)
    expect(importers.filter((f) => !f.startsWith('dist/plugins/walletconnect/'))).toEqual([])
  })

  it('every entry type-checks in a strict consumer with exactOptionalPropertyTypes (skipLibCheck off)', () => {
    const entries = entrySpecifiers()
    expect(entries).toEqual(expect.arrayContaining(['portico', 'portico/react', 'portico/components', 'portico/testing', 'portico/plugins/eip155']))
    const file = join(app, 'entries.ts')
    writeFileSync(file, [...entries.map((e, i) => `import * as entry${i} from '${e}'`), `export const all = [${entries.map((_, i) => `entry${i}`).join(', ')}]`, ''].join('\n'))
    const diagnostics = ownDiagnostics([file])
    expect(format(diagnostics)).toBe('')
  }, 120_000)

  it("the README's and docs' ts/tsx examples type-check against the packed package", () => {
    // The names the public entries export, first entry wins (portico/react's Modal component before the kernel's type).
    const entries = entrySpecifiers()
    const order = ['portico/react', 'portico', 'portico/components', ...entries.filter((e) => e.startsWith('portico/plugins/')), ...entries.filter((e) => e.startsWith('portico/testing'))]
    const probe = join(app, 'exports-probe.ts')
    writeFileSync(probe, order.map((e, i) => `import * as e${i} from '${e}'\nexport { e${i} }`).join('\n'))
    const probeProgram = ts.createProgram([probe], consumerOptions)
    const checker = probeProgram.getTypeChecker()
    const exported = new Map<string, string>()
    const probeFile = probeProgram.getSourceFile(probe)!
    for (const statement of probeFile.statements) {
      if (!ts.isImportDeclaration(statement)) continue
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text
      const symbol = checker.getSymbolAtLocation(statement.moduleSpecifier)
      if (!symbol) throw new Error(`${specifier} does not resolve`)
      for (const e of checker.getExportsOfModule(symbol)) if (!exported.has(e.name)) exported.set(e.name, specifier)
    }
    expect(exported.get('createModal')).toBe('portico')
    expect(exported.get('ConnectButton')).toBe('portico/react')

    // Every ```ts / ```tsx block of README.md and docs/*.md, as shipped.
    const docs = ['README.md', ...readdirSync(join(pkgDir, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)]
    expect(docs).toContain('docs/OPTIONS.md')
    const blocks: Array<{ doc: string; line: number; file: string; code: string }> = []
    const blockDir = join(app, 'blocks')
    mkdirSync(blockDir, { recursive: true })
    for (const doc of docs) {
      const lines = readFileSync(join(pkgDir, doc), 'utf8').split('\n')
      for (let i = 0; i < lines.length; i++) {
        const open = /^```(ts|tsx|typescript)\s*$/.exec(lines[i]!)
        if (!open) continue
        const end = lines.indexOf('```', i + 1)
        const code = lines.slice(i + 1, end).join('\n')
        if (!code.trimStart().startsWith(SKIP_MARKER)) {
          const ext = open[1] === 'tsx' ? 'tsx' : 'ts'
          blocks.push({ doc, line: i + 2, code, file: join(blockDir, `${doc.replace(/[/.]/g, '_')}_${i + 2}.${ext}`) })
        }
        i = end
      }
    }
    expect(blocks.filter((b) => b.doc === 'README.md').length).toBeGreaterThan(0)
    expect(blocks.filter((b) => b.doc === 'docs/OPTIONS.md').length).toBeGreaterThanOrEqual(4)

    // Type-check all blocks; add the imports (and the `modal`) a block leaves implicit, then check again.
    const preludes = new Map<string, Set<string>>(blocks.map((b) => [b.file, new Set<string>()]))
    const write = () => {
      for (const b of blocks) {
        const prelude = [...preludes.get(b.file)!].map((name) =>
          name === 'modal' ? "declare const modal: import('portico').Modal" : `import { ${name} } from '${exported.get(name)}'`,
        )
        // One line for the prelude, so the block's own lines keep their numbers (+1) in messages.
        writeFileSync(b.file, `${prelude.join('; ')}\n${b.code}\nexport {}\n`)
      }
    }
    let diagnostics: ts.Diagnostic[] = []
    for (let pass = 0; pass < 4; pass++) {
      write()
      diagnostics = ownDiagnostics(blocks.map((b) => b.file))
      let added = false
      for (const d of diagnostics) {
        if (!d.file || ![2304, 2552, 2503, 2749].includes(d.code) || d.start === undefined) continue
        const name = d.file.text.slice(d.start, d.start + (d.length ?? 0))
        const prelude = preludes.get(d.file.fileName)
        if (!prelude || prelude.has(name) || (name !== 'modal' && !exported.has(name))) continue
        prelude.add(name)
        added = true
      }
      if (!added) break
    }
    const messages = diagnostics.map((d) => {
      const block = blocks.find((b) => b.file === d.file?.fileName)
      const text = ts.flattenDiagnosticMessageText(d.messageText, '\n')
      if (!block || d.start === undefined) return text
      const { line } = d.file!.getLineAndCharacterOfPosition(d.start)
      return `${block.doc}:${block.line + line - 1}: ${text}`
    })
    expect(messages).toEqual([])
  }, 180_000)

  it("the README's host example runs as written (server-rendered in Node from the packed JavaScript)", () => {
    const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8')
    const example = /```tsx\n([\s\S]*?)\n```/.exec(readme.slice(readme.indexOf('## Using it in a host')))![1]!
    expect(example).toContain('const myChain')
    expect(example).toContain('useAccount()')
    const js = ts.transpileModule(example, { compilerOptions: { jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText
    writeFileSync(join(app, 'readme-example.mjs'), js)
    const script = [
      "import { createElement } from 'react'",
      "import { renderToString } from 'react-dom/server'",
      "const { App } = await import('./readme-example.mjs')",
      'console.log(renderToString(createElement(App)))',
    ].join('\n')
    writeFileSync(join(app, 'render.mjs'), script)
    const run = spawnSync(process.execPath, [join(app, 'render.mjs')], { cwd: app, encoding: 'utf8', env: childEnv() })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('>Connect Wallet</button>')
    expect(run.stdout).toContain('<p>Not connected</p>')
  }, 60_000)
})
