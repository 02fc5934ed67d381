import { describe, expect, it, vi } from 'vitest'
import { ModalEventBus } from '../events/bus.ts'
import type { ModalEvents } from '../plugin/contract.ts'
import { RouterStack } from './router-stack.ts'

/** The embedded-wallet plugin registers this view; the kernel only knows its name. */
const FARCASTER = 'ConnectingFarcaster' as 'Connect'
const BASIC = 'ConnectingWalletConnectBasic' as 'Connect'

function setup(connected = false) {
  const events = new ModalEventBus()
  const state = { connected }
  const close = vi.fn()
  const router = new RouterStack(events, { isConnected: () => state.connected })
  router.onClose(close)
  // What the embedded-wallet plugin does with the generic leave event (SPEC §2 leaving ConnectingFarcaster).
  const leaves = vi.fn()
  const left: ModalEvents['router:leave'][] = []
  const changes: ModalEvents['router:change'][] = []
  events.on('router:leave', (e) => {
    left.push(e)
    if (e.from === FARCASTER && e.to !== FARCASTER && !e.connected) leaves()
  })
  events.on('router:change', (e) => changes.push(e))
  return { router, close, leaves, left, changes, state }
}

const views = (router: RouterStack): string[] => router.history.map((e) => e.view)

describe('RouterStack', () => {
  it('SPEC §2 the view stack starts at Connect with a single entry', () => {
    const { router } = setup()
    expect(views(router)).toEqual(['Connect'])
    expect(router.current).toEqual({ view: 'Connect', params: undefined })
  })

  it('SPEC §2 pushing a view equal to the current one is ignored', () => {
    const { router, changes } = setup()
    router.push('AllWallets')
    router.push('AllWallets')
    expect(views(router)).toEqual(['Connect', 'AllWallets'])
    expect(changes).toHaveLength(1)
    router.push('Connect')
    expect(views(router)).toEqual(['Connect', 'AllWallets', 'Connect'])
  })

  it('SPEC §2 pushing a different view adds it on top with its params', () => {
    const { router } = setup()
    router.push('ConnectingExternal', { connectorId: 'io.metamask' })
    expect(router.current).toEqual({ view: 'ConnectingExternal', params: { connectorId: 'io.metamask' } })
    expect(router.history).toHaveLength(2)
  })

  it('SPEC §2 replace swaps the top entry', () => {
    const { router, changes } = setup()
    router.push('AllWallets')
    router.replace('ConnectingExternal', { connectorId: 'x' })
    expect(views(router)).toEqual(['Connect', 'ConnectingExternal'])
    expect(router.current.params).toEqual({ connectorId: 'x' })
    expect(changes.at(-1)).toEqual({ view: 'ConnectingExternal', action: 'replace' })
  })

  it('SPEC §2 replace on a single-entry stack keeps a single entry', () => {
    const { router } = setup()
    router.replace('Account')
    expect(views(router)).toEqual(['Account'])
  })

  it('SPEC §2 reset sets a single-entry history', () => {
    const { router, changes } = setup()
    router.push('AllWallets')
    router.push('SwitchNetwork')
    router.reset('Account')
    expect(views(router)).toEqual(['Account'])
    expect(changes.at(-1)).toEqual({ view: 'Account', action: 'reset' })
  })

  it('reset onto the single entry it already holds keeps the same stack (nothing to render again) and still announces it', () => {
    const { router, changes } = setup()
    const before = router.getSnapshot()
    router.reset('Connect')
    expect(router.getSnapshot()).toBe(before)
    expect(changes.at(-1)).toEqual({ view: 'Connect', action: 'reset' })
    router.reset('Connect', { other: true } as never)
    expect(router.getSnapshot()).not.toBe(before)
    const withParams = router.getSnapshot()
    router.reset('Account')
    expect(views(router)).toEqual(['Account'])
    expect(router.getSnapshot()).not.toBe(withParams)
  })

  it('SPEC §2 going back with one entry left closes the modal (close callback called)', () => {
    const { router, close } = setup()
    router.goBack()
    expect(close).toHaveBeenCalledTimes(1)
    expect(views(router)).toEqual(['Connect'])
  })

  it('SPEC §2 going back with more than one entry pops without closing', () => {
    const { router, close, changes } = setup()
    router.push('AllWallets')
    router.push('SwitchNetwork')
    router.goBack()
    expect(views(router)).toEqual(['Connect', 'AllWallets'])
    expect(close).not.toHaveBeenCalled()
    expect(changes.at(-1)).toEqual({ view: 'AllWallets', action: 'back' })
  })

  it('SPEC §2 going back onto Connect while connected shows Account instead', () => {
    const { router, state } = setup()
    router.push('AllWallets')
    state.connected = true
    router.goBack()
    expect(views(router)).toEqual(['Account'])
    expect(router.current.view).toBe('Account')
  })

  it('SPEC §2 going back onto Connect while disconnected shows Connect', () => {
    const { router } = setup()
    router.push('AllWallets')
    router.goBack()
    expect(views(router)).toEqual(['Connect'])
  })

  describe('SPEC §2 leaving ConnectingFarcaster', () => {
    it('SPEC §2 leaving ConnectingFarcaster while disconnected (back) is seen in router:leave', () => {
      const { router, leaves } = setup()
      router.push(FARCASTER)
      router.goBack()
      expect(leaves).toHaveBeenCalledTimes(1)
    })

    it('SPEC §2 leaving ConnectingFarcaster while disconnected (replace, reset) is seen in router:leave', () => {
      const { router, leaves } = setup()
      router.push(FARCASTER)
      router.replace('AllWallets')
      expect(leaves).toHaveBeenCalledTimes(1)
      router.push(FARCASTER)
      router.reset('Connect')
      expect(leaves).toHaveBeenCalledTimes(2)
    })

    it('SPEC §2 leaving ConnectingFarcaster while connected is not seen as a disconnected Farcaster leave', () => {
      const { router, leaves, state } = setup()
      router.push(FARCASTER)
      state.connected = true
      router.goBack()
      expect(router.current.view).toBe('Account')
      expect(leaves).not.toHaveBeenCalled()
    })

    it('SPEC §2 staying on ConnectingFarcaster is not seen as a disconnected Farcaster leave', () => {
      const { router, leaves } = setup()
      router.push(FARCASTER)
      router.push(FARCASTER) // ignored: same view
      router.replace(FARCASTER)
      router.reset(FARCASTER)
      expect(router.current.view).toBe(FARCASTER)
      expect(leaves).not.toHaveBeenCalled()
    })

    it('SPEC §2 leaving a view other than ConnectingFarcaster is not seen as a disconnected Farcaster leave', () => {
      const { router, leaves } = setup()
      router.push(BASIC)
      router.goBack()
      router.push('AllWallets')
      router.replace('Account')
      router.reset('Connect')
      expect(leaves).not.toHaveBeenCalled()
    })
  })

  it('router:leave reports the view that left the top and where the stack went (back, replace, reset; never push)', () => {
    const { router, left } = setup()
    router.push('AllWallets')
    expect(left).toEqual([])
    router.replace('Account')
    router.goBack()
    router.push('AllWallets')
    router.reset('Connect')
    expect(left).toEqual([
      { from: 'AllWallets', to: 'Account', connected: false },
      { from: 'Account', to: 'Connect', connected: false },
      { from: 'AllWallets', to: 'Connect', connected: false },
    ])
  })

  it('SPEC §2 subscribe/getSnapshot: listeners are notified with a new snapshot on every change, and unsubscribe stops it', () => {
    const { router } = setup()
    const listener = vi.fn()
    const unsubscribe = router.subscribe(listener)
    const before = router.getSnapshot()
    router.push('AllWallets')
    expect(listener).toHaveBeenCalledTimes(1)
    const after = router.getSnapshot()
    expect(after).not.toBe(before)
    expect(after.map((e) => e.view)).toEqual(['Connect', 'AllWallets'])
    router.push('AllWallets') // ignored: no notification
    expect(listener).toHaveBeenCalledTimes(1)
    router.replace('Account')
    router.reset('Connect')
    expect(listener).toHaveBeenCalledTimes(3)
    unsubscribe()
    router.push('AllWallets')
    expect(listener).toHaveBeenCalledTimes(3)
  })

  it('SPEC §2 getSnapshot is stable while nothing changes (useSyncExternalStore)', () => {
    const { router } = setup()
    expect(router.getSnapshot()).toBe(router.getSnapshot())
    expect(router.getSnapshot()).toBe(router.history)
  })
})
