// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useEffect, type ReactElement } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createStoryModal } from '../../storybook/story-modal.tsx'
import { definePlugin, type Modal as ModalInstance, type PluginContext } from '../../kernel/index.ts'
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

/** A feature plugin with a view "Probe" rendering `body` (and what `more` registers besides). */
function probe(body: ReactElement, more?: (ctx: PluginContext) => void) {
  return () => [
    definePlugin({
      id: 'probe',
      kind: 'feature',
      portico: '1.x',
      setup(ctx) {
        ctx.registerView('Probe' as never, (async () => ({ default: () => body })) as never, { title: 'Probe' } as never)
        more?.(ctx)
      },
    }),
  ]
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
    // Focus moves in with the commit that shows the dialog (shell.tsx, useFocusTrap).
    expect(dialog.contains(document.activeElement)).toBe(true)
    const rows = await screen.findAllByRole('button', { name: /Portico Dev Wallet|Harbor/ })
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Portico Dev Wallet, Installed', 'Harbor'])
    await act(async () => fireEvent.keyDown(dialog, { key: 'Escape' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('the closed dialog is pre-rendered invisible; opening shows it with focus inside in the same commit; every open starts afresh', async () => {
    await mount()
    const opener = screen.getByRole('button', { name: 'Connect Wallet' })
    opener.focus()
    // Pre-rendered at idle: in the document, laid out by a browser, but invisible and not a dialog to anyone.
    const root = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.portico-root')
      expect(el).not.toBeNull()
      return el!
    })
    expect(root.style.visibility).toBe('hidden')
    expect(root.hasAttribute('data-closed')).toBe(true)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('button', { name: /Portico Dev Wallet/ })).toBeNull()
    expect(document.activeElement).toBe(opener)
    // Opening reveals that same element, and focus is inside once the opening commit is done (no frame in between).
    act(() => modal!.open())
    expect(document.querySelector('.portico-root')).toBe(root)
    expect(root.style.visibility).toBe('')
    expect(root.hasAttribute('data-closed')).toBe(false)
    const dialog = screen.getByRole('dialog', { name: 'Connect Wallet' })
    expect(dialog.contains(document.activeElement)).toBe(true)
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    // Opened again before the page was idle: a fresh dialog, not the one just closed.
    act(() => modal!.open())
    const again = document.querySelector('.portico-root')
    expect(again).not.toBe(root)
    expect(screen.getByRole('dialog', { name: 'Connect Wallet' }).contains(document.activeElement)).toBe(true)
    await act(async () => modal!.close())
    // Closed and left alone: replaced by a fresh hidden one when the page is idle.
    await waitFor(() => expect(document.querySelector('.portico-root')).not.toBe(again))
    expect(document.querySelector<HTMLElement>('.portico-root')!.style.visibility).toBe('hidden')
  })

  it('while the dialog is closed, a plugin\'s Connect section and any view but Connect run no effects (they mount on open)', async () => {
    const mounted: string[] = []
    const Probe = ({ name }: { name: string }) => {
      useEffect(() => {
        mounted.push(name)
      }, [name])
      return <p>{name}</p>
    }
    await mount({
      plugins: probe(<Probe name="view" />, (ctx) =>
        ctx.registerConnectSection({ id: 'probe.email', method: 'email', order: 0, load: async () => ({ default: () => <Probe name="section" /> }) }),
      ),
    })
    await waitFor(() => expect(document.querySelector('.portico-root')).not.toBeNull())
    // Connect's section is pre-rendered hidden with the dialog (its chunk loads), its effects wait.
    await waitFor(() => expect(document.querySelector('.portico-root')!.textContent).toContain('section'))
    expect(mounted).toEqual([])
    act(() => modal!.open())
    await waitFor(() => expect(mounted).toEqual(['section']))
    await act(async () => modal!.close())
    // A view put on top while the dialog is closed renders hidden, without effects, until the dialog shows.
    await waitFor(() => expect(document.querySelector('.portico-root')!.textContent).toContain('section'))
    await act(async () => modal!.router.push('Probe' as never))
    await waitFor(() => expect(document.querySelector('.portico-root')!.textContent).toContain('view'))
    expect(mounted).toEqual(['section'])
    // Opening on that view keeps the same history (router reset onto what it holds), so the hidden view is the one shown.
    await act(async () => modal!.open({ view: 'Probe' as never }))
    await waitFor(() => expect(mounted).toEqual(['section', 'view']))
    expect(screen.getByRole('dialog', { name: 'Probe' })).toBeTruthy()
  })

  it('a11y: when a view change takes the focused control away, focus stays in the dialog and Esc still closes it', async () => {
    await mount({ plugins: probe(<button type="button">Probe action</button>) })
    const opener = screen.getByRole('button', { name: 'Connect Wallet' })
    opener.focus()
    await act(async () => modal!.open({ view: 'Probe' as never }))
    const action = await screen.findByRole('button', { name: 'Probe action' })
    action.focus()
    // The view goes (as Account does after Disconnect) and its focused button with it.
    await act(async () => modal!.router.reset('Connect'))
    await screen.findByRole('button', { name: /Portico Dev Wallet/ })
    expect(action.isConnected).toBe(false)
    const dialog = screen.getByRole('dialog', { name: 'Connect Wallet' })
    expect(dialog.contains(document.activeElement)).toBe(true)
    // Esc pressed where focus had fallen before (the body) closes too.
    await act(async () => fireEvent.keyDown(document.body, { key: 'Escape' }))
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
