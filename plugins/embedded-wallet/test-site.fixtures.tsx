/**
 * Fixtures of the embedded wallet's unit tests: a fake secure-site frame answering each frame request kind from a
 * table (unit tests may fake the frame; the e2e suite uses the real secure site), the local EVM chain plugin, and the
 * modal built around them (tracked, destroyed after each test). A fixtures file: not part of the package build.
 */
import { render } from '@testing-library/react'
import { expect, vi } from 'vitest'
import { createModal, definePlugin, type CaipNetwork, type Modal as ModalInstance } from 'portico'
import { Modal, PorticoProvider } from 'portico/react'
import { EmbeddedWalletTokens } from './index.ts'
import type { FrameKind, FrameRequest } from './protocol.ts'
import type { IncomingMessage } from './frame-client.ts'

export const SECURE = 'http://127.0.0.1:4600'
export const HOST = 'http://127.0.0.1:5173'

export type Answer = { ok: unknown } | { error: string; code?: number } | 'hold'

/** A fake secure-site frame answering from a table; `send` posts as the frame (or as another origin or window). */
export function fakeSecureSite(table: Partial<Record<FrameKind, (payload: never) => Answer>>) {
  const requests: FrameRequest[] = []
  /** The target origin of each postMessage to the frame. */
  const targets: string[] = []
  const listeners = new Set<(e: IncomingMessage) => void>()
  const frameWindow = {
    postMessage(message: unknown, target: string) {
      const req = message as FrameRequest
      requests.push(req)
      targets.push(target)
      const answer = (table[req.type] as ((p: unknown) => Answer) | undefined)?.(req.payload) ?? { ok: {} }
      if (answer === 'hold') return
      queueMicrotask(() =>
        send('error' in answer ? { type: `${req.type}_ERROR`, id: req.id, payload: { message: answer.error, code: answer.code } } : { type: `${req.type}_SUCCESS`, id: req.id, payload: answer.ok }),
      )
    },
  }
  const send = (data: unknown, origin = SECURE, source: unknown = frameWindow) => {
    for (const l of [...listeners]) l({ origin, source, data })
  }
  let mounts = 0
  return {
    requests,
    targets,
    send,
    frameWindow,
    mounts: () => mounts,
    listenerCount: () => listeners.size,
    kinds: () => requests.map((r) => r.type),
    testing: {
      hostOrigin: HOST,
      mount: () => {
        mounts++
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

export const evmNetwork: CaipNetwork = { id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }

/** A chain plugin serving `evmNetwork` only. */
export const evmChain = definePlugin({
  id: 'chain-eip155',
  kind: 'chain',
  namespace: 'eip155',
  portico: '1.x',
  setup: (ctx) => {
    ctx.registerChain({ namespace: 'eip155', networks: [evmNetwork], isAddress: () => true })
  },
})

const modals: ModalInstance[] = []

/** Builds the modal (destroyed by destroyModals), waits for ready; `view()` renders it in the test's document. */
export async function startModal(options: Parameters<typeof createModal>[0]) {
  const modal = createModal(options)
  modals.push(modal)
  await modal.ready
  const { controller } = modal.get(EmbeddedWalletTokens.Services)
  const view = () =>
    render(
      <PorticoProvider modal={modal}>
        <Modal />
      </PorticoProvider>,
    )
  return { modal, controller, view }
}

/** For afterEach (after testing-library's cleanup): destroys the modals the test built. */
export function destroyModals(): void {
  for (const m of modals.splice(0)) m.destroy()
}

/** A modal the test destroyed itself: not destroyed again. */
export function forgetModal(modal: ModalInstance): void {
  const i = modals.indexOf(modal)
  if (i >= 0) modals.splice(i, 1)
}

export const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000 })
