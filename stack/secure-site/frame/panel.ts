/**
 * The frame's panel shell, shared by the approval panel (approval-ui.ts) and the passkey panel (passkey-ui.ts): a
 * modal dialog named by its heading, "Requested by <host origin>", the caller's body, then the two buttons (the
 * refusing one first). Every text is set as textContent, never as HTML.
 */
export interface PanelOptions {
  /** Makes the heading's id unique (`<kind>-title-<requestId>`). */
  kind: string
  requestId: string
  title: string
  hostOrigin: string
  /** What the panel shows between the requester line and the buttons. */
  body: Node[]
  refuse: string
  accept: string
}

export interface Panel {
  dialog: HTMLElement
  actions: HTMLDivElement
  refuse: HTMLButtonElement
  accept: HTMLButtonElement
  /** Appends the dialog to the frame's approval root (else the body) and focuses it. */
  mount(): void
}

function button(doc: Document, className: string, text: string): HTMLButtonElement {
  const b = doc.createElement('button')
  b.type = 'button'
  b.className = className
  b.textContent = text
  return b
}

export function createPanel(doc: Document, o: PanelOptions): Panel {
  const titleId = `${o.kind}-title-${o.requestId}`
  const dialog = doc.createElement('section')
  dialog.className = 'approval'
  dialog.setAttribute('role', 'dialog')
  dialog.setAttribute('aria-modal', 'true')
  dialog.setAttribute('aria-labelledby', titleId)
  dialog.tabIndex = -1
  const heading = doc.createElement('h1')
  heading.id = titleId
  heading.textContent = o.title
  const from = doc.createElement('p')
  from.className = 'requester'
  from.append('Requested by ')
  const origin = doc.createElement('strong')
  origin.textContent = o.hostOrigin
  from.append(origin)
  const actions = doc.createElement('div')
  actions.className = 'actions'
  const refuse = button(doc, 'reject', o.refuse)
  const accept = button(doc, 'approve', o.accept)
  actions.append(refuse, accept)
  dialog.append(heading, from, ...o.body, actions)
  return {
    dialog,
    actions,
    refuse,
    accept,
    mount() {
      ;(doc.getElementById('portico-approval-root') ?? doc.body).append(dialog)
      dialog.focus()
    },
  }
}
