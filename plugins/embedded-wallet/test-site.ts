/**
 * A fake secure-site frame for the embedded wallet's unit tests: it answers each frame request kind from a table
 * (unit tests may fake the frame; the e2e suite uses the real secure site). Shared by the plugin's test files.
 */
import type { FrameKind, FrameRequest } from './protocol.ts'
import type { IncomingMessage } from './frame-client.ts'

export const SECURE = 'http://127.0.0.1:4600'
export const HOST = 'http://127.0.0.1:5173'

export type Answer = { ok: unknown } | { error: string } | 'hold'

/** A fake secure-site frame answering from a table (unit tests may fake the frame; the e2e suite uses the real one). */
export function fakeSecureSite(table: Partial<Record<FrameKind, (payload: never) => Answer>>) {
  const requests: FrameRequest[] = []
  const listeners = new Set<(e: IncomingMessage) => void>()
  const frameWindow = {
    postMessage(message: unknown) {
      const req = message as FrameRequest
      requests.push(req)
      const answer = (table[req.type] as ((p: unknown) => Answer) | undefined)?.(req.payload) ?? { ok: {} }
      if (answer === 'hold') return
      queueMicrotask(() => send('error' in answer ? { type: `${req.type}_ERROR`, id: req.id, payload: { message: answer.error } } : { type: `${req.type}_SUCCESS`, id: req.id, payload: answer.ok }))
    },
  }
  const send = (data: unknown) => {
    for (const l of [...listeners]) l({ origin: SECURE, source: frameWindow, data })
  }
  return {
    requests,
    send,
    kinds: () => requests.map((r) => r.type),
    testing: {
      hostOrigin: HOST,
      mount: () => {
        queueMicrotask(() => send({ type: 'FRAME_READY', payload: { version: 1 } }))
        return { contentWindow: frameWindow, place: () => undefined, remove: () => undefined }
      },
      listen: (h: (e: IncomingMessage) => void) => {
        listeners.add(h)
        return () => listeners.delete(h)
      },
      fetchOrigins: async () => ({ status: 200, body: { allowedOrigins: ['http://127.0.0.1:*'] } }),
    },
  }
}

