import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Every source file under dir (recursively), as absolute paths. */
function sourceFiles(dir: string, extensions: readonly string[]): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) out.push(...sourceFiles(path, extensions))
    } else if (extensions.some((ext) => entry.name.endsWith(ext))) {
      out.push(path)
    }
  }
  return out
}

/** Every module specifier of a source: static, type-only, side-effect, re-export, dynamic import() and require(). */
function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName)
}

/** Repository-relative folder a relative specifier points into (e.g. 'plugins/eip155/index.ts'). */
function target(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  return relative(ROOT, resolve(dirname(file), specifier)).split(sep).join('/')
}

const isTestFile = (file: string) => /\.test(-d)?\.tsx?$/.test(file)

const isPackage = (specifier: string, name: string) => specifier === name || specifier.startsWith(`${name}/`)

/** Why a kernel import breaks the architecture, or undefined when it is allowed. */
function kernelViolation(file: string, specifier: string): string | undefined {
  if (isPackage(specifier, 'react') || isPackage(specifier, 'react-dom')) return 'React'
  if (isPackage(specifier, 'viem')) return 'viem (chain SDKs belong to chain plugins)'
  if (isPackage(specifier, 'portico/plugins') || specifier.includes('/plugins/') || specifier.includes('../plugins')) return 'a plugin'
  if (isPackage(specifier, 'portico/react') || specifier.includes('../ui')) return 'ui'
  const to = target(file, specifier)
  if (to && !to.startsWith('kernel/')) return `a module outside kernel/ (${to})`
  return undefined
}

/** Why a ui/components import breaks the architecture (components are presentational: no kernel). */
function componentViolation(file: string, specifier: string): string | undefined {
  if (isPackage(specifier, 'portico')) return 'the kernel (portico)'
  const to = target(file, specifier)
  if (to && (to === 'kernel' || to.startsWith('kernel/'))) return `the kernel (${to})`
  return undefined
}

function violations(files: string[], check: (file: string, specifier: string) => string | undefined): string[] {
  const out: string[] = []
  for (const file of files) {
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      const why = check(file, specifier)
      if (why) out.push(`${relative(ROOT, file)} imports '${specifier}': ${why}`)
    }
  }
  return out
}

describe('architecture (docs/CONVENTIONS.md)', () => {
  it('the scanner sees every kind of import', () => {
    const sample = [
      "import React from 'react'",
      "import type { Root } from 'react-dom/client'",
      "import '../plugins/eip155/index.ts'",
      "export { x } from '../ui/components/Button.tsx'",
      "const v = await import('viem')",
      "const r = require('react-dom')",
    ].join('\n')
    expect(specifiersOf(sample)).toEqual(['react', 'react-dom/client', '../plugins/eip155/index.ts', '../ui/components/Button.tsx', 'viem', 'react-dom'])
    const file = join(ROOT, 'kernel/state/x.ts')
    expect(specifiersOf(sample).map((s) => kernelViolation(file, s))).toEqual([
      'React', 'React', 'a plugin', 'ui', 'viem (chain SDKs belong to chain plugins)', 'React',
    ])
    expect(kernelViolation(file, '../caip/index.ts')).toBeUndefined()
    expect(kernelViolation(file, 'mitt')).toBeUndefined()
    expect(kernelViolation(file, '../../testing/index.ts')).toBe('a module outside kernel/ (testing/index.ts)')
    const component = join(ROOT, 'ui/components/X.tsx')
    expect(componentViolation(component, '../../kernel/index.ts')).toBe('the kernel (kernel/index.ts)')
    expect(componentViolation(component, 'portico')).toBe('the kernel (portico)')
    expect(componentViolation(component, './Button.tsx')).toBeUndefined()
  })

  it('kernel/ imports neither React, viem, any plugin nor ui (every .ts file under kernel/)', () => {
    const files = sourceFiles(join(ROOT, 'kernel'), ['.ts', '.tsx'])
    expect(files.length).toBeGreaterThan(20)
    expect(files.some((f) => f.endsWith(`kernel${sep}modal.ts`))).toBe(true)
    // Shipped kernel code may import only kernel modules; its tests may also start the local stack (integration
    // tests against the real API server), but never React, viem, a plugin or ui.
    const shipped = files.filter((f) => !isTestFile(f))
    const tests = files.filter(isTestFile)
    expect(violations(shipped, kernelViolation)).toEqual([])
    expect(violations(tests, (file, specifier) => {
      const why = kernelViolation(file, specifier)
      return why?.startsWith('a module outside kernel/ (stack/') ? undefined : why
    })).toEqual([])
  })

  it('ui/components imports nothing from the kernel', () => {
    const files = sourceFiles(join(ROOT, 'ui/components'), ['.ts', '.tsx'])
    expect(files.length).toBeGreaterThan(5)
    expect(violations(files, componentViolation)).toEqual([])
  })
})

// ─── Issue 9: public seams, no cycles, no plugin knowledge in the kernel or core UI ──────────────────────────────

/** Repo-relative path -> source text; the checkers below run on the repo or on an in-memory fixture. */
type Sources = Map<string, string>

interface ImportRef {
  specifier: string
  /** `import type` / `export type` (erased at run time). */
  typeOnly: boolean
  /** `import()`: loaded later, not part of the module's evaluation. */
  dynamic: boolean
}

/** The module references of a source, from its syntax tree (so comments and strings never count). */
function importRefs(path: string, source: string): ImportRef[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const refs: ImportRef[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const bindings = clause?.namedBindings
      const allTypes =
        !!clause &&
        (clause.isTypeOnly || (!clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)))
      refs.push({ specifier: node.moduleSpecifier.text, typeOnly: allTypes, dynamic: false })
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause
      const allTypes = node.isTypeOnly || (!!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly))
      refs.push({ specifier: node.moduleSpecifier.text, typeOnly: allTypes, dynamic: false })
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      refs.push({ specifier: node.name.text, typeOnly: true, dynamic: false }) // declare module '...' (augmentation)
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteralLike(node.arguments[0]!)) {
      const arg = (node.arguments[0] as ts.StringLiteralLike).text
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) refs.push({ specifier: arg, typeOnly: false, dynamic: true })
      else if (ts.isIdentifier(node.expression) && node.expression.text === 'require') refs.push({ specifier: arg, typeOnly: false, dynamic: false })
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      refs.push({ specifier: node.argument.literal.text, typeOnly: true, dynamic: false }) // import('x').T in a type
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return refs
}

/** Repo-relative, '/'-separated path a relative specifier points at (from a repo-relative file). */
function resolveRelative(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1)
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.') parts.push(part)
  }
  return parts.join('/')
}

/** Tests, type tests, stories and fixtures: development files, which may also use the local stack and story kit. */
const isDevFile = (path: string) => /\.(test|test-d|stories)\.tsx?$/.test(path) || /\.fixtures\.tsx?$/.test(path)

/** The public entries a plugin may import (plugin-template/GUIDE.md; tsconfig paths). */
const PUBLIC_ENTRIES = new Set(['portico', 'portico/plugin', 'portico/react', 'portico/components', 'portico/testing', 'portico/testing/conformance'])
/**
 * Repo folders a plugin's tests and stories may use besides the public entries: the local chains, the story kit, and
 * the demo wallet (the stack's WalletConnect wallet, whose signers the plugins' session tests pair with).
 */
const DEV_ONLY_FOLDERS = ['stack/', 'storybook/', 'tests/', 'demo/wallet/']

/** Rules (a) and (b): a plugin imports only public entries, its own files, and (in dev files) the local stack. */
function pluginImportViolations(sources: Sources): string[] {
  const out: string[] = []
  for (const [path, source] of sources) {
    const own = /^plugins\/([^/]+)\//.exec(path)?.[1]
    if (!own) continue
    for (const { specifier } of importRefs(path, source)) {
      let why: string | undefined
      if (specifier.startsWith('.')) {
        const to = resolveRelative(path, specifier)
        const other = /^plugins\/([^/]+)(\/|$)/.exec(to)?.[1]
        if (other === own) continue
        if (other) why = `another plugin's internals (${to}); use 'portico/plugins/${other}'`
        else if (isDevFile(path) && DEV_ONLY_FOLDERS.some((f) => to.startsWith(f))) continue
        else why = `a repo path (${to}) instead of a public entry`
      } else if (specifier === 'portico' || specifier.startsWith('portico/')) {
        const plugin = /^portico\/plugins\/([^/]+)(\/.*)?$/.exec(specifier)
        if (plugin) {
          if (plugin[2]) why = `another plugin's internals; use 'portico/plugins/${plugin[1]}'`
        } else if (!PUBLIC_ENTRIES.has(specifier)) {
          why = 'not a public entry of portico'
        }
      }
      if (why) out.push(`${path} imports '${specifier}': ${why}`)
    }
  }
  return out.sort()
}

/** Rule (c): cycles of static, value-level imports among the shipped modules under `folder` (each cycle once). */
function importCycles(sources: Sources, folder: string): string[][] {
  const files = [...sources.keys()].filter((p) => p.startsWith(folder) && !isDevFile(p))
  const known = new Set(files)
  const edges = new Map<string, string[]>()
  for (const path of files) {
    const targets = importRefs(path, sources.get(path)!)
      .filter((r) => r.specifier.startsWith('.') && !r.typeOnly && !r.dynamic)
      .map((r) => resolveRelative(path, r.specifier))
      .filter((to) => known.has(to))
    edges.set(path, targets)
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  let next = 0
  const connect = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!))
      }
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        scc.push(w)
      } while (w !== v)
      if (scc.length > 1 || (edges.get(v) ?? []).includes(v)) cycles.push(scc.sort())
    }
  }
  for (const f of files.sort()) if (!index.has(f)) connect(f)
  return cycles
}

/**
 * The views the kernel itself declares (kernel/plugin/contract.ts ViewParams): SPEC §2 views that the kernel's own
 * routing rules or the core UI name. Core code may name these even when a plugin implements one (account-data
 * implements AllWallets); see docs/DECISIONS.md "Which views core code may name".
 */
const KERNEL_VIEWS = ['Connect', 'Account', 'AllWallets', 'ConnectingExternal', 'SwitchNetwork', 'UnsupportedChain', 'ProfileWallets', 'SwitchActiveChain']

/** Property names of `interface ViewParams { ... }` declarations in a source (the kernel's, or a plugin's augmentation). */
function declaredViews(path: string, source: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const names: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'ViewParams') {
      for (const m of node.members) if (m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name))) names.push(m.name.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return names
}

/** Plugin ids (definePlugin({ id })) and the views plugins register or declare, minus the kernel's own views. */
function pluginNames(sources: Sources): { ids: Set<string>; views: Set<string> } {
  const ids = new Set<string>()
  const views = new Set<string>()
  for (const [path, source] of sources) {
    if (!path.startsWith('plugins/') || isDevFile(path)) continue
    const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const [first] = node.arguments
        if (node.expression.text === 'definePlugin' && first && ts.isObjectLiteralExpression(first)) {
          for (const p of first.properties) {
            if (ts.isPropertyAssignment(p) && p.name.getText(file) === 'id' && ts.isStringLiteralLike(p.initializer)) ids.add(p.initializer.text)
          }
        }
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'registerView') {
        const [first] = node.arguments
        if (first && ts.isStringLiteralLike(first)) views.add(first.text)
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
    for (const v of declaredViews(path, source)) views.add(v)
  }
  for (const v of KERNEL_VIEWS) views.delete(v)
  return { ids, views }
}

/** Rule (d): string literals in the kernel's and the core UI's shipped code equal to a plugin id or plugin view. */
const MESSAGE_CATALOGUE = 'ui/theme/i18n.ts'

function pluginNameViolations(sources: Sources): string[] {
  const { ids, views } = pluginNames(sources)
  const out: string[] = []
  for (const [path, source] of sources) {
    if (!(path.startsWith('kernel/') || path.startsWith('ui/')) || isDevFile(path)) continue
    // The English message catalogue holds visible text ('Swap' is a button label), never a view or plugin name.
    if (path === MESSAGE_CATALOGUE) continue
    const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
    const visit = (node: ts.Node) => {
      const parent = node.parent as ts.Node | undefined
      const isSpecifier = !!parent && (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent) || ts.isModuleDeclaration(parent) || ts.isLiteralTypeNode(parent))
      if (ts.isStringLiteralLike(node) && !isSpecifier) {
        const what = ids.has(node.text) ? 'plugin id' : views.has(node.text) ? 'plugin view' : undefined
        if (what) out.push(`${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1} names ${what} '${node.text}'`)
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return out.sort()
}

/** Shipped and development sources under the given folders, repo-relative. */
function repoSources(...folders: string[]): Sources {
  const sources: Sources = new Map()
  for (const folder of folders) {
    for (const file of sourceFiles(join(ROOT, folder), ['.ts', '.tsx'])) sources.set(relative(ROOT, file).split(sep).join('/'), readFileSync(file, 'utf8'))
  }
  return sources
}

const fixture = (files: Record<string, string>): Sources => new Map(Object.entries(files))

describe('architecture: public seams (issue 9)', () => {
  it('(a) catches a plugin importing another plugin\'s internals (negative fixture)', () => {
    const found = pluginImportViolations(
      fixture({
        'plugins/foo/index.ts': [
          "import { eip155 } from 'portico/plugins/eip155'",
          "import { helper } from '../bar/internal.ts'",
          "import type { Secret } from 'portico/plugins/bar/connector'",
          "const lazy = () => import('../bar/views/View.tsx')",
          "import { mine } from './own.ts'",
        ].join('\n'),
      }),
    )
    expect(found).toEqual([
      "plugins/foo/index.ts imports '../bar/internal.ts': another plugin's internals (plugins/bar/internal.ts); use 'portico/plugins/bar'",
      "plugins/foo/index.ts imports '../bar/views/View.tsx': another plugin's internals (plugins/bar/views/View.tsx); use 'portico/plugins/bar'",
      "plugins/foo/index.ts imports 'portico/plugins/bar/connector': another plugin's internals; use 'portico/plugins/bar'",
    ])
  })

  it('(b) catches a plugin importing ui/, kernel/ or testing/ by path instead of a public entry (negative fixture)', () => {
    const found = pluginImportViolations(
      fixture({
        'plugins/foo/views/View.tsx': "import { Button } from '../../../ui/components/Button.tsx'\nimport { Button as B } from 'portico/components'",
        'plugins/foo/index.ts': "import { Store } from '../../kernel/state/store.ts'\nexport type { X } from '../../testing/conformance/index.ts'\nimport { definePlugin } from 'portico'",
        'plugins/foo/deep.ts': "import { x } from 'portico/kernel/state/store'\ndeclare module '../../kernel/plugin/contract.ts' { interface ViewParams { Foo: undefined } }",
        'plugins/foo/foo.test.ts': "import { startChain } from '../../stack/chain/index.ts'\nimport { Modal } from '../../ui/react/Modal.tsx'\nimport { describeChainPluginConformance } from 'portico/testing/conformance'",
        'plugins/foo/Foo.stories.tsx': "import { ThemeFrame } from '../../storybook/ThemeFrame.tsx'",
      }),
    )
    expect(found).toEqual([
      "plugins/foo/deep.ts imports '../../kernel/plugin/contract.ts': a repo path (kernel/plugin/contract.ts) instead of a public entry",
      "plugins/foo/deep.ts imports 'portico/kernel/state/store': not a public entry of portico",
      "plugins/foo/foo.test.ts imports '../../ui/react/Modal.tsx': a repo path (ui/react/Modal.tsx) instead of a public entry",
      "plugins/foo/index.ts imports '../../kernel/state/store.ts': a repo path (kernel/state/store.ts) instead of a public entry",
      "plugins/foo/index.ts imports '../../testing/conformance/index.ts': a repo path (testing/conformance/index.ts) instead of a public entry",
      "plugins/foo/views/View.tsx imports '../../../ui/components/Button.tsx': a repo path (ui/components/Button.tsx) instead of a public entry",
    ])
  })

  it('(c) finds import cycles among kernel modules and among ui modules (negative fixture)', () => {
    const sources = fixture({
      'kernel/a.ts': "import { b } from './state/b.ts'\nexport const a = 1",
      'kernel/state/b.ts': "import { c } from './c.ts'\nexport const b = 2",
      'kernel/state/c.ts': "import { a } from '../a.ts'\nexport const c = 3",
      'kernel/d.ts': "import type { A } from './e.ts'\nexport type D = 1",
      'kernel/e.ts': "import type { D } from './d.ts'\nconst lazy = () => import('./a.ts')",
      'kernel/self.ts': "export { x } from './self.ts'",
      'ui/react/Modal.tsx': "import { views } from '../views/registry.ts'",
      'ui/views/registry.ts': "import { Modal } from '../react/Modal.tsx'",
      'ui/views/lazy.ts': "export const load = () => import('../react/Modal.tsx')",
    })
    expect(importCycles(sources, 'kernel/')).toEqual([['kernel/a.ts', 'kernel/state/b.ts', 'kernel/state/c.ts'], ['kernel/self.ts']])
    expect(importCycles(sources, 'ui/')).toEqual([['ui/react/Modal.tsx', 'ui/views/registry.ts']])
  })

  it('(d) catches a plugin id or a plugin view named in kernel or core UI, but not a kernel view (negative fixture)', () => {
    const sources = fixture({
      'plugins/foo/index.ts': [
        "declare module 'portico' { interface ViewParams { FooPairing: undefined } }",
        "export const foo = () => definePlugin({ id: 'foo-chain', setup(ctx) { ctx.registerView('FooPairing', load); ctx.registerView('AllWallets', load); ctx.registerView('FooExtra', load) } })",
      ].join('\n'),
      'kernel/state/modal.ts': "// 'FooPairing' in a comment is fine\nconst v = { view: 'AllWallets' }\nconst w = { view: 'FooPairing' }",
      'ui/views/Connect.tsx': "if (id === 'foo-chain') route(`FooExtra`)\nconst title = 'Foo chain'",
      'ui/views/Connect.test.tsx': "expect(view).toBe('FooPairing')",
    })
    expect(pluginNames(sources)).toEqual({ ids: new Set(['foo-chain']), views: new Set(['FooPairing', 'FooExtra']) })
    expect(pluginNameViolations(sources)).toEqual([
      "kernel/state/modal.ts:3 names plugin view 'FooPairing'",
      "ui/views/Connect.tsx:1 names plugin id 'foo-chain'",
      "ui/views/Connect.tsx:1 names plugin view 'FooExtra'",
    ])
  })

  it('plugins import only public entries, their own files, and (tests, stories) the local stack', () => {
    const sources = repoSources('plugins', 'plugin-template')
    expect([...sources.keys()].filter((p) => p.startsWith('plugins/eip155/')).length).toBeGreaterThan(3)
    // plugin-template/ is checked as a plugin named "plugin-template".
    const asPlugins: Sources = new Map([...sources].map(([p, s]) => [p.startsWith('plugin-template/') ? `plugins/${p}` : p, s]))
    expect(pluginImportViolations(asPlugins)).toEqual([])
  })

  it('no import cycle among kernel modules, nor among ui modules (static value imports)', () => {
    const sources = repoSources('kernel', 'ui')
    expect(sources.has('kernel/modal.ts')).toBe(true)
    expect(importCycles(sources, 'kernel/')).toEqual([])
    expect(importCycles(sources, 'ui/')).toEqual([])
  })

  it('the kernel declares exactly its own views, and kernel/ui name no plugin id or plugin view', () => {
    const contract = readFileSync(join(ROOT, 'kernel/plugin/contract.ts'), 'utf8')
    expect(declaredViews('kernel/plugin/contract.ts', contract)).toEqual(KERNEL_VIEWS)
    const sources = repoSources('kernel', 'ui', 'plugins')
    const { ids, views } = pluginNames(sources)
    expect(ids.has('walletconnect') && ids.has('eip155') && ids.has('account-data')).toBe(true)
    expect(views.has('ConnectingWalletConnect')).toBe(true)
    expect(pluginNameViolations(sources)).toEqual([])
  })
})

// ─── Issue 23 item 6: no feature words in the kernel ─────────────────────────────────────────────────────────────

/**
 * Words that name a feature a plugin owns (login methods, sign-in, trading, names, a connector), matched against the
 * words of every identifier and string literal of the kernel's shipped code (camelCase, snake_case, kebab and
 * spaced text are split; comments never count). Plugin ids are caught by rule (d); these catch the rest.
 */
const FEATURE_WORDS = new Set([
  'email', 'social', 'socials', 'farcaster', 'telegram', 'embedded', 'smart', 'siwx', 'swap', 'swaps', 'onramp', 'buy',
  'ens', 'walletconnect', 'nft', 'nfts', 'analytics', 'spl', 'erc20',
])

/**
 * Where the kernel may say a feature word, each for a reason the kernel owns: the SPEC §8 error catalogue stays whole
 * in the kernel; the others are SPEC §2/§3/§7/§9 state and tables the kernel keeps for every plugin.
 */
const KERNEL_FEATURE_WORDS: Record<string, { words: readonly string[]; why: string }> = {
  'kernel/errors/catalogue.ts': { words: [...FEATURE_WORDS], why: 'the SPEC §8 error catalogue, verbatim' },
  'kernel/state/connect-methods.ts': { words: ['email', 'social', 'socials'], why: 'SPEC §2 connect methods (wallet, email, social)' },
  'kernel/plugin/contract.ts': { words: ['email', 'social', 'smart', 'siwx', 'ens'], why: "ConnectSection's SPEC §2 method; SPEC §3 AccountType 'smartAccount'; the SPEC §3 keys and SPEC §9 caches sharedStorage names" },
  'kernel/plugin/capabilities.ts': { words: ['smart', 'siwx', 'ens'], why: 'contract 1.1 capabilities over SPEC §3 state and keys (smartAccountEnabledNetworks, the SIWX token key) and the SPEC §9 ENS cache' },
  'kernel/modal.ts': { words: ['embedded'], why: 'SPEC §2 embedded mode (the modal on the page) keeps the dialog open after a connection' },
  'kernel/storage/portico-storage.ts': { words: ['smart'], why: 'SPEC §3 preferred account type' },
  'kernel/state/network.ts': { words: ['smart'], why: 'SPEC §3 network state smartAccountEnabledNetworks' },
  'kernel/state/modal.ts': { words: ['embedded'], why: 'SPEC §2 embedded mode (the modal on the page), not the embedded wallet' },
  'kernel/state/options.ts': { words: ['embedded', 'analytics', 'walletconnect'], why: 'embedded mode; SPEC §7 endpoints (analytics, hosted URLs)' },
  'kernel/storage/keys.ts': { words: ['siwx', 'ens'], why: 'the SPEC §3 storage key table' },
  'kernel/storage/ttl-cache.ts': { words: ['ens'], why: 'the SPEC §9 cache lifetimes table' },
}

/** The words of an identifier or text: 'setSiwxToken' -> set, siwx, token; 'Email or social' -> email, or, social. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

function featureWordViolations(sources: Sources): string[] {
  const out: string[] = []
  for (const [path, source] of sources) {
    if (!path.startsWith('kernel/') || isDevFile(path)) continue
    const allowed = new Set(KERNEL_FEATURE_WORDS[path]?.words ?? [])
    const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
    const visit = (node: ts.Node) => {
      const parent = node.parent as ts.Node | undefined
      const isSpecifier = !!parent && (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isModuleDeclaration(parent))
      const text = ts.isIdentifier(node) || ts.isPrivateIdentifier(node) ? node.text : ts.isStringLiteralLike(node) && !isSpecifier ? node.text : undefined
      const found = text === undefined ? [] : [...new Set(wordsOf(text).filter((w) => FEATURE_WORDS.has(w) && !allowed.has(w)))]
      for (const word of found) out.push(`${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1} says '${word}' (${text})`)
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return [...new Set(out)].sort()
}

/** Catalogue keys (kernel/errors/catalogue.ts) that no shipped code outside kernel/errors names. */
function unusedCatalogueTexts(sources: Sources): string[] {
  const catalogue = sources.get('kernel/errors/catalogue.ts') ?? ''
  const keys = [...catalogue.matchAll(/^export const ([A-Z0-9_]+) =/gm)].map((m) => m[1]!)
  const code = [...sources].filter(([p]) => !p.startsWith('kernel/errors/') && !isDevFile(p)).map(([, s]) => s).join('\n')
  return keys.filter((key) => !new RegExp(`\\b${key}\\b`).test(code))
}

describe('architecture: feature texts and options live in their plugins (issue 23 item 6)', () => {
  it('catches feature words in kernel identifiers and texts, not in comments or allowed places (negative fixture)', () => {
    const sources = fixture({
      'kernel/state/options.ts': "export const SOCIAL_PROVIDERS = ['google']\nconst o = { embedded: true }",
      'kernel/errors/alerts.ts': "export const EmbeddedWalletAlerts = { REQUEST_TIMED_OUT: { shortMessage: 'Embedded Wallet Request Timed Out' } }",
      'kernel/state/x.ts': "// the email section is a plugin's\nexport function setSiwxToken(t: string) {}\nconst ok = 'Sign in'",
      'kernel/state/x.test.ts': "const email = 'a@b.c'",
      'kernel/errors/catalogue.ts': "export const FAILED_TO_CONNECT_TO_FARCASTER = 'Failed to connect to farcaster'",
    })
    expect(featureWordViolations(sources)).toEqual([
      "kernel/errors/alerts.ts:1 says 'embedded' (Embedded Wallet Request Timed Out)",
      "kernel/errors/alerts.ts:1 says 'embedded' (EmbeddedWalletAlerts)",
      "kernel/state/options.ts:1 says 'social' (SOCIAL_PROVIDERS)",
      "kernel/state/x.ts:2 says 'siwx' (setSiwxToken)",
    ])
    expect(wordsOf('smartAccountEnabledNetworks')).toEqual(['smart', 'account', 'enabled', 'networks'])
  })

  it('kernel/ names no feature outside its allowed SPEC tables', () => {
    const sources = repoSources('kernel')
    expect(sources.size).toBeGreaterThan(20)
    expect(featureWordViolations(sources)).toEqual([])
  })

  it('every catalogued SPEC text is raised or shown by some code (a planted unused text is found)', () => {
    const planted = fixture({
      'kernel/errors/catalogue.ts': "export const USED = 'Used'\nexport const UNUSED = 'Unused'",
      'plugins/foo/index.ts': 'throw new Error(ErrorText.USED)',
      'plugins/foo/foo.test.ts': 'expect(ErrorText.UNUSED)',
    })
    expect(unusedCatalogueTexts(planted)).toEqual(['UNUSED'])
    expect(unusedCatalogueTexts(repoSources('kernel', 'ui', 'plugins'))).toEqual([])
  })
})

// ─── Issue 23 item 4: contract 1.1, a plugin acts through its context's capabilities, never the kernel's controllers ─

/** Where a plugin file names `KernelTokens` (an import, a property access, any identifier; not comments or strings). */
function kernelTokensUses(sources: Sources): string[] {
  const out: string[] = []
  for (const [path, source] of sources) {
    const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node) && node.text === 'KernelTokens') {
        out.push(`${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1} names KernelTokens (use the context's capabilities or portico/react's hooks)`)
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return out
}

/**
 * Modules that one of `sources` imports dynamically (`import('./x.ts')`) while another (or the same) imports them
 * statically with a value import: the bundler cannot split them off, so the dynamic import is pointless (and warns).
 */
function mixedImports(sources: Map<string, string>): string[] {
  const edges = (kind: 'static' | 'dynamic') => {
    const out = new Map<string, string[]>()
    const pattern = kind === 'static' ? /^\s*(?:import|export)\s+(?!type\b)[^;'"]*?from\s+['"](\.[^'"]+)['"]/gm : /import\(\s*['"](\.[^'"]+)['"]\s*\)/g
    for (const [path, source] of sources) {
      for (const [, specifier] of source.matchAll(pattern)) {
        const to = relative(ROOT, resolve(dirname(join(ROOT, path)), specifier!)).split(sep).join('/')
        out.set(to, [...(out.get(to) ?? []), path])
      }
    }
    return out
  }
  const statically = edges('static')
  return [...edges('dynamic')].filter(([to]) => statically.has(to)).map(([to, by]) => `${to}: import() in ${by.join(', ')}, static in ${statically.get(to)!.join(', ')}`)
}

describe('architecture: a module is loaded statically or lazily, not both', () => {
  it('catches a module imported both ways (negative fixture)', () => {
    const fixture = new Map([
      ['plugins/foo/plugin.ts', "import { a } from './shared.ts'\nimport type { T } from './typed.ts'\nconst b = () => import('./shared.ts')\nconst c = () => import('./typed.ts')"],
      ['plugins/foo/other.ts', "export { d } from './lazy.ts'\nconst e = () => import('./only-lazy.ts')"],
      ['plugins/foo/index.ts', "const f = () => import('./lazy.ts')"],
    ])
    expect(mixedImports(fixture)).toEqual([
      'plugins/foo/shared.ts: import() in plugins/foo/plugin.ts, static in plugins/foo/plugin.ts',
      'plugins/foo/lazy.ts: import() in plugins/foo/index.ts, static in plugins/foo/other.ts',
    ])
  })

  it('plugins/bip122 imports esplora.ts (and every other module of its own) one way only', () => {
    const shipped = new Map([...repoSources('plugins/bip122')].filter(([path]) => !isDevFile(path)))
    expect(shipped.has('plugins/bip122/esplora.ts')).toBe(true)
    expect(mixedImports(shipped)).toEqual([])
  })
})

describe('architecture: core UI strings come through ui/i18n\'s hooks or the strings context', () => {
  it('outside ui/i18n only the modal shell (which preloads the catalogues before it opens) imports the core catalogue', () => {
    const importers = [...repoSources('ui')]
      .filter(([path, source]) => !isDevFile(path) && !path.startsWith('ui/i18n/') && specifiersOf(source).some((s) => target(join(ROOT, path), s) === 'ui/i18n/core.ts'))
      .map(([path]) => path)
    expect(importers).toEqual(['ui/react/shell.tsx'])
  })
})

describe('architecture: contract 1.1 capabilities (issue 23 item 4)', () => {
  it('catches a plugin source or view that imports or names KernelTokens, but not a comment or a string (negative fixture)', () => {
    const sources = fixture({
      'plugins/foo/index.ts': "import { definePlugin, KernelTokens } from 'portico'\nconst o = ctx.get(KernelTokens.Options)",
      'plugins/foo/views/View.tsx': "import * as portico from 'portico'\nexport default () => { const m = useModalInstance().get(portico.KernelTokens.Modal); return null }",
      'plugins/foo/alias.ts': "import { KernelTokens as K } from 'portico'",
      'plugins/foo/fine.ts': "// KernelTokens are the kernel's\nconst text = 'KernelTokens'\nctx.modal.open()",
    })
    expect(kernelTokensUses(sources)).toEqual([
      'plugins/foo/index.ts:1 names KernelTokens (use the context\'s capabilities or portico/react\'s hooks)',
      'plugins/foo/index.ts:2 names KernelTokens (use the context\'s capabilities or portico/react\'s hooks)',
      'plugins/foo/views/View.tsx:2 names KernelTokens (use the context\'s capabilities or portico/react\'s hooks)',
      'plugins/foo/alias.ts:1 names KernelTokens (use the context\'s capabilities or portico/react\'s hooks)',
    ])
  })

  it('no plugin source, view or template file names KernelTokens', () => {
    const sources = repoSources('plugins', 'plugin-template')
    const shipped = new Map([...sources].filter(([path]) => !isDevFile(path)))
    expect(shipped.has('plugins/siwx/controller.ts') && shipped.has('plugins/walletconnect/views/Pairing.tsx')).toBe(true)
    expect(kernelTokensUses(shipped)).toEqual([])
  })

  it('plugin tests read state through modal.state and act through the public API or a probe plugin: none names KernelTokens', () => {
    // The locale is the modal's `locale` option; a profile or a balance refresh goes through a probe plugin's context,
    // and what a plugin registers (Account tabs and actions, Connect sections, snackbar errors) is read as it registers
    // it (tests/probe-plugin.ts: probePlugin, recordRegistrations).
    const tests = new Map([...repoSources('plugins', 'plugin-template')].filter(([path]) => isDevFile(path)))
    expect(tests.has('plugins/cosmos/cosmos.test.ts') && tests.has('plugins/account-data/offline.test.tsx')).toBe(true)
    expect(kernelTokensUses(tests)).toEqual([])
    expect(kernelTokensUses(repoSources('plugins'))).toEqual([])
  })
})
