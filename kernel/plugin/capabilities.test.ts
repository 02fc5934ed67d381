import { describe, expect, it, vi } from 'vitest'
import { createModal } from '../modal.ts'
import { createMemoryAdapter } from '../storage/index.ts'
import { KernelTokens } from '../tokens.ts'
import { definePlugin, PLUGIN_CONTRACT_VERSION, PORTICO_VERSION, type ChainAdapter, type ChainNamespace, type PluginContext, type PluginDefinition } from './contract.ts'

// Test-only names are cast: this file does not augment ViewParams or RpcSchema (that would leak into every type).
const ECHO = 'test:echo' as never
const NS = 'test' as ChainNamespace
const NETWORK = {
  id: 1,
  caipNetworkId: 'test:1' as const,
  chainNamespace: NS,
  name: 'Test',
  nativeCurrency: { name: 'T', symbol: 'T', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
}

/** A chain plugin 'test' with one network and a balance, and a feature plugin that keeps its context. */
function setupModal(extra: Parameters<typeof createModal>[0] = {}) {
  let ctx!: PluginContext
  const getBalance = vi.fn(async () => ({ balance: '1.5', symbol: 'T' }))
  const adapter: ChainAdapter = { namespace: NS, networks: [NETWORK], isAddress: () => true, getBalance }
  const chain = definePlugin({ id: 'test-chain', kind: 'chain', namespace: NS, portico: '1.x', setup: (c) => void c.registerChain(adapter) })
  const feature = definePlugin({
    id: 'feature',
    kind: 'feature',
    portico: '1.x',
    setup(c) {
      ctx = c
      c.registerRpc(ECHO, (async (params: { text: string }) => `echo ${params.text}`) as never)
    },
  })
  const storage = createMemoryAdapter()
  const modal = createModal({ storage, plugins: [chain, feature], projectId: 'p1', metadata: { name: 'App', icons: ['https://app/icon.png'] }, ...extra })
  return { modal, ctx: () => ctx, storage, adapter, getBalance }
}

describe('contract 1.1: the plugin contract version (issue 24 item 5)', () => {
  const plugin = (portico: string): PluginDefinition => definePlugin({ id: 'ranged', kind: 'feature', portico, setup: () => undefined })

  it('the contract is 1.1.0, and PORTICO_VERSION is its deprecated alias', () => {
    expect(PLUGIN_CONTRACT_VERSION).toBe('1.1.0')
    expect(PORTICO_VERSION).toBe('1.1.0')
  })

  it.each(['1.x', '^1.0.0', '^1.1.0', '1.1.x', '>=1.0.0', '*'])('a plugin declaring %s is accepted', (range) => {
    const modal = createModal({ storage: createMemoryAdapter(), plugins: [plugin(range)] })
    modal.destroy()
  })

  it.each(['^0.1.0', '0.1.0', '2.x', '~1.0.0'])('a plugin declaring %s is refused, and the message says the range is the contract version, not the package version', (range) => {
    expect(() => createModal({ storage: createMemoryAdapter(), plugins: [plugin(range)] })).toThrow(
      `Plugin "ranged" declares portico: "${range}", which does not match plugin contract 1.1.0. The range names the plugin contract version (PLUGIN_CONTRACT_VERSION), not the npm package version: declare '1.x'.`,
    )
  })
})

describe('contract 1.1: capabilities on the plugin context (issue 23 item 4)', () => {
  it('ctx.modal opens, closes and shakes the dialog; state.modal reads it; a close guard keeps it open and goes with the modal', async () => {
    const { modal, ctx } = setupModal()
    await modal.ready
    const c = ctx()
    c.modal.open({ view: 'Account' })
    expect(c.state.modal.getSnapshot().open).toBe(true)
    expect(modal.router.current.view).toBe('Account')
    let allow = false
    const guard = c.modal.guardClose(() => allow)
    c.modal.close()
    expect(c.state.modal.getSnapshot()).toMatchObject({ open: true, shake: true })
    allow = true
    c.modal.close()
    expect(modal.state.modal.getSnapshot().open).toBe(false)
    guard.dispose()
    // A guard the plugin never disposed is released with the modal (its context's disposables).
    c.modal.guardClose(() => false)
    const modalController = modal.get(KernelTokens.Modal)
    modal.destroy()
    modalController.open()
    modalController.close()
    expect(modalController.store.getSnapshot().open).toBe(false)
  })

  it('ctx.snackbar shows success, error and loading texts, which state.snackbar reads (English)', async () => {
    const { modal, ctx } = setupModal()
    await modal.ready
    ctx().snackbar.showLoading('Waiting')
    expect(modal.state.snackbar.getSnapshot()).toMatchObject({ open: true, message: 'Waiting', variant: 'loading' })
    ctx().snackbar.hide()
    expect(modal.state.snackbar.getSnapshot().open).toBe(false)
    ctx().snackbar.showError('Signature declined')
    expect(modal.state.snackbar.getSnapshot()).toMatchObject({ open: true, message: 'Signature declined', variant: 'error' })
    modal.destroy()
  })

  it('state.options is a frozen view without the plugin list and the storage adapter, renewed when the options change', async () => {
    const { modal, ctx } = setupModal()
    await modal.ready
    const options = ctx().state.options.getSnapshot()
    expect(options).toMatchObject({ projectId: 'p1', metadata: { name: 'App' } })
    expect(options.endpoints.blockchainApi).toBe('https://rpc.walletconnect.org')
    expect('plugins' in options).toBe(false)
    expect('storage' in options).toBe(false)
    expect(Object.isFrozen(options)).toBe(true)
    expect(Object.isFrozen(options.metadata!.icons)).toBe(true)
    expect(() => {
      ;(options as { projectId?: string }).projectId = 'other'
    }).toThrow(TypeError)
    expect(ctx().state.options.getSnapshot()).toBe(options)
    const changed = vi.fn()
    ctx().state.options.subscribe(changed)
    modal.get(KernelTokens.Options).setLocale('de')
    expect(changed).toHaveBeenCalledTimes(1)
    expect(ctx().state.options.getSnapshot().locale).toBe('de')
    modal.destroy()
  })

  it('the capabilities are functions, not the controllers behind them', async () => {
    const { modal, ctx } = setupModal()
    await modal.ready
    expect(Object.keys(ctx().modal).sort()).toEqual(['close', 'guardClose', 'open', 'shake'])
    expect(Object.keys(ctx().snackbar).sort()).toEqual(['hide', 'showError', 'showLoading', 'showSuccess'])
    modal.destroy()
  })

  it('state.chain and state.namespaces read the chain plugins; ctx.request calls a served RPC method', async () => {
    const { modal, ctx, adapter } = setupModal()
    await modal.ready
    expect(ctx().state.namespaces()).toEqual(['test'])
    expect(ctx().state.chain(NS)).toBe(adapter)
    expect(ctx().state.chain('other' as ChainNamespace)).toBeUndefined()
    await expect(ctx().request(ECHO, { text: 'hi' } as never)).resolves.toBe('echo hi')
    modal.destroy()
  })

  it('ctx.network sets the active namespace and SPEC §3 smartAccountEnabledNetworks', async () => {
    const { modal, ctx } = setupModal()
    await modal.ready
    ctx().network.setSmartAccountEnabledNetworks(NS, [1, 10])
    expect(ctx().state.network.getSnapshot().byNamespace[NS]?.smartAccountEnabledNetworks).toEqual([1, 10])
    ctx().network.setActiveNamespace(NS)
    expect(ctx().state.network.getSnapshot().activeNamespace).toBe('test')
    modal.destroy()
  })

  it('ctx.balance.refresh reads the connected account\'s native balance into state.accounts', async () => {
    const { modal, ctx, getBalance } = setupModal()
    await modal.ready
    modal.get(KernelTokens.Account).setAccounts(NS, [{ namespace: NS, address: 'abc', type: 'eoa' }], '1')
    await ctx().balance.refresh(NS, { force: true })
    expect(getBalance).toHaveBeenCalledWith('abc', expect.objectContaining({ caipNetworkId: 'test:1' }))
    expect(ctx().state.accounts.getSnapshot().byNamespace[NS]).toMatchObject({ balance: '1.5', balanceSymbol: 'T' })
    modal.destroy()
  })

  it('ctx.sharedStorage writes the SPEC §3 keys (siwx_token, preferred_account_types, the caches) of this modal only', async () => {
    const { modal, ctx, storage } = setupModal()
    await modal.ready
    const shared = ctx().sharedStorage
    shared.siwxToken.set('{"message":"m"}')
    expect(storage.getItem('@portico/siwx_token')).toBe('{"message":"m"}')
    expect(shared.siwxToken.get()).toBe('{"message":"m"}')
    shared.siwxToken.remove()
    expect(storage.getItem('@portico/siwx_token')).toBeNull()
    shared.setPreferredAccountType(NS, 'smartAccount')
    expect(JSON.parse(storage.getItem('@portico/preferred_account_types')!)).toEqual({ test: 'smartAccount' })
    expect(shared.preferredAccountType(NS)).toBe('smartAccount')
    const isText = (v: unknown): v is string => typeof v === 'string'
    const identity = shared.cache('identity', isText)
    identity.set('0xabc', 'ada', 1_000)
    expect(identity.get('0xabc', 1_000 + 299_999)).toBe('ada')
    expect(identity.get('0xabc', 1_000 + 300_000)).toBeUndefined()
    expect(storage.getItem('@portico/identity_cache')).toContain('ada')
    const balance = shared.cache('balance', isText)
    balance.set('test:1:abc', '2', 0)
    expect(balance.get('test:1:abc', 29_999)).toBe('2')
    expect(balance.get('test:1:abc', 30_000)).toBeUndefined()
    expect('adapter' in shared).toBe(false)
    modal.destroy()
  })
})
