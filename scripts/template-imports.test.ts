import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { expandTemplateImports, expandTemplateImportsIn } from './template-imports.mjs'

/** What the package build's tsc emits for a source file (the repository's compiler options). */
function emit(source: string): string {
  return ts.transpileModule(source, {
    compilerOptions: { jsx: ts.JsxEmit.ReactJSX, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, rewriteRelativeImportExtensions: true, allowImportingTsExtensions: true },
  }).outputText
}

const CATALOGUE = "export { a } from './a.ts'\nexport const load = (locale: string) => import(`./messages/${locale}.ts`)\nexport const view = () => import('./View.tsx')\n"

describe('template-literal imports in the package build', () => {
  it("tsc wraps a catalogue's template-literal import in a runtime helper; the build expands it into literal imports of the folder's modules", () => {
    const code = emit(CATALOGUE)
    expect(code).toContain('import(__rewriteRelativeImportExtension(`./messages/${locale}.ts`))')
    const out = expandTemplateImports(code, (folder) => (folder === './messages/' ? ['de.js', 'de.d.ts', 'pt-BR.js'] : []))
    expect(out).toContain('import("./messages/de.js")')
    expect(out).toContain('import("./messages/pt-BR.js")')
    expect(out).not.toContain('d.ts')
    expect(out).not.toContain('__rewriteRelativeImportExtension')
    // Literal imports were already rewritten by tsc and stay as they are.
    expect(out).toMatch(/from ["']\.\/a\.js["']/)
    expect(out).toMatch(/import\(["']\.\/View\.js["']\)/)
  })

  it('leaves a module without such imports untouched', () => {
    const code = emit("export const view = () => import('./View.tsx')\n")
    expect(code).toMatch(/import\(["']\.\/View\.js["']\)/)
    expect(expandTemplateImports(code, () => [])).toBe(code)
  })

  it('fails the build on a wrapped import it cannot expand (a bare variable, an empty folder)', () => {
    expect(() => expandTemplateImports(emit('export const load = (path: string) => import(path)\n'), () => [], 'dist/x.js')).toThrow(
      'dist/x.js: a dynamic import tsc wraps in __rewriteRelativeImportExtension is not',
    )
    expect(() => expandTemplateImports(emit(CATALOGUE), () => [], 'dist/x.js')).toThrow('dist/x.js: no modules in ./messages/')
  })

  it("a catalogue's loader (locale) => import(...) becomes the table of loaders, one literal import per language", () => {
    const out = expandTemplateImports(emit('defineMessages(en, (locale) => import(`./core/${locale}.ts`))\n'), (folder) => (folder === './core/' ? ['de.js', 'ar.js'] : []))
    expect(out).toContain('defineMessages(en, { "ar": () => import("./core/ar.js"), "de": () => import("./core/de.js") });\n')
  })

  it('the expanded module loads each language from the folder in Node and rejects an unknown one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-template-imports-'))
    try {
      mkdirSync(join(dir, 'messages'))
      writeFileSync(join(dir, 'messages', 'de.js'), "export default { hello: 'Hallo' }\n")
      writeFileSync(join(dir, 'messages', 'ar.js'), "export default { hello: 'مرحبا' }\n")
      writeFileSync(join(dir, 'catalogue.js'), emit('export const load = (locale: string) => import(`./messages/${locale}.ts`).then((m) => m)\n'))
      writeFileSync(join(dir, 'other.js'), 'export const x = 1\n')
      expect(expandTemplateImportsIn(dir)).toEqual([join(dir, 'catalogue.js')])
      expect(readFileSync(join(dir, 'catalogue.js'), 'utf8')).not.toContain('import(`')
      const { load } = (await import(/* @vite-ignore */ join(dir, 'catalogue.js'))) as { load(locale: string): Promise<{ default: { hello: string } }> }
      expect((await load('de')).default.hello).toBe('Hallo')
      expect((await load('ar')).default.hello).toBe('مرحبا')
      await expect(load('xx')).rejects.toThrow('No module ./messages/xx.js')
      await expect(load('constructor')).rejects.toThrow('No module ./messages/constructor.js')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
