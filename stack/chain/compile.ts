import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync, existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'
import type { Abi, Hex } from 'viem'

const here = dirname(fileURLToPath(import.meta.url))
export const CONTRACTS_DIR = join(here, 'contracts')
export const DATA_DIR = join(here, '.data')

export type CompiledContract = { abi: Abi; bytecode: Hex; deployedBytecode: Hex }
export type CompiledContracts = Record<'PorticoToken' | 'PorticoPunks' | 'Multicall3', CompiledContract>

// cancun is supported by both the bundled solc and anvil's default hardfork.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
}

type SolcOutput = {
  errors?: Array<{ severity: string; formattedMessage: string }>
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>
}

/**
 * Compiles stack/chain/contracts with solc-js. The output is cached in .data under a hash of the sources, compiler
 * version and settings, because solc-js takes about a second and a restart should not pay it again.
 */
export function compileContracts(): CompiledContracts {
  const require = createRequire(import.meta.url)
  const solcVersion = (require('solc/package.json') as { version: string }).version
  const sources: Record<string, { content: string }> = {}
  for (const file of readdirSync(CONTRACTS_DIR).filter((f) => f.endsWith('.sol')).sort()) {
    sources[file] = { content: readFileSync(join(CONTRACTS_DIR, file), 'utf8') }
  }
  const hash = createHash('sha256').update(JSON.stringify({ solcVersion, SETTINGS, sources })).digest('hex').slice(0, 16)
  const cacheFile = join(DATA_DIR, `compiled-${hash}.json`)
  if (existsSync(cacheFile)) {
    try {
      return JSON.parse(readFileSync(cacheFile, 'utf8')) as CompiledContracts
    } catch {
      // A torn or corrupt cache is recompiled below.
    }
  }

  const solc = require('solc') as { compile(input: string): string }
  const output = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources, settings: SETTINGS }))) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)

  const pick = (file: string, name: string): CompiledContract => {
    const c = output.contracts[file]?.[name]
    if (!c) throw new Error(`solc output lacks ${file}:${name}`)
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, deployedBytecode: `0x${c.evm.deployedBytecode.object}` }
  }
  const compiled: CompiledContracts = {
    PorticoToken: pick('PorticoToken.sol', 'PorticoToken'),
    PorticoPunks: pick('PorticoPunks.sol', 'PorticoPunks'),
    Multicall3: pick('Multicall3.sol', 'Multicall3'),
  }
  mkdirSync(DATA_DIR, { recursive: true })
  // Write then rename: parallel test workers may compile at the same time and must never read half a file.
  const tmp = `${cacheFile}.${process.pid}.${Date.now()}.tmp`
  writeFileSync(tmp, JSON.stringify(compiled))
  renameSync(tmp, cacheFile)
  return compiled
}

type SolcStandardOutput = {
  errors?: Array<{ severity: string; formattedMessage: string }>
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>
}

/**
 * Compiles one Solidity file outside contracts/ (imports resolved from node_modules, e.g. `@openzeppelin/...`) and
 * returns the named contracts; cached in .data under a hash of the source, compiler and settings.
 */
export function compileSolidityFile<N extends string>(file: string, names: readonly N[]): Record<N, CompiledContract> {
  const require = createRequire(import.meta.url)
  const solcVersion = (require('solc/package.json') as { version: string }).version
  const key = file.split('/').pop()!
  const sources = { [key]: { content: readFileSync(file, 'utf8') } }
  const hash = createHash('sha256').update(JSON.stringify({ solcVersion, SETTINGS, sources, names })).digest('hex').slice(0, 16)
  const cacheFile = join(DATA_DIR, `compiled-${key.replace(/\.sol$/, '')}-${hash}.json`)
  if (existsSync(cacheFile)) {
    try {
      return JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<N, CompiledContract>
    } catch {
      // recompiled below
    }
  }
  const solc = require('solc') as { compile(input: string, callbacks: { import(path: string): { contents: string } | { error: string } }): string }
  const findImports = (path: string): { contents: string } | { error: string } => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') }
    } catch {
      return { error: `not found: ${path}` }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources, settings: SETTINGS }), { import: findImports })) as SolcStandardOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const result = {} as Record<N, CompiledContract>
  for (const name of names) {
    const c = output.contracts[key]?.[name]
    if (!c) throw new Error(`solc output lacks ${key}:${name}`)
    result[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, deployedBytecode: `0x${c.evm.deployedBytecode.object}` }
  }
  mkdirSync(DATA_DIR, { recursive: true })
  const tmp = `${cacheFile}.${process.pid}.${Date.now()}.tmp`
  writeFileSync(tmp, JSON.stringify(result))
  renameSync(tmp, cacheFile)
  return result
}
