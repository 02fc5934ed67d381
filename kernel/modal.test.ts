import { describe, expect, it, vi } from 'vitest'
import { JsonRpcErrorCode } from './errors/index.ts'
import { createModal } from './modal.ts'
import { createToken, definePlugin, toDisposable, type PluginContext, type PluginDefinition, type ViewLoader } from './plugin/contract.ts'
import { createMemoryAdapter, pluginStoragePrefix } from './storage/index.ts'
import { KernelTokens } from './tokens.ts'

// The RpcSchema and ViewParams of this file are not augmented (that would leak into the whole program's types):
// test-only method and view names are cast.
const ECHO = 'test:echo' as never
const TEST_VIEW = 'TestView' as never
const loader: ViewLoader<never> = async () => ({ default: () => null })

function plugin(id: string, setup: (ctx: PluginContext) => void | Promise<void> = () => undefined, extra: Partial<PluginDefinition> = {}) {
  return definePlugin({ id, kind: 'feature', portico: '1.x', setup: vi.fn(setup), ...extra })
}

const make = (plugins: PluginDefinition[] = [], extra: Parameters<typeof createModal>[0] = {}) =>
  createModal({ storage: createMemoryAdapter(), plugins, ...extra })

describe('createModal', () => {
  it('two modals share nothing: different controllers, and a service provided in one is absent in the other', async () => {
    const Greeter = createToken<{ hi(): string }>('test.greeter')
    // A projectId makes the account-data services load too; the endpoints go nowhere (nothing is fetched here).
    const offline = { projectId: 'test', endpoints: { registry: 'http://127.0.0.1:9', blockchainApi: 'http://127.0.0.1:9', analytics: 'http://127.0.0.1:9' } }
    const a = make([plugin('greeter', (ctx) => void ctx.provide(Greeter, () => ({ hi: () => 'hi' })))], offline)
    const b = make([], offline)
    await Promise.all([a.ready, b.ready])
    for (const token of Object.values(KernelTokens)) {
      expect(a.has(token), token.description).toBe(true)
      expect(a.get(token as never)).not.toBe(b.get(token as never))
    }
    expect(a.router).not.toBe(b.router)
    expect(a.get(Greeter).hi()).toBe('hi')
    expect(() => b.get(Greeter)).toThrow('Nothing provides "test.greeter"')
    const onB = vi.fn()
    b.events.on('modal:close', onB)
    a.events.emit('modal:close', {})
    expect(onB).not.toHaveBeenCalled()
    a.router.push('AllWallets')
    expect(b.router.current.view).toBe('Connect')
    a.destroy()
    b.destroy()
  })

  it('destroy disposes what plugins provided (a built object with dispose() is disposed once) and tracked', async () => {
    const Service = createToken<{ dispose(): void }>('test.service')
    const Unbuilt = createToken<{ dispose(): void }>('test.unbuilt')
    const serviceDispose = vi.fn()
    const unbuiltFactory = vi.fn(() => ({ dispose: vi.fn() }))
    const tracked = vi.fn()
    const modal = make([
      plugin('svc', (ctx) => {
        ctx.provide(Service, () => ({ dispose: serviceDispose }))
        ctx.provide(Unbuilt, unbuiltFactory)
        ctx.track(toDisposable(tracked))
      }),
    ])
    await modal.ready
    modal.get(Service)
    modal.destroy()
    expect(serviceDispose).toHaveBeenCalledTimes(1)
    expect(tracked).toHaveBeenCalledTimes(1)
    expect(unbuiltFactory).not.toHaveBeenCalled()
    expect(() => modal.get(Service)).toThrow()
  })

  it('destroy disposes what plugins registered: views and RPC methods are gone, handlers removed', async () => {
    const modal = make([
      plugin('reg', (ctx) => {
        ctx.registerView(TEST_VIEW, loader, { title: 'Test' })
        ctx.registerRpc(ECHO, (async (p: { text: string }) => p.text) as never)
      }),
    ])
    await modal.ready
    expect(modal.views.has('TestView')).toBe(true)
    await expect(modal.request(ECHO, { text: 'x' } as never)).resolves.toBe('x')
    const onClose = vi.fn()
    modal.events.on('modal:close', onClose)
    modal.destroy()
    expect(modal.views.has('TestView')).toBe(false)
    expect(modal.views.ids()).toEqual([])
    await expect(modal.request(ECHO, { text: 'x' } as never)).rejects.toMatchObject({ code: JsonRpcErrorCode.METHOD_NOT_FOUND })
    modal.events.emit('modal:close', {})
    expect(onClose).not.toHaveBeenCalled()
  })

  it('requires is checked before any setup runs: the error names both plugins and no setup is called', () => {
    const first = plugin('eip155')
    const needy = plugin('siwx', () => undefined, { requires: ['embedded-wallet'] })
    expect(() => make([first, needy])).toThrow(/"siwx".*"embedded-wallet"/)
    expect(first.setup).not.toHaveBeenCalled()
    expect(needy.setup).not.toHaveBeenCalled()
  })

  it('requires is satisfied by a plugin listed later', async () => {
    const needy = plugin('siwx', () => undefined, { requires: ['embedded-wallet'] })
    const dep = plugin('embedded-wallet')
    const modal = make([needy, dep])
    await modal.ready
    expect(needy.setup).toHaveBeenCalledTimes(1)
    expect(dep.setup).toHaveBeenCalledTimes(1)
    modal.destroy()
  })

  it('duplicate plugin ids throw before any setup runs', () => {
    const a = plugin('eip155')
    const b = plugin('eip155')
    expect(() => make([a, b])).toThrow('Duplicate plugin id "eip155"')
    expect(a.setup).not.toHaveBeenCalled()
    expect(b.setup).not.toHaveBeenCalled()
  })

  it('registries are frozen after setup: registerView, registerRpc and provide after ready throw', async () => {
    let saved: PluginContext | undefined
    const modal = make([plugin('late', (ctx) => void (saved = ctx))])
    await modal.ready
    const ctx = saved!
    expect(() => ctx.registerView(TEST_VIEW, loader)).toThrow('Cannot register view "TestView" after setup')
    expect(() => ctx.registerRpc(ECHO, (async () => 'x') as never)).toThrow('after setup')
    expect(() => ctx.provide(createToken<number>('test.late'), () => 1)).toThrow('cannot provide services after setup')
    expect(modal.views.has('TestView')).toBe(false)
    modal.destroy()
  })

  it('a duplicate view id throws (ready rejects)', async () => {
    const errors = vi.fn()
    const modal = make([
      plugin('one', (ctx) => void ctx.registerView(TEST_VIEW, loader)),
      plugin('two', (ctx) => void ctx.registerView(TEST_VIEW, loader)),
    ])
    modal.events.on('error', errors)
    await expect(modal.ready).rejects.toThrow('View "TestView" is already registered')
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ source: 'createModal' }))
    modal.destroy()
  })

  it('a duplicate RPC method throws (ready rejects)', async () => {
    const modal = make([
      plugin('one', (ctx) => void ctx.registerRpc(ECHO, (async () => 'a') as never)),
      plugin('two', (ctx) => void ctx.registerRpc(ECHO, (async () => 'b') as never)),
    ])
    await expect(modal.ready).rejects.toThrow('RPC method "test:echo" is already registered')
    modal.destroy()
  })

  it('SPEC §8 modal.request routes to a registered RPC handler; an unknown method rejects with code -32601', async () => {
    const handler = vi.fn(async (p: { text: string }) => `echo:${p.text}`)
    const modal = make([plugin('rpc', (ctx) => void ctx.registerRpc(ECHO, handler as never))])
    await modal.ready
    await expect(modal.request(ECHO, { text: 'hello' } as never)).resolves.toBe('echo:hello')
    expect(handler).toHaveBeenCalledWith({ text: 'hello' })
    const unknown = modal.request('test:nope' as never, {} as never)
    await expect(unknown).rejects.toMatchObject({ code: -32601 })
    modal.destroy()
  })

  it('ready resolves after every setup, then every activate (registries frozen before activate)', async () => {
    const order: string[] = []
    let finishActivate!: () => void
    const a = plugin('a', () => void order.push('setup a'), {
      activate: vi.fn(async () => {
        order.push('activate a')
        await new Promise<void>((resolve) => (finishActivate = resolve))
        order.push('activated a')
      }),
    })
    let viewsFrozen: boolean | undefined
    const b = plugin('b', () => void order.push('setup b'), {
      activate: vi.fn(async (ctx: PluginContext) => {
        order.push('activate b')
        try {
          ctx.registerView(TEST_VIEW, loader)
          viewsFrozen = false
        } catch {
          viewsFrozen = true
        }
      }),
    })
    const modal = make([a, b])
    let ready = false
    void modal.ready.then(() => (ready = true))
    await vi.waitFor(() => expect(order).toContain('activate b'))
    await new Promise((r) => setTimeout(r, 5))
    expect(ready).toBe(false)
    finishActivate()
    await modal.ready
    expect(ready).toBe(true)
    expect(order).toEqual(['setup a', 'setup b', 'activate a', 'activate b', 'activated a'])
    expect(viewsFrozen).toBe(true)
    modal.destroy()
  })

  it('plugin storage is scoped by plugin id', async () => {
    const adapter = createMemoryAdapter()
    let storeA: PluginContext['storage'] | undefined
    let storeB: PluginContext['storage'] | undefined
    const modal = createModal({
      storage: adapter,
      plugins: [plugin('siwx', (ctx) => void (storeA = ctx.storage)), plugin('send', (ctx) => void (storeB = ctx.storage))],
    })
    await modal.ready
    storeA!.setItem('token', 'A')
    storeB!.setItem('token', 'B')
    expect(storeA!.getItem('token')).toBe('A')
    expect(storeB!.getItem('token')).toBe('B')
    expect(adapter.getItem(`${pluginStoragePrefix('siwx')}token`)).toBe('A')
    expect(adapter.getItem(`${pluginStoragePrefix('send')}token`)).toBe('B')
    expect(adapter.getItem('token')).toBeNull()
    storeA!.removeItem('token')
    expect(storeB!.getItem('token')).toBe('B')
    modal.destroy()
  })

  it('SPEC §2 open on a modal without chain plugins picks AllWallets on mobile; close resets to Connect', async () => {
    const modal = make([], { isMobile: () => true })
    await modal.ready
    const state = modal.get(KernelTokens.Modal).store
    modal.open()
    expect(modal.router.current.view).toBe('AllWallets')
    expect(state.getSnapshot().open).toBe(true)
    modal.close()
    expect(modal.router.history.map((e) => e.view)).toEqual(['Connect'])
    expect(state.getSnapshot().open).toBe(false)
    modal.destroy()
  })

  it('two modals on one storage share nothing stored: connection and recent wallets stay apart, across a reload', async () => {
    const adapter = createMemoryAdapter()
    const account = (address: string) => ({
      accounts: [{ namespace: 'eip155' as const, address, type: 'eoa' as const }],
      caipNetworkId: 'eip155:1' as const,
    })
    const A1 = '0x00000000000000000000000000000000000000a1'
    const B2 = '0x00000000000000000000000000000000000000b2'
    const walletPlugin = (address: string, reconnect = vi.fn(async () => account(address))) =>
      plugin('wallet', (ctx) => {
        ctx.get(KernelTokens.Connectors).register({
          id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155',
          connect: async () => account(address), reconnect, disconnect: async () => undefined,
        })
      })
    const first = createModal({ storage: adapter, plugins: [walletPlugin(A1)] })
    const second = createModal({ storage: adapter, plugins: [walletPlugin(B2)] })
    await Promise.all([first.ready, second.ready])
    await first.get(KernelTokens.Connection).connect('io.metamask', 'eip155')
    expect(first.get(KernelTokens.Account).get('eip155').address).toBe(A1)
    const persisted = (m: typeof first) => m.get(KernelTokens.Persistence)
    expect(persisted(second).connectedNamespaces()).toEqual([])
    expect(persisted(second).recentWallets()).toEqual([])
    expect(persisted(first).recentWallets().map((w) => w.id)).toEqual(['io.metamask'])
    // The first modal keeps the plain keys, so a connection stored before namespaces existed is still found.
    expect(JSON.parse(adapter.getItem('@portico/connections')!)).toEqual({ eip155: ['io.metamask'] })
    await second.get(KernelTokens.Connection).connect('io.metamask', 'eip155')
    await first.get(KernelTokens.Connection).disconnect()
    expect(second.get(KernelTokens.Account).get('eip155').address).toBe(B2)
    expect(persisted(second).connectedNamespaces()).toEqual(['eip155'])
    expect(first.get(KernelTokens.Options).options.id).toBeUndefined()
    expect(second.get(KernelTokens.Options).options.id).toBe('2')
    first.destroy()
    second.destroy()

    // A reload creating the modals in the same order: each finds its own state.
    const firstReconnect = vi.fn(async () => account(A1))
    const secondReconnect = vi.fn(async () => account(B2))
    const again = [createModal({ storage: adapter, plugins: [walletPlugin(A1, firstReconnect)] }), createModal({ storage: adapter, plugins: [walletPlugin(B2, secondReconnect)] })]
    await Promise.all(again.map((m) => m.ready))
    expect(firstReconnect).not.toHaveBeenCalled()
    expect(secondReconnect).toHaveBeenCalledTimes(1)
    expect(again[0]!.get(KernelTokens.Account).isConnected()).toBe(false)
    expect(again[1]!.get(KernelTokens.Account).get('eip155').address).toBe(B2)
    for (const m of again) m.destroy()

    // A host-given id names the namespace.
    const named = createModal({ storage: adapter, id: 'checkout' })
    await named.ready
    expect(named.get(KernelTokens.Options).options.id).toBe('checkout')
    expect(named.get(KernelTokens.Persistence).connectedNamespaces()).toEqual([])
    named.destroy()
  })

  it('SPEC §3 ready restores a stored connection through the connector (reconnect, not connect)', async () => {
    const adapter = createMemoryAdapter()
    adapter.setItem('@portico/connections', JSON.stringify({ eip155: 'io.metamask' }))
    adapter.setItem('@portico/connected_namespaces', JSON.stringify(['eip155']))
    const connect = vi.fn()
    const reconnect = vi.fn(async () => ({
      accounts: [{ namespace: 'eip155' as const, address: '0x00000000000000000000000000000000000000a1', type: 'eoa' as const }],
      caipNetworkId: 'eip155:1' as const,
    }))
    const modal = createModal({
      storage: adapter,
      plugins: [plugin('wallet', (ctx) => {
        ctx.get(KernelTokens.Connectors).register({
          id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155', connect, reconnect, disconnect: async () => undefined,
        })
      })],
    })
    await modal.ready
    expect(reconnect).toHaveBeenCalledTimes(1)
    expect(connect).not.toHaveBeenCalled()
    expect(modal.get(KernelTokens.Account).isConnected('eip155')).toBe(true)
    modal.destroy()
  })
})
