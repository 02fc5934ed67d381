import type { Disposable, EventBus, Router } from '../plugin/contract.ts'
import type { ConnectionController } from './connection.ts'
import type { ModalController } from './modal.ts'

/**
 * Closes the modal once a connection made in it succeeds (`closeOnConnect`, on by default), as AppKit, RainbowKit and
 * ConnectKit do. Every connect flow ends by resetting the router to Account (or UnsupportedChain, which stays); the
 * close waits until no namespace is still connecting (a session or login in several namespaces connects them one
 * after the other) and a microtask more, so a plugin that takes the user elsewhere on that same change (SIWX's
 * sign-in) keeps the modal open; a close guard that refuses keeps it open quietly (no shake: nobody asked to close).
 */
export function closeOnConnect(deps: { events: EventBus; router: Router; modal: ModalController; connection: Pick<ConnectionController, 'store'> }): Disposable {
  const { events, router, modal, connection } = deps
  let connectedHere = false
  const connected = events.on('connection:connected', () => {
    if (modal.store.getSnapshot().open) connectedHere = true
  })
  const closed = events.on('modal:close', () => {
    connectedHere = false
  })
  const due = () => connectedHere && router.current.view === 'Account' && connection.store.getSnapshot().status !== 'connecting' && modal.store.getSnapshot().open
  const check = () => {
    if (!due()) return
    queueMicrotask(() => {
      if (!due()) return
      connectedHere = false
      modal.closeIfAllowed()
    })
  }
  const unsubscribe = [router.subscribe(check), connection.store.subscribe(check)]
  return {
    dispose() {
      connected.dispose()
      closed.dispose()
      for (const u of unsubscribe) u()
    },
  }
}
