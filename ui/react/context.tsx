import { createContext, use, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import type { Modal, ServiceNotLoadedError, Token } from '../../kernel/index.ts'

const ModalContext = createContext<Modal | null>(null)

/** Makes a modal instance available to the hooks and `<Modal>` below it. */
export function PorticoProvider({ modal, children }: { modal: Modal; children?: ReactNode }) {
  return <ModalContext.Provider value={modal}>{children}</ModalContext.Provider>
}

/** The modal instance of the nearest provider. */
export function useModalInstance(): Modal {
  const modal = useContext(ModalContext)
  if (!modal) throw new Error('Portico hooks must be used inside <PorticoProvider modal={...}>')
  return modal
}

/**
 * Resolves a kernel or plugin service by token. A service of a plugin whose code is still loading (deferPlugin, before
 * `modal.ready`) suspends the component until it has loaded (wrap it in `<Suspense>` to show a fallback); a token no
 * plugin declares throws, as `modal.get` does.
 */
export function useService<V>(token: Token<V>): V {
  const modal = useModalInstance()
  let loading: Promise<unknown> | undefined
  try {
    return modal.get(token)
  } catch (error) {
    // A ServiceNotLoadedError carries the promise of the plugins' setups (kernel/plugin/defer.ts).
    loading = (error as Partial<ServiceNotLoadedError>).loaded
    if (!loading) throw error
  }
  use(loading) // outside the catch: React's use() may not be called in a try/catch
  return modal.get(token)
}

/**
 * Reads an observable store (subscribe + getSnapshot). A server render and hydration read `getServerSnapshot` when the
 * store has one (the kernel's stores: their first state, see kernel/state/store.ts), so the markup of both agrees.
 */
export function useStore<S>(store: { subscribe(l: () => void): () => void; getSnapshot(): S; getServerSnapshot?: () => S }): S {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot ?? store.getSnapshot)
}

/**
 * A service that may appear once the modal is ready (the account-data services need a projectId and load as their
 * own chunk): undefined until then, or when nothing provides it.
 */
export function useOptionalService<V>(token: Token<V>): V | undefined {
  const modal = useModalInstance()
  const [present, setPresent] = useState(() => modal.has(token))
  useEffect(() => {
    let live = true
    if (!present) void modal.ready.then(() => live && setPresent(modal.has(token)), () => undefined)
    return () => {
      live = false
    }
  }, [modal, token, present])
  return present ? modal.get(token) : undefined
}
