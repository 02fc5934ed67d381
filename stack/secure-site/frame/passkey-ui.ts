/**
 * The frame's "Create a passkey" panel (issue 28 part 1). Browsers let a cross-origin iframe create a credential only
 * during a user activation inside that iframe, so adding a passkey is a click on this panel, on the secure site's
 * origin: the click runs the ceremony (`create`, e.g. @simplewebauthn/browser's startRegistration) in its handler.
 * Logging in needs no panel (a credential request needs no activation in the frame).
 */
import { createPanel } from './panel.ts'

export type PasskeyPanelRequest = { id: string; hostOrigin: string }

export const PASSKEY_PANEL_TEXT = {
  title: 'Create a passkey',
  body: 'Save a passkey for this wallet on this device or in your password manager. Next time, log in with it: no email, no code.',
  create: 'Create passkey',
  cancel: 'Cancel',
} as const

/**
 * Shows the panel; on "Create passkey" runs `create()` inside the click and resolves its result, on Cancel or Escape
 * resolves undefined. A failing ceremony rejects with its error (the panel goes either way).
 */
export function showPasskeyPanel<T>(doc: Document, request: PasskeyPanelRequest, create: () => Promise<T>): Promise<T | undefined> {
  const text = doc.createElement('p')
  text.className = 'passkey-text'
  text.textContent = PASSKEY_PANEL_TEXT.body
  const { dialog, refuse: cancel, accept: ok, mount } = createPanel(doc, {
    kind: 'passkey',
    requestId: request.id,
    title: PASSKEY_PANEL_TEXT.title,
    hostOrigin: request.hostOrigin,
    body: [text],
    refuse: PASSKEY_PANEL_TEXT.cancel,
    accept: PASSKEY_PANEL_TEXT.create,
  })
  mount()

  return new Promise<T | undefined>((resolve, reject) => {
    const close = () => {
      dialog.removeEventListener('keydown', onKey)
      dialog.remove()
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !ok.disabled) {
        close()
        resolve(undefined)
      }
    }
    dialog.addEventListener('keydown', onKey)
    cancel.addEventListener('click', () => {
      close()
      resolve(undefined)
    })
    ok.addEventListener('click', (e) => {
      if (!e.isTrusted) return
      ok.disabled = true
      cancel.disabled = true
      // Called synchronously in the click: the browser sees the user activation.
      create().then(
        (v) => {
          close()
          resolve(v)
        },
        (err: unknown) => {
          close()
          reject(err)
        },
      )
    })
  })
}
