import { describe, expect, it } from 'vitest'
import { createModal } from '../modal.ts'
import { createMemoryAdapter } from '../storage/index.ts'
import { definePlugin, type CaipNetwork, type ChainNamespace, type PluginContext, type PluginDefinition } from './contract.ts'

const network = (over: Partial<CaipNetwork> = {}): CaipNetwork => ({
  id: '1',
  caipNetworkId: 'tron:1',
  chainNamespace: 'tron' as ChainNamespace,
  name: 'Tron',
  nativeCurrency: { name: 'Tron', symbol: 'TRX', decimals: 6 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  ...over,
})

const chainPlugin = (namespace: string, setup: (ctx: PluginContext) => void): PluginDefinition =>
  definePlugin({ id: 'tron-chain', kind: 'chain', namespace: namespace as ChainNamespace, portico: '1.x', setup })

const registering = (...networks: CaipNetwork[]) => chainPlugin('tron', (ctx) => ctx.registerChain({ namespace: 'tron' as ChainNamespace, networks, isAddress: () => false }))

/** createModal throws for what the definition says; what setup registers rejects `ready`. Either way: the message. */
async function failure(plugin: PluginDefinition): Promise<string> {
  try {
    const modal = createModal({ plugins: [plugin], storage: createMemoryAdapter() })
    try {
      await modal.ready
    } finally {
      modal.destroy()
    }
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('createModal accepted the plugin')
}

describe('issue 24 item 3: createModal refuses malformed chain plugins, naming the plugin and the rule', () => {
  it('a chain plugin that never calls registerChain', async () => {
    expect(await failure(chainPlugin('tron', () => undefined))).toBe(
      'Chain plugin "tron-chain": setup never called ctx.registerChain()',
    )
  })

  it('a chain registered with no network', async () => {
    expect(await failure(registering())).toBe('Chain plugin "tron-chain": registerChain needs at least one network')
  })

  it('a caipNetworkId that is not namespace:reference', async () => {
    for (const id of ['tron', 'tron:', 'tron:1:2', ':1', 'tron:has space']) {
      expect(await failure(registering(network({ caipNetworkId: id as CaipNetwork['caipNetworkId'] })))).toBe(
        `Chain plugin "tron-chain": caipNetworkId "${id}" is not CAIP-2 "namespace:reference"`,
      )
    }
  })

  it('a network of another namespace', async () => {
    expect(await failure(registering(network({ caipNetworkId: 'eip155:1' })))).toBe('Chain plugin "tron-chain": network "eip155:1" is not in its namespace "tron"')
    expect(await failure(registering(network({ chainNamespace: 'eip155' as ChainNamespace })))).toBe(
      'Chain plugin "tron-chain": network "tron:1" is not in its namespace "tron"',
    )
  })

  it('an upper-case namespace, and one outside CAIP-2 [-a-z0-9]{3,8}, before any setup runs', async () => {
    let setupRan = false
    const plugin = (ns: string) => chainPlugin(ns, () => void (setupRan = true))
    expect(() => createModal({ plugins: [plugin('Tron')], storage: createMemoryAdapter() })).toThrow(
      'Chain plugin "tron-chain": namespace "Tron" is not CAIP-2 (3 to 8 of lower-case a-z, 0-9, -)',
    )
    for (const ns of ['tr', 'tron_net', 'averylongname', 'tr:on']) {
      expect(() => createModal({ plugins: [plugin(ns)], storage: createMemoryAdapter() })).toThrow(
        `Chain plugin "tron-chain": namespace "${ns}" is not CAIP-2 (3 to 8 of lower-case a-z, 0-9, -)`,
      )
    }
    expect(setupRan).toBe(false)
  })

  it('a well-formed chain plugin still passes, and the modal after a refused one stays usable', async () => {
    expect(await failure(chainPlugin('tron', () => undefined))).toContain('setup never called ctx.registerChain()')
    const modal = createModal({ plugins: [registering(network())], storage: createMemoryAdapter() })
    await modal.ready
    expect(modal.state.networks('tron' as ChainNamespace).map((n) => n.caipNetworkId)).toEqual(['tron:1'])
    modal.destroy()
  })
})
