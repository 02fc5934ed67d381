// @vitest-environment happy-dom
/**
 * Issue 23 item 5: every shipped plugin declares the other plugins' services it uses and the services it offers,
 * checked with the conformance kit (portico/testing/conformance, describePluginDependencies); and the kit itself
 * fails a plugin that uses an undeclared service, even one it catches.
 */
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, createServiceToken, definePlugin, englishText, KernelTokens, type PluginDefinition } from 'portico'
import { accountData, AccountDataTokens } from 'portico/plugins/account-data'
import { bip122 } from 'portico/plugins/bip122'
import { cosmos } from 'portico/plugins/cosmos'
import { eip155 } from 'portico/plugins/eip155'
import { embeddedWallet } from 'portico/plugins/embedded-wallet'
import { names, NamesTokens } from 'portico/plugins/names'
import { onramp } from 'portico/plugins/onramp'
import { polkadot } from 'portico/plugins/polkadot'
import { send, SendTokens } from 'portico/plugins/send'
import { siwx } from 'portico/plugins/siwx'
import { solana } from 'portico/plugins/solana'
import { swap } from 'portico/plugins/swap'
import { walletConnect } from 'portico/plugins/walletconnect'
import { checkPluginDependencies, describePluginDependencies } from 'portico/testing/conformance'

const unreachable = 'http://127.0.0.1:9'
const offlineFetch = (() => Promise.reject(new TypeError('offline'))) as typeof fetch
// A projectId, so account data provides its services; every endpoint goes nowhere (nothing is fetched at setup).
const modalOptions = { projectId: 'deps', endpoints: { registry: unreachable, blockchainApi: unreachable, analytics: unreachable } }
const local = eip155({ builtinNetworks: false, networks: [{ id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [unreachable] } } }] })

/** Every plugin folder, with a fresh instance and the plugins it declares as companions. */
const PLUGINS: Record<string, { create(): PluginDefinition; companions?(): PluginDefinition[] }> = {
  'account-data': { create: () => accountData() },
  bip122: { create: () => bip122() },
  cosmos: { create: () => cosmos() },
  eip155: { create: () => local },
  'embedded-wallet': { create: () => embeddedWallet({ secureSiteUrl: `${unreachable}/` }), companions: () => [accountData()] },
  names: { create: () => names({ zone: 'portico.test', apiUrl: unreachable, fetch: offlineFetch }) },
  onramp: { create: () => onramp({ apiUrl: unreachable }) },
  polkadot: { create: () => polkadot({ chain: { wsUrl: 'ws://127.0.0.1:9', caipNetworkId: 'polkadot:00000000000000000000000000000000', name: 'Local', ss58Prefix: 42 } }) },
  send: { create: () => send(), companions: () => [accountData(), names({ apiUrl: unreachable, fetch: offlineFetch })] },
  siwx: { create: () => siwx({ apiUrl: unreachable }) },
  solana: { create: () => solana(), companions: () => [send()] },
  swap: { create: () => swap({ apiUrl: unreachable }), companions: () => [accountData()] },
  walletconnect: { create: () => walletConnect({ projectId: 'deps', relayUrl: 'ws://127.0.0.1:9' }) },
}

it('every plugin folder is checked', () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'plugins')
  const folders = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
  expect(Object.keys(PLUGINS).sort()).toEqual(folders)
})

for (const [name, plugin] of Object.entries(PLUGINS)) describePluginDependencies(name, { ...plugin, modalOptions })

describe('the kit fails a plugin that does not declare what it uses', () => {
  const Balances = createServiceToken<{ list(): string[] }>('balances-plugin', 'balances')
  const provider = () =>
    definePlugin({ id: 'balances-plugin', kind: 'feature', portico: '1.x', provides: [Balances], setup: (ctx) => void ctx.provide(Balances, () => ({ list: () => [] })) })

  it('a ctx.get of an undeclared service, even caught by the plugin, is reported with the service and the fix', async () => {
    const sneaky = () =>
      definePlugin({
        id: 'sneaky',
        kind: 'feature',
        portico: '1.x',
        setup: () => undefined,
        async activate(ctx) {
          try {
            ctx.get(Balances)
          } catch {
            // swallowed: the kit still sees it
          }
        },
      })
    expect(await checkPluginDependencies({ create: sneaky, companions: () => [provider()] })).toEqual([
      'with only its required plugins: Plugin "sneaky" uses service balances-plugin.balances of plugin "balances-plugin" without declaring it: add it (or "balances-plugin") to its requires or optional',
      'with every declared plugin: Plugin "sneaky" uses service balances-plugin.balances of plugin "balances-plugin" without declaring it: add it (or "balances-plugin") to its requires or optional',
    ])
  })

  it('a service provided without declaring it, or of another plugin, or declared and never provided, is reported', async () => {
    const quiet = () => definePlugin({ id: 'balances-plugin', kind: 'feature', portico: '1.x', setup: (ctx) => void ctx.provide(Balances, () => ({ list: () => [] })) })
    expect(await checkPluginDependencies({ create: quiet })).toEqual([
      'with only its required plugins: Plugin "balances-plugin" provides service balances-plugin.balances without declaring it in provides',
      'with every declared plugin: Plugin "balances-plugin" provides service balances-plugin.balances without declaring it in provides',
    ])
    const foreign = () => definePlugin({ id: 'other', kind: 'feature', portico: '1.x', provides: [Balances], setup: () => undefined })
    expect(await checkPluginDependencies({ create: foreign })).toEqual(['provides lists balances-plugin.balances, a service of another plugin'])
  })

  it('a declared service that is never provided, and a required plugin the companions lack, are reported', async () => {
    const lazy = () => definePlugin({ id: 'balances-plugin', kind: 'feature', portico: '1.x', provides: [Balances], setup: () => undefined })
    expect(await checkPluginDependencies({ create: lazy })).toEqual(['declares it provides balances-plugin.balances but did not provide it'])
    const needy = () => definePlugin({ id: 'needy', kind: 'feature', portico: '1.x', requires: [Balances], setup: () => undefined })
    expect(await checkPluginDependencies({ create: needy })).toEqual(['companions() lacks required plugin "balances-plugin"'])
  })
})

describe('real plugins together', () => {
  it('send without account data or names (both optional): setup succeeds, Send is offered, their services are absent', async () => {
    const modal = createModal({ storage: createMemoryAdapter(), plugins: [local, send()] })
    await modal.ready
    expect(modal.has(AccountDataTokens.TokenBalance)).toBe(false)
    expect(modal.has(NamesTokens.Lookup)).toBe(false)
    const action = modal.get(KernelTokens.AccountExtensions).store.getSnapshot().actions.find((a) => englishText(a.label) === 'Send')
    expect(action?.available?.({ namespace: 'eip155' })).toBe(true)
    const controller = await modal.get(SendTokens.Flow).controller()
    // Not connected: no token list (and nothing asked of an absent plugin).
    await controller.loadTokens({ force: true })
    expect(controller.state.tokenBalances).toEqual([])
    modal.destroy()
  })

  it('a plugin that requires another one missing from the list stops createModal with its name, before any setup', async () => {
    let ran = false
    const needsSend = definePlugin({ id: 'needs-send', kind: 'feature', portico: '1.x', requires: [SendTokens.Senders], setup: () => void (ran = true) })
    expect(() => createModal({ storage: createMemoryAdapter(), plugins: [local, needsSend] })).toThrow(
      'Plugin "needs-send" requires plugin "send" (service send.senders), which is not in the plugins list',
    )
    expect(ran).toBe(false)
    const fine = createModal({ storage: createMemoryAdapter(), plugins: [local, send(), needsSend] })
    await fine.ready
    expect(ran).toBe(true)
    fine.destroy()
  })
})
