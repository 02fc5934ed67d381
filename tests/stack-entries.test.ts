/**
 * Issue 23 item 10: the local stack uses Portico as any other user does, through the public entries (`portico`,
 * `portico/react`, `portico/components`, `portico/testing...`, `portico/plugins/<id>`), never a file path into
 * kernel/, ui/, testing/ or a plugin. (Its own folders, the demo's dev helpers and packages are its business.)
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, posix, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const INTERNALS = /^(kernel|ui|testing|plugins)\//

/** Static, type-only and dynamic import specifiers of a module. */
function specifiers(code: string, file: string): string[] {
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text)
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) found.push(node.arguments[0].text)
    ts.forEachChild(node, visit)
  }
  visit(ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS))
  return found
}

/** The imports of a stack file (repo-relative path) that reach into Portico's internals by path. */
export function internalImports(file: string, code: string): string[] {
  return specifiers(code, file).filter((s) => s.startsWith('.') && INTERNALS.test(posix.normalize(posix.join(posix.dirname(file), s))))
}

describe('the stack imports Portico through its public entries (issue 23 item 10)', () => {
  it('no file of stack/ imports kernel/, ui/, testing/ or a plugin by path', () => {
    const files = execFileSync('git', ['ls-files', '-z', 'stack'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((f) => /\.(?:[cm]?[jt]sx?)$/.test(f))
    expect(files.length).toBeGreaterThan(50)
    expect(files.flatMap((f) => internalImports(f, readFileSync(join(ROOT, f), 'utf8')).map((s) => `${f}: ${s}`))).toEqual([])
  })

  it('finds a path into a plugin, the kernel or the test kit, type-only and dynamic too (planted files)', () => {
    const code = [
      "import { parseSiweMessage } from '../../plugins/siwx/message.ts'",
      "import type { FrameEvent } from '../../../plugins/embedded-wallet/protocol.ts'",
      "export { ErrorText } from '../../kernel/errors/index.ts'",
      "const w = await import('../../testing/index.ts')",
      "import { siwx } from 'portico/plugins/siwx'",
      "import { startDevChains } from '../chain/index.ts'",
      "import { porticoAliases } from '../../demo/aliases.ts'",
      "import { build } from 'vite'",
    ].join('\n')
    expect(internalImports('stack/api/x.ts', code)).toEqual([
      '../../plugins/siwx/message.ts',
      '../../kernel/errors/index.ts',
      '../../testing/index.ts',
    ])
    expect(internalImports('stack/secure-site/frame/x.ts', "import type { FrameEvent } from '../../../plugins/embedded-wallet/protocol.ts'")).toEqual([
      '../../../plugins/embedded-wallet/protocol.ts',
    ])
  })
})
