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
