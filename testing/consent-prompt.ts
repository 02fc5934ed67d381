/** What the wallet asks the user about. `summary` holds readable lines (plain text, shown as text only). */
export type ConsentRequest = {
  id: number
  origin: string
  method: string
  params: unknown
  chainId: number
  summary: string[]
}

/** Resolves true to approve, false to reject. `signal` aborts when the request was settled elsewhere. */
export type ConsentPrompt = (request: ConsentRequest, signal: AbortSignal) => Promise<boolean>

export const PROMPT_LABEL = 'Portico Dev Wallet'

type Entry = { request: ConsentRequest; settle: (ok: boolean) => void; signal: AbortSignal }

/**
 * The in-page consent prompt: plain DOM above everything else, one request at a time (the others queue behind it).
 * Every dapp-provided value is set with textContent, never parsed as HTML.
 */
export function createDomConsentPrompt(doc: Document): ConsentPrompt {
  const queue: Entry[] = []
  let shown: { entry: Entry; element: HTMLElement } | undefined

  const render = (): void => {
    if (shown && queue.includes(shown.entry)) return
    shown?.element.remove()
    shown = undefined
    const entry = queue[0]
    if (!entry) return
    const element = buildDialog(doc, entry.request, (ok) => finish(entry, ok))
    shown = { entry, element }
    ;(doc.body ?? doc.documentElement).appendChild(element)
  }

  const finish = (entry: Entry, ok: boolean): void => {
    const i = queue.indexOf(entry)
    if (i < 0) return
    queue.splice(i, 1)
    render()
    entry.settle(ok)
  }

  return (request, signal) =>
    new Promise<boolean>((resolve) => {
      const entry: Entry = { request, settle: resolve, signal }
      if (signal.aborted) return resolve(false)
      signal.addEventListener('abort', () => finish(entry, false), { once: true })
      queue.push(entry)
      render()
    })
}

function buildDialog(doc: Document, request: ConsentRequest, answer: (ok: boolean) => void): HTMLElement {
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, style: string, text?: string): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag)
    node.setAttribute('style', style)
    if (text !== undefined) node.textContent = text
    return node
  }
  const dialog = el(
    'div',
    'position:fixed;top:16px;right:16px;z-index:2147483647;width:340px;max-width:calc(100vw - 32px);' +
      'box-sizing:border-box;padding:16px;border-radius:12px;background:#14161a;color:#f2f3f5;' +
      'font:14px/1.4 system-ui,sans-serif;box-shadow:0 8px 32px rgba(0,0,0,.45);border:1px solid #2c2f36',
  )
  dialog.setAttribute('role', 'dialog')
  dialog.setAttribute('aria-label', PROMPT_LABEL)
  dialog.setAttribute('aria-modal', 'false')
  dialog.setAttribute('data-portico-dev-wallet', String(request.id))

  dialog.appendChild(el('div', 'font-weight:600;font-size:15px;margin-bottom:6px', PROMPT_LABEL))
  dialog.appendChild(el('div', 'color:#9aa0aa;font-size:12px;word-break:break-all', request.origin))
  const method = el('div', 'margin:10px 0 6px;font-family:ui-monospace,monospace;font-size:13px', request.method)
  method.setAttribute('data-field', 'method')
  dialog.appendChild(method)
  const summary = el(
    'div',
    'max-height:200px;overflow:auto;white-space:pre-wrap;word-break:break-all;font-size:12px;' +
      'background:#1d2026;border-radius:8px;padding:8px',
  )
  summary.setAttribute('data-field', 'summary')
  for (const line of request.summary) summary.appendChild(el('div', '', line))
  dialog.appendChild(summary)

  const buttons = el('div', 'display:flex;gap:8px;justify-content:flex-end;margin-top:12px')
  const button = (label: string, style: string, ok: boolean): HTMLButtonElement => {
    const b = el('button', `padding:6px 14px;border-radius:8px;cursor:pointer;font:inherit;${style}`, label)
    b.type = 'button'
    b.addEventListener('click', () => answer(ok))
    return b
  }
  buttons.appendChild(button('Reject', 'background:transparent;color:#f2f3f5;border:1px solid #3a3e46', false))
  buttons.appendChild(button('Approve', 'background:#3b82f6;color:#fff;border:1px solid #3b82f6', true))
  dialog.appendChild(buttons)
  return dialog
}
