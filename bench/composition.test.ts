import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { COMPOSED_PLUGINS, HOSTS, hostSource } from './composition.ts'

// The bench hosts share one template (hostSource in bench/composition.ts): the committed hosts are its output, and the
// per-plugin hosts bench/composition.ts builds are generated with it, so the host code exists once.
describe('bench hosts: one template', () => {
  it.each(Object.keys(HOSTS))('bench/hosts/%s/main.tsx is what hostSource() generates (npx tsx bench/composition.ts --write-hosts)', (name) => {
    const host = HOSTS[name]!
    expect(readFileSync(new URL(`./hosts/${name}/main.tsx`, import.meta.url), 'utf8')).toBe(hostSource(host.plugins, host.comment))
  })

  it('the all-plugins host composes every plugin the per-plugin hosts measure', () => {
    expect(HOSTS['all-plugins']!.plugins.map((p) => p.id).sort()).toEqual(COMPOSED_PLUGINS.map((p) => p.id).sort())
  })

  it('a per-plugin host is the reference host plus its plugin', () => {
    const send = COMPOSED_PLUGINS.find((p) => p.id === 'send')!
    const text = hostSource([send], '// x')
    expect(text).toContain("import { eip155 } from 'portico/plugins/eip155'\nimport { send } from 'portico/plugins/send'\n")
    expect(text).toContain('    }),\n    send(),\n  ],')
    expect(text.replace("import { send } from 'portico/plugins/send'\n", '').replace('    send(),\n', '')).toBe(hostSource([], '// x'))
  })
})

// What keeps a deferred plugin's share of the first chunk to its definition (docs/DECISIONS.md, "Nothing in a host's
// first chunk imports what only deferred code uses"): its public entry only re-exports, so no module of the first chunk
// imports the controllers, clients and views its deferred code uses. bench/composition.ts measures the figures.
describe('deferred plugins: the public entry only re-exports', () => {
  const deferred = COMPOSED_PLUGINS.filter((p) => p.id !== 'walletconnect').map((p) => p.id)
  it.each(deferred)('plugins/%s/index.ts has only `export ... from` statements, the factory among them from definition.ts', (id) => {
    const path = new URL(`../plugins/${id}/index.ts`, import.meta.url)
    const source = ts.createSourceFile(path.pathname, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest)
    const other = source.statements.filter((s) => !(ts.isExportDeclaration(s) && s.moduleSpecifier)).map((s) => s.getText(source).slice(0, 80))
    expect(other).toEqual([])
    const factory = COMPOSED_PLUGINS.find((p) => p.id === id)!.factory
    const fromDefinition = source.statements.filter(ts.isExportDeclaration).filter((s) => (s.moduleSpecifier as ts.StringLiteral).text === './definition.ts')
    expect(fromDefinition.flatMap((s) => (s.exportClause && ts.isNamedExports(s.exportClause) ? s.exportClause.elements.map((e) => e.name.text) : []))).toContain(factory)
  })
})
