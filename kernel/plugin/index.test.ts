import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as root from '../index.ts'
import * as plugin from './index.ts'

describe('portico/plugin: the curated entry for plugin authors (issue 24 item 7)', () => {
  it('carries the contract, errors, formatting, disposables and tokens', () => {
    for (const name of ['definePlugin', 'createToken', 'toDisposable', 'DisposableStore', 'englishText', 'PLUGIN_CONTRACT_VERSION', 'ErrorText', 'PorticoError', 'ProviderRpcError', 'describeWalletError', 'formatUnits', 'formatAmount', 'truncateAddress', 'parseCaipAddress', 'Store', 'withSdkParams', 'fetchWithRetry']) {
      expect(plugin, name).toHaveProperty(name)
      expect((plugin as Record<string, unknown>)[name], name).toBe((root as Record<string, unknown>)[name])
    }
    expect(plugin.PLUGIN_CONTRACT_VERSION).toBe('1.1.0')
  })

  it('leaves out the kernel\'s controllers, KernelTokens and createModal (the root entry has them for hosts)', () => {
    for (const name of ['KernelTokens', 'createModal', 'ModalController', 'SnackbarController', 'OptionsController', 'ConnectionController', 'BalanceController', 'PorticoStorage', 'createMemoryAdapter', 'RouterStack', 'ModalEventBus']) {
      expect(root, name).toHaveProperty(name)
      expect(plugin, name).not.toHaveProperty(name)
    }
    expect(Object.keys(plugin).length).toBeLessThan(Object.keys(root).length / 2)
  })

  it('is the package export portico/plugin, resolved to this file inside the repository', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { exports: Record<string, { types: string; import: string }> }
    expect(pkg.exports['./plugin']).toEqual({ types: './dist/kernel/plugin/index.d.ts', import: './dist/kernel/plugin/index.js' })
    const tsconfig = readFileSync(new URL('../../tsconfig.json', import.meta.url), 'utf8')
    expect(tsconfig).toContain('"portico/plugin": ["./kernel/plugin/index.ts"]')
  })
})
