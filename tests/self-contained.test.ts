/**
 * Issue 23 item 1: the repository stands on its own. A clone with nothing beside it runs `npm ci && npm test`, so no
 * tracked file may read a path outside the repository: no sibling `shared` folder (where the public vectors once
 * were; now tests/vectors), no absolute machine paths, and no relative path that, resolved against the file's folder,
 * climbs above the repository root (imports, `new URL('..', import.meta.url)`, `join(import.meta.dirname, '..')`,
 * `readFileSync('../..')`, JSON config such as `"extends": "../../x.json"`, shell lines and npm scripts). Docs
 * (*.md) may not point a reader at that sibling folder or a machine path either.
 *
 * The scan is static: a path built from a variable (`join(ROOT, '..')`) is resolved as if the variable were the
 * file's own folder, which never over-reports; string literals and the literal parts of join/resolve calls are what
 * it checks.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, posix, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

export interface Finding {
  file: string
  line: number
  text: string
  why: string
}

/** Where a relative path, taken from `folder` (repo-relative, posix), ends up; `undefined` when it stays inside. */
function climbsOut(folder: string, path: string): string | undefined {
  const resolved = posix.normalize(posix.join(folder, path))
  return resolved === '..' || resolved.startsWith('../') ? resolved : undefined
}

// The planted strings below are built from parts so that this file does not report itself.
const SHARED = '..' + '/shared'
const MACHINE_PATH = new RegExp(`(^|[\\s'"\`=(:])(/${'wo' + 'rk'}/[\\w.-]+)`, 'g')

/** Text rules every scanned file obeys: no sibling `shared` folder, no absolute machine path. */
function textFindings(file: string, text: string): Finding[] {
  const found: Finding[] = []
  text.split('\n').forEach((line, i) => {
    if (line.includes(SHARED)) found.push({ file, line: i + 1, text: line.trim(), why: `reads ${SHARED}, a folder outside the repository` })
    for (const m of line.matchAll(MACHINE_PATH)) found.push({ file, line: i + 1, text: line.trim(), why: `absolute path ${m[2]}` })
  })
  return found
}

/** Calls whose string arguments are paths: node's path and fs functions, `new URL(path, base)`, `require`. */
const PATH_CALLS = new Set(['join', 'resolve', 'URL', 'require', 'fileURLToPath'])
const FS_CALL = /^(?:read|write|append|exists|stat|lstat|access|open|cp|copy|rm|mkdir|readdir|createRead|createWrite|watch)/

const calleeName = (callee: ts.Expression) =>
  ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : ''

/**
 * TypeScript / JavaScript: module specifiers (static and dynamic imports, re-exports) and the string arguments of
 * path and fs calls; join/resolve calls are checked on their literal parts joined (`join(dir, '..', '..')`).
 */
function codeFindings(file: string, code: string): Finding[] {
  const folder = posix.dirname(file)
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: Finding[] = []
  const report = (node: ts.Node, path: string) => {
    const out = climbsOut(folder, path)
    if (!out) return
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
    found.push({ file, line, text: node.getText(source), why: `resolves to ${out}, outside the repository` })
  }
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      report(node.moduleSpecifier, node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = node.expression.kind === ts.SyntaxKind.ImportKeyword ? 'import' : calleeName(node.expression)
      const args = node.arguments ?? []
      if (name === 'import' || PATH_CALLS.has(name) || FS_CALL.test(name)) {
        for (const arg of args) if (ts.isStringLiteralLike(arg)) report(arg, arg.text)
      }
      if ((name === 'join' || name === 'resolve') && args.filter((a) => ts.isStringLiteralLike(a)).length > 1) {
        // The literal parts after the last non-literal argument (taken as the file's folder), in order.
        let parts: string[] = []
        for (const arg of args) parts = ts.isStringLiteralLike(arg) && !arg.text.startsWith('/') ? [...parts, arg.text] : []
        if (parts.length > 1 && !climbsOut(folder, parts[0]!)) report(node, parts.join('/'))
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** JSON: string values that are relative paths (tsconfig `extends`, `include`, paths maps). */
function jsonFindings(file: string, text: string): Finding[] {
  const folder = posix.dirname(file)
  const found: Finding[] = []
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      const out = (value === '..' || value.startsWith('../')) && climbsOut(folder, value)
      if (out) found.push({ file, line: lineOf(text, value), text: value, why: `resolves to ${out}, outside the repository` })
    } else if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(JSON.parse(text))
  return found
}

const lineOf = (text: string, needle: string) => text.slice(0, Math.max(0, text.indexOf(needle))).split('\n').length

/** Shell text (scripts, npm scripts): `..` path words, resolved against `folder` (`$(dirname "$0")` is the folder). */
export function shellFindings(file: string, folder: string, text: string): Finding[] {
  const found: Finding[] = []
  text.split('\n').forEach((line, i) => {
    const words = line.replace(/\$\(dirname "?\$(?:0|\{BASH_SOURCE\[0\]\})"?\)\//g, '').matchAll(/(?:^|[\s"'=(])(\.\.(?:\/[^\s"';)]*)?)/g)
    for (const m of words) {
      const out = climbsOut(folder, m[1]!)
      if (out) found.push({ file, line: i + 1, text: line.trim(), why: `resolves to ${out}, outside the repository` })
    }
  })
  return found
}

/** Every finding of one tracked file (path relative to the repository root, posix). */
export function scanFile(file: string, text: string): Finding[] {
  const found = textFindings(file, text)
  if (file.endsWith('.md')) return found // docs: the text rules only (a reader cannot open a sibling folder either)
  if (/\.(?:[cm]?[jt]sx?)$/.test(file)) found.push(...codeFindings(file, text))
  else if (file.endsWith('.json')) {
    found.push(...jsonFindings(file, text))
    if (posix.basename(file) === 'package.json') {
      const scripts = (JSON.parse(text) as { scripts?: Record<string, string> }).scripts ?? {}
      for (const [name, line] of Object.entries(scripts)) found.push(...shellFindings(`${file} scripts.${name}`, posix.dirname(file), line))
    }
  } else found.push(...shellFindings(file, posix.dirname(file), text))
  return found
}

const SCANNED = /\.(?:[cm]?[jt]sx?|json|sh|md)$|^\.ci\/run$/

describe('the repository reads no path outside itself (issue 23 item 1)', () => {
  it('no tracked source, config, script or npm script reads a path outside the repository', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((f) => SCANNED.test(f))
    // Sanity: the scan covers the code (a broken ls-files would pass vacuously).
    expect(files.length).toBeGreaterThan(500)
    expect(files).toContain('package.json')
    const findings = files.flatMap((f) => scanFile(f, readFileSync(join(ROOT, f), 'utf8')))
    expect(findings.map((f) => `${f.file}:${f.line} ${f.why}: ${f.text}`)).toEqual([])
  })

  describe('the scanner finds what it looks for (planted strings)', () => {
    const why = (file: string, text: string) => scanFile(file, text).map((f) => f.why)

    it('a sibling shared folder and absolute machine paths', () => {
      expect(why('tests/a.test.ts', `const v = readFileSync('${SHARED}/vectors/x.json')`)).toEqual(
        expect.arrayContaining([`reads ${SHARED}, a folder outside the repository`]),
      )
      expect(why('stack/api/x.mts', `import { a } from '${'/wo' + 'rk'}/main/stack/chain/index.ts'`)).toEqual([`absolute path ${'/wo' + 'rk'}/main`])
      expect(why('x.ts', "const tmp = '/tmp/portico'")).toEqual([])
      expect(why('plugins/names/README.md', `runs every case of \`${SHARED}/vectors/ens\``)).toEqual([`reads ${SHARED}, a folder outside the repository`])
      expect(why('docs/X.md', 'cd ../../elsewhere')).toEqual([])
    })

    it('relative literals that climb above the root, and those that stay inside', () => {
      expect(why('plugins/siwx/a.test.ts', "const f = new URL('../../../vectors/x.json', import.meta.url)")).toEqual([
        'resolves to ../vectors/x.json, outside the repository',
      ])
      expect(why('plugins/siwx/a.test.ts', "const f = new URL('../../tests/vectors/x.json', import.meta.url)")).toEqual([])
      expect(why('tests/a.ts', "import { x } from '../../other/x.ts'")).toEqual(['resolves to ../other/x.ts, outside the repository'])
      expect(why('tests/a.ts', "import { x } from '../kernel/x.ts'")).toEqual([])
      expect(why('a/b.ts', "readFileSync('../../c')")).toEqual(['resolves to ../c, outside the repository'])
      expect(why('a/b.ts', "const m = await import('../../c.ts')")).toEqual(['resolves to ../c.ts, outside the repository'])
      expect(why('a/b.ts', "export * from '../../c.ts'")).toEqual(['resolves to ../c.ts, outside the repository'])
      // A relative string that is data (an architecture rule's sample), not a path this file reads.
      expect(why('tests/a.test.ts', "expect(violation(file, '../../testing/index.ts')).toBe('x')")).toEqual([])
    })

    it('the literal parts of join and resolve calls, one segment each', () => {
      expect(why('tests/package/a.ts', "const v = join(import.meta.dirname, '..', '..', '..', 'vectors')")).toEqual([
        'resolves to ../vectors, outside the repository',
      ])
      expect(why('tests/package/a.ts', "const r = path.resolve(__dirname, '..', '..')")).toEqual([])
      expect(why('tests/package/a.ts', "const r = resolve(here, '..', '..', 'x')")).toEqual([])
    })

    it('JSON values, shell lines and npm scripts', () => {
      expect(why('plugin-template/tsconfig.json', '{ "extends": "../../tsconfig.json" }')).toEqual(['resolves to ../tsconfig.json, outside the repository'])
      expect(why('plugin-template/tsconfig.json', '{ "extends": "../tsconfig.json" }')).toEqual([])
      expect(why('.ci/run', 'cd "$(dirname "$0")/.."\nnpm ci')).toEqual([])
      expect(why('.ci/run', 'cp -r ../../vectors tests/')).toEqual(['resolves to ../vectors, outside the repository'])
      expect(why('package.json', JSON.stringify({ scripts: { vectors: 'cp -r ../vectors tests/' } }))).toEqual([
        'resolves to ../vectors, outside the repository',
      ])
      expect(why('package.json', JSON.stringify({ scripts: { demo: 'tsx demo/run.ts' } }))).toEqual([])
    })
  })
})
