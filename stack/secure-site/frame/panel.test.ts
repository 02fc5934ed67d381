// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { showApproval } from './approval-ui.ts'
import { showPasskeyPanel } from './passkey-ui.ts'

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!
const labelOf = (d: HTMLElement) => document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent
const buttonTexts = (d: HTMLElement) => [...d.querySelectorAll('.actions button')].map((b) => b.textContent)

/** The shell: a focused modal dialog in the approval root, named by its heading, the requester's origin as text. */
function expectShell(title: string, origin: string): HTMLElement {
  const d = dialog()
  expect(d.parentElement!.id).toBe('portico-approval-root')
  expect(d.getAttribute('aria-modal')).toBe('true')
  expect(labelOf(d)).toBe(title)
  expect(document.activeElement).toBe(d)
  expect(d.querySelector('.requester')!.textContent).toBe(`Requested by ${origin}`)
  return d
}

beforeEach(() => {
  document.body.innerHTML = '<main id="portico-approval-root"></main>'
})

describe('the frame panels share one shell (panel.ts)', () => {
  it('approval panel: a focused modal dialog in the approval root, named by its heading, "Requested by <origin>" as text, Reject then Approve', () => {
    void showApproval(document, { id: 'a1', method: 'personal_sign', hostOrigin: 'https://host.example', description: { title: 'Sign message', rows: [{ label: 'Message', value: '<b>hi</b>' }] } })
    const d = expectShell('Sign message', 'https://host.example')
    expect(d.querySelector('dd')!.textContent).toBe('<b>hi</b>')
    expect(d.querySelector('b')).toBeNull()
    expect(buttonTexts(d)).toEqual(['Reject', 'Approve'])
  })

  it('passkey panel: the same shell with its text, Cancel then "Create passkey"; Cancel resolves undefined and removes it without running the ceremony', async () => {
    let ran = false
    const result = showPasskeyPanel(document, { id: 'p1', hostOrigin: 'https://<host>.example' }, async () => {
      ran = true
      return 'credential'
    })
    const d = expectShell('Create a passkey', 'https://<host>.example')
    expect(d.querySelector('.passkey-text')!.textContent).toMatch(/^Save a passkey for this wallet/)
    expect(buttonTexts(d)).toEqual(['Cancel', 'Create passkey'])
    ;(d.querySelector('.actions .reject') as HTMLButtonElement).click()
    expect(await result).toBeUndefined()
    expect(ran).toBe(false)
    expect(document.querySelector('[role="dialog"]')).toBeNull()
  })

  it('passkey panel: Escape closes it; an untrusted (scripted) click on "Create passkey" runs nothing', async () => {
    let ran = false
    const result = showPasskeyPanel(document, { id: 'p2', hostOrigin: 'https://host.example' }, async () => {
      ran = true
    })
    const d = dialog()
    ;(d.querySelector('.actions .approve') as HTMLButtonElement).click()
    expect(ran).toBe(false)
    d.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(await result).toBeUndefined()
    expect(document.querySelector('[role="dialog"]')).toBeNull()
  })
})
