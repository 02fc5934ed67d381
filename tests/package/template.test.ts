/**
 * Issue 9 acceptance: a newcomer copies plugin-template/ out of the repo into a fresh folder with `portico` installed
 * from `npm pack`, runs its conformance test, and it passes. This test does exactly that, offline: it builds once and
 * packs (tests/package/pack.ts, in a copy of the sources), unpacks the tarball as `node_modules/portico` of a fresh temp project (what `npm install <tarball>` lays
 * down), links the package's declared dependencies and the newcomer's tools (vitest, typescript) from the repo's
 * node_modules, then runs the template's own test with vitest and type-checks it with tsc against the packed .d.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { childEnv, RNODE, ROOT, unpackInto } from './pack.ts'
import { sharedPack } from './shared-pack.ts'

/** The module specifiers of a JavaScript file, parsed (not pattern-matched: `x === 'from' ? a : b` is no import). */
function moduleSpecifiers(code: string, fileName: string): Array<{ specifier: string; dynamic: boolean }> {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
  const found: Array<{ specifier: string; dynamic: boolean }> = []
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, dynamic: false })
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0]
      if (arg && ts.isStringLiteralLike(arg)) found.push({ specifier: arg.text, dynamic: true })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}


/** The public entries a plugin author may import (docs/ARCHITECTURE.md design rules, plugin-template/GUIDE.md). */
const PUBLIC_ENTRIES = ['portico', 'portico/plugin', 'portico/react', 'portico/components', 'portico/testing', 'portico/testing/conformance', 'portico/plugins/eip155', 'portico/plugins/walletconnect']

let work: string
let app: string
let pkgDir: string
let packed: { name: string; exports: Record<string, { types?: string; import?: string }>; dependencies?: Record<string, string>; peerDependencies?: Record<string, string> }


function link(name: string): void {
  const from = join(RNODE, name)
  if (!existsSync(from)) throw new Error(`${name} is not installed in the repo's node_modules`)
  mkdirSync(dirname(join(app, 'node_modules', name)), { recursive: true })
  symlinkSync(from, join(app, 'node_modules', name), 'dir')
}

function* files(dir: string, suffix: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path, suffix)
    else if (path.endsWith(suffix)) yield path
  }
}

/** Bare package name of a specifier ('@scope/name/x' -> '@scope/name', 'react/jsx-runtime' -> 'react'). */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')

beforeAll(async () => {
  const { tarball, work: folder } = await sharedPack('portico-pack')
  work = folder
  app = join(work, 'newcomer-plugin')
  // `npm install <tarball>` unpacks `package/` as node_modules/portico; the registry is not needed for that.
  pkgDir = unpackInto(tarball, app)
  packed = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'))
  // The dependencies the package declares (the repo's installed copies), the optional peers the entries use, and the
  // newcomer's own tools.
  for (const name of Object.keys(packed.dependencies ?? {})) link(name)
  for (const name of ['react', 'react-dom', 'vitest', 'typescript', '@types/react', '@types/react-dom', 'happy-dom']) link(name)

  cpSync(join(ROOT, 'plugin-template'), app, { recursive: true })
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'newcomer-plugin', private: true, type: 'module' }, null, 2))
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        lib: ['ES2023', 'DOM'],
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        allowImportingTsExtensions: true,
        verbatimModuleSyntax: true,
        // The packed .d.ts are checked too: an import in them that does not resolve inside the package fails here.
        skipLibCheck: false,
        types: [],
      },
      include: ['*.ts', '*.tsx'],
    }),
  )
  // Type-level use of the entries whose types are light enough to check in every run (no viem).
  writeFileSync(
    join(app, 'entries.ts'),
    [
      "import { createModal } from 'portico'",
      "import { Modal } from 'portico/react'",
      "import { Button, QrCode } from 'portico/components'",
      "import { describeChainPluginConformance } from 'portico/testing/conformance'",
      'export const entries = [createModal, Modal, Button, QrCode, describeChainPluginConformance]',
      '',
    ].join('\n'),
  )
}, 300_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('portico packed with npm pack, used from a fresh folder', () => {
  it('exports every public entry with its types, and each resolves to a file in the tarball', () => {
    for (const entry of PUBLIC_ENTRIES) {
      const key = entry === 'portico' ? '.' : `./${entry.slice('portico/'.length)}`
      const pattern = packed.exports[key] ?? packed.exports['./plugins/*']
      expect(pattern, `exports["${key}"]`).toBeDefined()
      const plugin = entry.startsWith('portico/plugins/') ? entry.slice('portico/plugins/'.length) : ''
      for (const file of [pattern!.types, pattern!.import]) {
        expect(file, `${entry}: types and import`).toMatch(/^\.\/dist\//)
        expect(existsSync(join(pkgDir, file!.replace('*', plugin))), `${entry}: ${file}`).toBe(true)
      }
    }
    // Node's own resolution from the newcomer's folder, through the exports map.
    const script = `for (const s of ${JSON.stringify(PUBLIC_ENTRIES)}) console.log(import.meta.resolve(s))`
    const resolved = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8', env: childEnv() })
      .trim()
      .split('\n')
    expect(resolved).toHaveLength(PUBLIC_ENTRIES.length)
    for (const url of resolved) expect(fileURLToPath(url).startsWith(pkgDir + sep)).toBe(true)
    // Resolution goes through the exports map only: a file that exists in the tarball but is not exported fails, so
    // a missing entry above would fail too.
    expect(existsSync(join(pkgDir, 'dist/ui/components/Button.js'))).toBe(true)
    const missing = spawnSync(process.execPath, ['--input-type=module', '-e', "import.meta.resolve('portico/dist/ui/components/Button.js')"], {
      cwd: app,
      encoding: 'utf8',
      env: childEnv(),
    })
    expect(missing.status).not.toBe(0)
    expect(missing.stderr).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED')
  })

  it('imports statically only packages it declares (dependencies or peerDependencies)', () => {
    const declared = new Set([...Object.keys(packed.dependencies ?? {}), ...Object.keys(packed.peerDependencies ?? {}), packed.name])
    const undeclared = new Set<string>()
    const lazyUndeclared = new Set<string>()
    for (const file of files(join(pkgDir, 'dist'), '.js')) {
      for (const { specifier, dynamic } of moduleSpecifiers(readFileSync(file, 'utf8'), file)) {
        if (specifier.startsWith('.') || specifier.startsWith('/')) continue
        const name = packageOf(specifier)
        if (name.startsWith('node:') || declared.has(name)) continue
        ;(dynamic ? lazyUndeclared : undeclared).add(`${name} (${relative(pkgDir, file)})`)
      }
    }
    // A static import of an undeclared package breaks every consumer of that entry at load time.
    expect([...undeclared]).toEqual([])
    // A dynamic one breaks only who uses that path (and a consumer's bundler, which resolves it at build time):
    // reported here, to be declared as optional peers.
    if (lazyUndeclared.size) console.warn(`dynamically imported but not declared in package.json: ${[...lazyUndeclared].join(', ')}`)
  })

  it('ships .d.ts whose relative imports all resolve inside the package', () => {
    const broken: string[] = []
    for (const file of files(join(pkgDir, 'dist'), '.d.ts')) {
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import\(|declare module)\s*['"](\.\.?\/[^'"]+)['"]/g)) {
        const target = resolve(dirname(file), m[1]!)
        const declaration = target.replace(/\.(tsx?|jsx?|mjs)$/, '') + '.d.ts'
        if (!target.startsWith(pkgDir + sep) || !existsSync(declaration)) broken.push(`${relative(pkgDir, file)}: ${m[1]}`)
      }
    }
    expect(broken).toEqual([])
  })

  it("runs the template's own conformance test with vitest, and it passes", () => {
    const report = join(work, 'vitest.json')
    const run = spawnSync(
      process.execPath,
      [join(app, 'node_modules/vitest/vitest.mjs'), 'run', '--root', app, '--reporter=json', `--outputFile=${report}`],
      { cwd: app, encoding: 'utf8', env: childEnv() },
    )
    expect(existsSync(report), run.stderr).toBe(true)
    const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; testResults: Array<{ name: string }> }
    expect(json.testResults.map((r) => relative(app, r.name)).sort()).toEqual(['index.test.ts', 'views.test.tsx'])
    expect(json.numFailedTests, run.stdout.slice(0, 4000)).toBe(0)
    // The conformance suite and the template's own RPC tests.
    expect(json.numPassedTests).toBeGreaterThanOrEqual(5)
    expect(run.status).toBe(0)
  })

  it('type-checks the template with tsc against the packed .d.ts', () => {
    const run = spawnSync(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', join(app, 'tsconfig.json')], {
      cwd: app,
      encoding: 'utf8',
      env: childEnv(),
    })
    expect(run.stdout + run.stderr).toBe('')
    expect(run.status).toBe(0)
  })
})
