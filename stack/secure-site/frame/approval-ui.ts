/**
 * The approval panel the frame renders in its own document (the host makes the iframe visible inside its
 * ApproveTransaction view while it is shown). Accessible: a dialog named by its heading ("Sign message" or
 * "Approve transaction"), the request as labelled text, buttons "Approve" and "Reject"; Escape rejects.
 * Everything from the request is set as textContent, never as HTML.
 */
import type { ApprovalRequest } from './controller.ts'
import type { ThemeMode } from 'portico/plugins/embedded-wallet'

export function setTheme(doc: Document, mode: ThemeMode): void {
  doc.documentElement.dataset.theme = mode
  doc.documentElement.style.colorScheme = mode
}

/** Shows the panel for one request; resolves true on Approve, false on Reject or Escape. */
export function showApproval(doc: Document, request: ApprovalRequest): Promise<boolean> {
  const root = doc.getElementById('portico-approval-root') ?? doc.body
  const titleId = `approval-title-${request.id}`
  const dialog = doc.createElement('section')
  dialog.className = 'approval'
  dialog.setAttribute('role', 'dialog')
  dialog.setAttribute('aria-modal', 'true')
  dialog.setAttribute('aria-labelledby', titleId)
  dialog.tabIndex = -1

  const heading = doc.createElement('h1')
  heading.id = titleId
  heading.textContent = request.description.title
  dialog.append(heading)

  const from = doc.createElement('p')
  from.className = 'requester'
  from.append('Requested by ')
  const origin = doc.createElement('strong')
  origin.textContent = request.hostOrigin
  from.append(origin)
  dialog.append(from)

  const list = doc.createElement('dl')
  for (const row of request.description.rows) {
    const dt = doc.createElement('dt')
    dt.textContent = row.label
    const dd = doc.createElement('dd')
    if (row.code) {
      const pre = doc.createElement('pre')
      pre.textContent = row.value
      dd.append(pre)
    } else {
      dd.textContent = row.value
    }
    list.append(dt, dd)
  }
  dialog.append(list)

  const actions = doc.createElement('div')
  actions.className = 'actions'
  const reject = doc.createElement('button')
  reject.type = 'button'
  reject.className = 'reject'
  reject.textContent = 'Reject'
  const approve = doc.createElement('button')
  approve.type = 'button'
  approve.className = 'approve'
  approve.textContent = 'Approve'
  actions.append(reject, approve)
  dialog.append(actions)

  return new Promise<boolean>((resolve) => {
    const done = (approved: boolean) => {
      dialog.remove()
      resolve(approved)
    }
    approve.addEventListener('click', () => done(true), { once: true })
    reject.addEventListener('click', () => done(false), { once: true })
    dialog.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') done(false)
    })
    root.append(dialog)
    dialog.focus()
  })
}
