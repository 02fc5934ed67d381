'use client'
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { createCookieAdapter, createModal, documentCookieIO, rememberAccount, type RememberedAccount } from 'portico'
import { eip155 } from 'portico/plugins/eip155'
import { Modal, PorticoProvider } from 'portico/react'
import { chain } from './chain'

const Remembered = createContext<RememberedAccount | undefined>(undefined)

/** The account the request's cookies remembered (the same value on the server and while hydrating). */
export const useRememberedAccount = () => useContext(Remembered)

/**
 * One modal per request on the server (over the request's Portico cookies) and one per page in the browser (over
 * document.cookie). Both start from the same cookies, so the first render agrees and hydration finds no mismatch.
 */
export function Providers({ cookie, remembered, children }: { cookie: string; remembered: RememberedAccount | undefined; children: ReactNode }) {
  const [{ modal, storage }] = useState(() => {
    const storage =
      typeof document === 'undefined'
        ? createCookieAdapter({ read: () => cookie, write: () => undefined }) // the server render only reads
        : createCookieAdapter(documentCookieIO(document))
    return { storage, modal: createModal({ storage, plugins: [eip155({ networks: [chain], builtinNetworks: false })] }) }
  })
  // Keeps the connected account in a cookie, for the next request's server render.
  useEffect(() => rememberAccount(modal, storage), [modal, storage])
  return (
    <PorticoProvider modal={modal}>
      <Remembered.Provider value={remembered}>{children}</Remembered.Provider>
      <Modal />
    </PorticoProvider>
  )
}
