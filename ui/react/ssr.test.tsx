/**
 * Issue 17 item 3, the Node half: portico/react renders with react-dom/server in Node (no window, document or
 * storage), over the cookie storage adapter, and the markup is the modal's first state however far its plugins got
 * (what the hydrating client renders too; the browser half is tests/e2e/ssr.e2e.ts). Also: without a projectId,
 * nothing calls a backend.
 */
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCookieAdapter, createModal, type Modal as ModalInstance, type PluginDefinition } from 'portico'
import { accountData } from 'portico/plugins/account-data'
import { bip122 } from 'portico/plugins/bip122'
import { cosmos } from 'portico/plugins/cosmos'
import { eip155 } from 'portico/plugins/eip155'
import { names } from 'portico/plugins/names'
import { onramp } from 'portico/plugins/onramp'
import { send } from 'portico/plugins/send'
import { siwx } from 'portico/plugins/siwx'
import { solana } from 'portico/plugins/solana'
import { swap } from 'portico/plugins/swap'
import { ConnectButton, Modal, PorticoProvider, useAccount, useConnection, useModal, useModalState, useNetwork } from 'portico/react'

/** Every hook a host uses, printed. */
function Probe() {
  const account = useAccount()
  const { isOpen } = useModal()
  const { caipNetwork, networks } = useNetwork()
  const { status } = useConnection()
  const { view } = useModalState()
  return <p>{[String(account.address), String(isOpen), String(caipNetwork?.name), networks.length, status, view].join('|')}</p>
}

const page = (modal: ModalInstance) =>
  renderToString(
    <PorticoProvider modal={modal}>
      <ConnectButton />
      <Probe />
      <Modal />
    </PorticoProvider>,
  )

const STORED = `${encodeURIComponent('@portico/connected_namespaces')}=${encodeURIComponent('["eip155"]')}; ${encodeURIComponent('@portico/connections')}=${encodeURIComponent('{"eip155":"io.metamask"}')}`

/** Every plugin that runs without a projectId or a chain endpoint of its own. */
const allPlugins = (): PluginDefinition[] => [eip155(), solana(), bip122(), cosmos(), accountData(), names(), onramp(), send(), swap(), siwx()]

let modals: ModalInstance[] = []
const reads: string[] = []
beforeEach(() => {
  reads.length = 0
  // Node has none of these; a read of any (beyond a `typeof` guard's) is recorded.
  for (const name of ['document', 'localStorage', 'sessionStorage']) {
    Object.defineProperty(globalThis, name, { configurable: true, get: () => void reads.push(name) })
  }
})
afterEach(() => {
  for (const m of modals) m.destroy()
  modals = []
  for (const name of ['document', 'localStorage', 'sessionStorage']) delete (globalThis as Record<string, unknown>)[name]
  vi.restoreAllMocks()
})

function serverModal(cookie: string, plugins = allPlugins()) {
  const written: string[] = []
  const modal = createModal({ storage: createCookieAdapter({ read: () => cookie, write: (c) => void written.push(c) }), plugins })
  modals.push(modal)
  return { modal, written }
}

describe('server render in Node (react-dom/server)', () => {
  it('runs with no window, document or storage', () => {
    expect(typeof window).toBe('undefined')
    const { modal } = serverModal('')
    const html = page(modal)
    expect(html).toContain('>Connect Wallet</button>')
    expect(html).toContain('<p>undefined|false|undefined|0|disconnected|Connect</p>')
    // Nothing so much as looked for the browser's document or storage (a `typeof` guard would be recorded too).
    expect(reads).toEqual([])
  })

  it('a cookie holding a connection renders the busy ConnectButton (the documented skeleton), and rendering writes no cookie', async () => {
    const { modal, written } = serverModal(STORED)
    const html = page(modal)
    expect(html).toMatch(/<button[^>]*aria-busy="true"[^>]*>.*Loading<\/button>/)
    expect(html).toContain('|reconnecting|')
    expect(written).toEqual([])
  })

  it('the markup is the first state even after the plugins have set up (what the hydrating client renders first)', async () => {
    // Deferred plugins (deferPlugin) load their code with import(); load it once with real timers, which module
    // loading needs, so the fake-timer run below only drives the modal's own timers.
    const warm = serverModal(STORED)
    await warm.modal.ready
    warm.modal.destroy()
    vi.useFakeTimers()
    try {
      const { modal, written } = serverModal(STORED)
      const first = page(modal)
      // Let setup, activation and the stored-connection restore run to their end (no wallet on a server).
      await vi.runAllTimersAsync()
      await modal.ready
      expect(modal.state.network.getSnapshot().activeNamespace).toBe('eip155')
      expect(page(modal)).toBe(first)
      // No wallet answered, yet the stored connection stays for the browser to restore.
      expect(written).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('projectId is optional: without it nothing calls a backend', () => {
  it('every plugin set up and activated, the modal opened: no fetch, no WebSocket', async () => {
    const fetches: string[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      fetches.push(String(input instanceof Request ? input.url : input))
      return Promise.reject(new Error('offline'))
    })
    const sockets: string[] = []
    const RealWebSocket = globalThis.WebSocket
    ;(globalThis as { WebSocket: unknown }).WebSocket = class {
      constructor(url: string) {
        sockets.push(url)
        throw new Error('offline')
      }
    }
    vi.useFakeTimers()
    try {
      const { modal } = serverModal('')
      await vi.runAllTimersAsync()
      await modal.ready
      modal.open()
      page(modal)
      await vi.runAllTimersAsync()
      expect(fetches).toEqual([])
      expect(sockets).toEqual([])
    } finally {
      vi.useRealTimers()
      ;(globalThis as { WebSocket: unknown }).WebSocket = RealWebSocket
    }
  })
})
