// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createStoryModal } from '../../storybook/story-modal.tsx'
import type { Modal as ModalInstance } from '../../kernel/index.ts'
import { Modal } from './Modal.tsx'
import { PorticoProvider } from './context.tsx'
import { useAccount, useModal } from './hooks.ts'

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

function Host() {
  const { open } = useModal()
  const account = useAccount()
  return (
    <>
      <button type="button" onClick={() => open()}>
        Connect Wallet
      </button>
      <p>{account.isConnected ? 'connected' : 'disconnected'}</p>
      <Modal />
    </>
  )
}

async function mount(options: Parameters<typeof createStoryModal>[0] = {}) {
  modal = await createStoryModal({ ...options, embedded: false })
  render(
    <PorticoProvider modal={modal}>
      <Host />
    </PorticoProvider>,
  )
  return modal
}

describe('<Modal>', () => {
  it('SPEC §2 / a11y: opens as a modal dialog labelled by its view title, lists connectors in order, Esc closes and focus returns, focus moves in', async () => {
    await mount()
    const opener = screen.getByRole('button', { name: 'Connect Wallet' })
    opener.focus()
    // happy-dom focuses a clicked button after its handlers run (browsers do it on mousedown), so open directly;
    // the browser e2e covers the click.
    await act(async () => modal!.open())
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    // Focus moves in right after the dialog's first frame (shell.tsx, useFocusTrap).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    const rows = await screen.findAllByRole('button', { name: /Portico Dev Wallet|Harbor/ })
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Portico Dev Wallet, Installed', 'Harbor'])
    await act(async () => fireEvent.keyDown(dialog, { key: 'Escape' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('a11y: Esc pressed right after opening, before focus has moved in, closes the dialog', async () => {
    await mount()
    const opener = screen.getByRole('button', { name: 'Connect Wallet' })
    opener.focus()
    await act(async () => modal!.open())
    await screen.findByRole('dialog', { name: 'Connect Wallet' })
    // Focus moves in a frame after the dialog shows (useFocusTrap); until then a key goes to the opener, outside the
    // dialog. happy-dom runs that frame before findByRole returns, so the key is sent to the opener directly.
    await act(async () => fireEvent.keyDown(opener, { key: 'Escape' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(modal!.state.modal.getSnapshot().open).toBe(false)
  })

  it('the stylesheet is in the document once however often the modal opens; a closed modal shows no dialog', async () => {
    await mount()
    for (let i = 0; i < 3; i++) {
      await act(async () => modal!.open())
      const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
      expect(dialog.querySelector('style')).toBeNull()
      await act(async () => modal!.close())
      expect(screen.queryByRole('dialog')).toBeNull()
    }
    expect(document.querySelectorAll('style#portico-css')).toHaveLength(1)
    expect(document.getElementById('portico-css')!.textContent).toContain('.portico-dialog{')
  })

  it('Tab from the last control wraps to the first (focus is trapped)', async () => {
    await mount()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' })))
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    await screen.findAllByRole('button', { name: /Harbor/ })
    // Every focusable control, links included (Connect ends with the "New to wallets?" help link).
    const buttons = [...dialog.querySelectorAll<HTMLElement>('button, [href]')]
    buttons[buttons.length - 1]!.focus()
    fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(document.activeElement).toBe(buttons[0])
  })

  it('SPEC §2: a connected address opens on Account, and the header has Close but no Back on the first view', async () => {
    await mount({ connected: true })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' })))
    const dialog = await screen.findByRole('dialog', { name: 'Account' })
    expect(screen.getByText('connected')).toBeTruthy()
    expect(dialog.querySelector('[aria-label="Close"]')).not.toBeNull()
    expect(dialog.querySelector('[aria-label="Back"]')).toBeNull()
    await screen.findByText('1,234.567 ETH')
  })

  it('a rejected connection shows the wallet message with Retry and Cancel, and the modal stays usable', async () => {
    await mount({ behaviour: 'reject' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' })))
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Portico Dev Wallet, Installed' })))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('User rejected the request.')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })))
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
  })
})
