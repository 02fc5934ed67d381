// A catalogue loads a language with one template-literal import, `import(`./messages/${locale}.ts`)` (docs/I18N.md).
// From the sources, Vite splits that into one chunk per file of the folder. The published package needs more: tsc
// wraps such an import in a runtime helper, `import(__rewriteRelativeImportExtension(`./messages/${locale}.ts`))`
// (rewriteRelativeImportExtensions rewrites only string literals at compile time), and even unwrapped, a host's Vite
// does not analyse template-literal imports inside node_modules (build.dynamicImportVarsOptions excludes them). So
// the package build expands each one into literal imports of the files the folder holds in dist. A loader
// `(locale) => import(`./messages/${locale}.ts`)` becomes the table `{ "de": () => import("./messages/de.js"), ... }`
// (which defineMessages takes as well, the shape catalogues had before); any other such import picks from that table
// by its expression. Node loads that as it is and every bundler makes one chunk per language.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

const WRAPPED = /import\(__rewriteRelativeImportExtension\(`(\.\.?\/(?:[\w.-]+\/)*)\$\{([\w$.]+)\}\.ts`(?:, true)?\)\)/g
const LOADER = /\(([\w$]+)\) => import\(__rewriteRelativeImportExtension\(`(\.\.?\/(?:[\w.-]+\/)*)\$\{\1\}\.ts`(?:, true)?\)\)(?=[),;}\n])/g
const HELPER = /^var __rewriteRelativeImportExtension = [^\n]*\n(?:[^\n]*\n)*?\};\n/m

/**
 * One emitted module's code with its wrapped template-literal imports expanded, given the .js files of each folder
 * (relative to the module). Throws on a wrapped import it cannot expand.
 */
export function expandTemplateImports(code, filesIn, file = 'a module') {
  if (!code.includes('__rewriteRelativeImportExtension')) return code
  const table = (folder, key) => {
    const names = filesIn(folder).filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3)).sort()
    if (!names.length) throw new Error(`${file}: no modules in ${folder} for import(\`${folder}\${${key}}.ts\`)`)
    return `{ ${names.map((n) => `${JSON.stringify(n)}: () => import(${JSON.stringify(`${folder}${n}.js`)})`).join(', ')} }`
  }
  const out = code
    .replace(LOADER, (_, key, folder) => table(folder, key))
    .replace(WRAPPED, (_, folder, key) => `((m) => Object.hasOwn(m, ${key}) ? m[${key}]() : Promise.reject(new Error(\`No module ${folder}\${${key}}.js\`)))(${table(folder, key)})`)
    .replace(HELPER, '')
  if (out.includes('__rewriteRelativeImportExtension')) {
    throw new Error(`${file}: a dynamic import tsc wraps in __rewriteRelativeImportExtension is not \`./folder/\${name}.ts\`; bundlers could not split it`)
  }
  return out
}

/** Expands them in every .js file under dir. Returns the files changed. */
export function expandTemplateImportsIn(dir) {
  const changed = []
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue
    const file = join(entry.parentPath, entry.name)
    const code = readFileSync(file, 'utf8')
    const filesIn = (folder) => {
      const path = join(dirname(file), folder)
      return existsSync(path) ? readdirSync(path) : []
    }
    const out = expandTemplateImports(code, filesIn, file)
    if (out !== code) {
      writeFileSync(file, out)
      changed.push(file)
    }
  }
  return changed
}
