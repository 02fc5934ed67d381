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
      'Chain plugin "tron-chain" never called ctx.registerChain() in setup: a chain plugin must register its "tron" chain there',
    )
  })

  it('a chain registered with no network', async () => {
    expect(await failure(registering())).toBe('Chain plugin "tron-chain" registers no network for "tron": registerChain needs at least one')
  })

  it('a caipNetworkId that is not namespace:reference', async () => {
    for (const id of ['tron', 'tron:', 'tron:1:2', ':1', 'tron:has space']) {
      expect(await failure(registering(network({ caipNetworkId: id as CaipNetwork['caipNetworkId'] })))).toBe(
        `Chain plugin "tron-chain" registers network "Tron" with caipNetworkId "${id}", which is not "namespace:reference" (CAIP-2, e.g. "tron:1")`,
      )
    }
  })

  it('a network of another namespace', async () => {
    expect(await failure(registering(network({ caipNetworkId: 'eip155:1' })))).toBe('Chain plugin "tron-chain" registers network "eip155:1" outside its namespace "tron"')
    expect(await failure(registering(network({ chainNamespace: 'eip155' as ChainNamespace })))).toBe(
      'Chain plugin "tron-chain" registers network "tron:1" with chainNamespace "eip155"; it must be "tron"',
    )
  })

  it('an upper-case namespace, and one outside CAIP-2 [-a-z0-9]{3,8}, before any setup runs', async () => {
    let setupRan = false
    const plugin = (ns: string) => chainPlugin(ns, () => void (setupRan = true))
    expect(() => createModal({ plugins: [plugin('Tron')], storage: createMemoryAdapter() })).toThrow(
      'Chain plugin "tron-chain" declares namespace "Tron", which is not a CAIP-2 namespace: it must be lower case ("tron")',
    )
    for (const ns of ['tr', 'tron_net', 'averylongname', 'tr:on']) {
      expect(() => createModal({ plugins: [plugin(ns)], storage: createMemoryAdapter() })).toThrow(
        `Chain plugin "tron-chain" declares namespace "${ns}", which is not a CAIP-2 namespace: it must be 3 to 8 of a-z, 0-9 and -`,
      )
    }
    expect(setupRan).toBe(false)
  })

  it('a well-formed chain plugin still passes, and the modal after a refused one stays usable', async () => {
    expect(await failure(chainPlugin('tron', () => undefined))).toContain('never called ctx.registerChain()')
    const modal = createModal({ plugins: [registering(network())], storage: createMemoryAdapter() })
    await modal.ready
    expect(modal.state.networks('tron' as ChainNamespace).map((n) => n.caipNetworkId)).toEqual(['tron:1'])
    modal.destroy()
  })
})
