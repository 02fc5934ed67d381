import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FrameClient, frameUrl, type IncomingMessage, type MountedFrame } from './frame-client.ts'
import type { FrameRequest } from './protocol.ts'

const SECURE = 'http://127.0.0.1:4600'
const HOST = 'http://127.0.0.1:5173'

/** A fake iframe window and message channel (unit tests may fake the frame). */
function setup(extra: { checkOrigin?: () => Promise<never | undefined | { code: string; shortMessage: string; longMessage: string }> } = {}) {
  const sent: Array<{ message: FrameRequest; target: string }> = []
  const frameWindow = { postMessage: (message: unknown, target: string) => sent.push({ message: message as FrameRequest, target }) }
  let handler: ((e: IncomingMessage) => void) | undefined
  const mounted: string[] = []
  const placed: unknown[] = []
  let removed = 0
  const alerts: string[] = []
  const events: string[] = []
  const client = new FrameClient({
    secureSiteUrl: `${SECURE}/`,
    projectId: 'p1',
    hostOrigin: HOST,
    mount: (src): MountedFrame => {
      mounted.push(src)
      return { contentWindow: frameWindow, place: (box) => placed.push(box), remove: () => void removed++ }
    },
    listen: (h) => {
      handler = h
      return () => {
        handler = undefined
      }
    },
    onAlert: (a) => alerts.push(a.shortMessage),
    onEvent: (e) => events.push(e.type),
    ...(extra.checkOrigin ? { checkOrigin: extra.checkOrigin as never } : {}),
  })
  const deliver = (data: unknown, origin = SECURE, source: unknown = frameWindow) => handler?.({ origin, source, data })
  const makeReady = async () => {
    const ready = client.ready()
    deliver({ type: 'FRAME_READY', payload: { version: 1 } })
    await vi.advanceTimersByTimeAsync(500)
    await ready
  }
  return { client, sent, deliver, makeReady, mounted, placed, alerts, events, frameWindow, removedCount: () => removed, listening: () => handler !== undefined }
}

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

describe('FrameClient', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('loads the frame URL with projectId and the host origin', () => {
    const t = setup()
    void t.client.ready()
    expect(t.mounted).toEqual([`${SECURE}/frame?projectId=p1&origin=${encodeURIComponent(HOST)}`])
    expect(frameUrl('https://s.example/x', 'a b', 'https://h.example')).toBe('https://s.example/frame?projectId=a+b&origin=https%3A%2F%2Fh.example')
  })

  it('is ready 500 ms after FRAME_READY, not before', async () => {
    const t = setup()
    let ready = false
    void t.client.ready().then(() => (ready = true))
    t.deliver({ type: 'FRAME_READY', payload: { version: 1 } })
    await vi.advanceTimersByTimeAsync(499)
    expect(ready).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(ready).toBe(true)
    expect(t.client.frameStatus).toBe('ready')
  })

  it('fails the load after 20 s without FRAME_READY: "Unable to load email login dependency"', async () => {
    const t = setup()
    const ready = t.client.ready()
    const outcome = ready.then(() => 'ok', (e: Error) => e.message)
    await vi.advanceTimersByTimeAsync(19_999)
    expect(t.client.frameStatus).toBe('loading')
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toBe('Unable to load email login dependency')
    expect(t.removedCount()).toBe(1)
    expect(t.listening()).toBe(false)
  })

  it('a FRAME_READY from another origin or window does not make it ready', async () => {
    const t = setup()
    const outcome = t.client.ready().then(() => 'ok', (e: Error) => e.message)
    t.deliver({ type: 'FRAME_READY', payload: { version: 1 } }, 'http://127.0.0.1:9999')
    t.deliver({ type: 'FRAME_READY', payload: { version: 1 } }, SECURE, { postMessage() {} })
    t.deliver({ type: 'FRAME_READY', payload: { version: 1 } }, `${SECURE}/`)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(await outcome).toBe('Unable to load email login dependency')
  })

  it('posts each request to the exact secure origin with a fresh UUID and resolves on the matching reply', async () => {
    const t = setup()
    await t.makeReady()
    const a = t.client.request('GET_CHAIN_ID', {})
    const b = t.client.request('IS_CONNECTED', {})
    await flush()
    expect(t.sent.map((s) => s.target)).toEqual([SECURE, SECURE])
    const [ra, rb] = t.sent.map((s) => s.message)
    expect(ra!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(ra!.id).not.toBe(rb!.id)
    t.deliver({ type: 'IS_CONNECTED_SUCCESS', id: rb!.id, payload: { isConnected: true } })
    t.deliver({ type: 'GET_CHAIN_ID_SUCCESS', id: ra!.id, payload: { chainId: 31337 } })
    expect(await a).toEqual({ chainId: 31337 })
    expect(await b).toEqual({ isConnected: true })
  })

  it('ignores forged origins, other sources, malformed data, wrong kinds and replayed ids', async () => {
    const t = setup()
    await t.makeReady()
    let settled: unknown = 'pending'
    const p = t.client.request('GET_CHAIN_ID', {})
    p.then((v) => (settled = v), (e) => (settled = e))
    await flush()
    const id = t.sent[0]!.message.id
    t.deliver({ type: 'GET_CHAIN_ID_SUCCESS', id, payload: { chainId: 666 } }, 'http://127.0.0.1:4601')
    t.deliver({ type: 'GET_CHAIN_ID_SUCCESS', id, payload: { chainId: 666 } }, 'http://localhost:4600')
    t.deliver({ type: 'GET_CHAIN_ID_SUCCESS', id, payload: { chainId: 666 } }, SECURE, { postMessage() {} })
    t.deliver({ type: 'GET_CHAIN_ID_SUCCESS', id, payload: { chainId: 'x'.repeat(20_000) } })
    t.deliver({ type: 'GET_CHAIN_ID_SUCCESS', id })
    t.deliver('GET_CHAIN_ID_SUCCESS')
    t.deliver({ type: 'IS_CONNECTED_SUCCESS', id, payload: { isConnected: true } })
    t.deliver({ type: 'GET_CHAIN_ID_SUCCESS', id: 'not-pending', payload: { chainId: 666 } })
    await flush()
    expect(settled).toBe('pending')
    expect(t.client.pendingIds).toEqual([id])
    t.deliver({ type: 'GET_CHAIN_ID_SUCCESS', id, payload: { chainId: 1 } })
    await flush()
    expect(settled).toEqual({ chainId: 1 })
    // Replaying the same reply later changes nothing either.
    const q = t.client.request('GET_CHAIN_ID', {})
    let second: unknown = 'pending'
    q.then((v) => (second = v))
    await flush()
    t.deliver({ type: 'GET_CHAIN_ID_SUCCESS', id, payload: { chainId: 1 } })
    await flush()
    expect(second).toBe('pending')
    expect(t.client.pendingIds).toEqual([t.sent[1]!.message.id])
  })

  it('times a request out after 120 s with the REQUEST_TIMED_OUT alert', async () => {
    const t = setup()
    await t.makeReady()
    const outcome = t.client.request('GET_USER', {}).then(() => 'ok', (e: Error) => e.message)
    await vi.advanceTimersByTimeAsync(119_999)
    expect(t.client.pendingIds).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toBe('Embedded Wallet Request Timed Out')
    expect(t.alerts).toEqual(['Embedded Wallet Request Timed Out'])
    // A late reply is ignored.
    t.deliver({ type: 'GET_USER_ERROR', id: t.sent[0]!.message.id, payload: { message: 'late' } })
    expect(t.alerts).toHaveLength(1)
  })

  it('maps the server replies to the SPEC §8 alerts', async () => {
    const t = setup()
    await t.makeReady()
    const cases: Array<[string, string]> = [
      ['Unauthorized: origin not allowed', 'Invalid App Configuration'],
      ['JWT validation error: JWT Token is not yet valid', 'Session Expired'],
      ['Unauthorized: invalid key', 'Invalid Project ID'],
    ]
    for (const [reply, alert] of cases) {
      const outcome = t.client.request('GET_USER', {}).then(() => 'ok', (e: Error) => e.message)
      await flush()
      t.deliver({ type: 'GET_USER_ERROR', id: t.sent.at(-1)!.message.id, payload: { message: reply } })
      expect(await outcome).toBe(alert)
    }
    expect(t.alerts).toEqual(cases.map(([, a]) => a))
    const other = t.client.request('CONNECT_OTP', { otp: '000000' }).then(() => 'ok', (e: Error & { code?: number }) => `${e.message}|${e.code}`)
    await flush()
    t.deliver({ type: 'CONNECT_OTP_ERROR', id: t.sent.at(-1)!.message.id, payload: { message: 'Invalid code', code: 4001 } })
    expect(await other).toBe('Invalid code|4001')
    expect(t.alerts).toHaveLength(3)
  })

  it('FRAME_SESSION_EXPIRED shows "Session Expired" and is passed on', async () => {
    const t = setup()
    await t.makeReady()
    t.deliver({ type: 'FRAME_SESSION_EXPIRED', payload: { message: 'JWT expired' } })
    t.deliver({ type: 'FRAME_SHOW_APPROVAL', payload: { id: 'a', method: 'personal_sign' } })
    t.deliver({ type: 'FRAME_SHOW_APPROVAL', payload: { id: 'a', method: 'personal_sign' } }, 'http://evil.example')
    expect(t.alerts).toEqual(['Session Expired'])
    expect(t.events).toEqual(['FRAME_SESSION_EXPIRED', 'FRAME_SHOW_APPROVAL'])
  })

  it('on close: connect requests reject "Modal closed", wallet RPC "Request was aborted", safe reads carry on', async () => {
    const t = setup()
    await t.makeReady()
    const connect = t.client.request('CONNECT_OTP', { otp: '123456' }).then(() => 'ok', (e: Error) => e.message)
    const sign = t.client.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x68', '0x1'] }).then(() => 'ok', (e: Error) => e.message)
    const raw = t.client.request('RPC_REQUEST', { method: 'eth_sendRawTransaction', params: ['0x00'] })
    const user = t.client.request('GET_USER', {})
    await flush()
    expect(t.client.abortOnClose((m) => m === 'eth_sendRawTransaction')).toBe(1)
    expect(await connect).toBe('Modal closed')
    expect(await sign).toBe('Request was aborted')
    expect(t.client.pendingIds).toHaveLength(2)
    t.deliver({ type: 'RPC_REQUEST_SUCCESS', id: t.sent[2]!.message.id, payload: { result: '0xhash' } })
    t.deliver({ type: 'GET_USER_ERROR', id: t.sent[3]!.message.id, payload: { message: 'nope' } })
    expect(await raw).toEqual({ result: '0xhash' })
    await expect(user).rejects.toThrow('nope')
  })

  it('a failing origin check fails the load at once with its alert', async () => {
    const t = setup({ checkOrigin: async () => ({ code: 'INVALID_APP_CONFIGURATION', shortMessage: 'Invalid App Configuration', longMessage: '' }) })
    const outcome = t.client.ready().then(() => 'ok', (e: Error) => e.message)
    await flush()
    expect(await outcome).toBe('Invalid App Configuration')
    expect(t.alerts).toEqual(['Invalid App Configuration'])
  })

  it('place() shows and hides the iframe; dispose removes it and the listener', async () => {
    const t = setup()
    await t.makeReady()
    t.client.place({ left: 1, top: 2, width: 3, height: 4 })
    t.client.place(undefined)
    expect(t.placed).toEqual([{ left: 1, top: 2, width: 3, height: 4 }, undefined])
    const pending = t.client.request('GET_USER', {}).then(() => 'ok', (e: Error) => e.message)
    await flush()
    t.client.dispose()
    expect(await pending).toBe('Something went wrong')
    expect(t.removedCount()).toBe(1)
    expect(t.listening()).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
  })
})
