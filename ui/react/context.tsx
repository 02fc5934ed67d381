import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { Modal, Token } from '../../kernel/index.ts'

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

/** Resolves a kernel or plugin service by token. */
export function useService<V>(token: Token<V>): V {
  return useModalInstance().get(token)
}

/** Reads an observable store (subscribe + getSnapshot). */
export function useStore<S>(store: { subscribe(l: () => void): () => void; getSnapshot(): S }): S {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}
