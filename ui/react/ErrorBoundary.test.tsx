// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { definePlugin, type Modal as ModalInstance } from '../../kernel/index.ts'
import { createStoryModal } from '../../storybook/story-modal.tsx'
import { Modal } from './Modal.tsx'
import { PorticoProvider } from './context.tsx'

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
  vi.restoreAllMocks()
})

/** A plugin with a view that throws while rendering (as a view reading `new URL('example.com/x')` did). */
const brokenViews = () => [
  definePlugin({
    id: 'broken-views',
    kind: 'feature',
    portico: '1.x',
    setup(ctx) {
      const Broken = () => {
        throw new TypeError('Invalid URL: example.com/x')
      }
      ctx.registerView('BrokenView' as never, (() => Promise.resolve({ default: Broken })) as never, { title: 'Broken' } as never)
      ctx.registerView('BadTitle' as never, (() => Promise.resolve({ default: () => <p>Fine body</p> })) as never, {
        title: () => {
          throw new Error('title failed')
        },
      } as never)
      ctx.registerView('FailingChunk' as never, (() => Promise.reject(new Error('Failed to fetch dynamically imported module'))) as never, { title: 'Chunk' } as never)
    },
  }),
]

async function mount() {
  // React logs caught render errors to console.error; keep the run quiet, the assertions are on the DOM.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  modal = await createStoryModal({ embedded: false, plugins: brokenViews })
  const errors: { source: string }[] = []
  modal.events.on('error', (e) => void errors.push(e))
  render(
    <>
      <main>
        <h1>Host app</h1>
        <button type="button">Host button</button>
      </main>
      <PorticoProvider modal={modal}>
        <Modal />
      </PorticoProvider>
    </>,
  )
  await act(async () => modal!.open())
  await screen.findByRole('button', { name: /^Harbor/ }, { timeout: 10_000 })
  return { errors }
}

/** The view area of the dialog (the header has its own Back button). */
function viewArea(): HTMLElement {
  return screen.getByRole('dialog').querySelector<HTMLElement>('.portico-view')!
}

describe('error boundary around every view', () => {
  it('a plugin view that throws shows a readable error with Back; Back returns to the previous view; the host stays mounted', async () => {
    const { errors } = await mount()
    await act(async () => modal!.router.push('BrokenView' as never))
    const alert = await within(viewArea()).findByRole('alert')
    expect(alert.textContent).toContain('Something went wrong')
    expect(alert.textContent).toContain('Invalid URL: example.com/x')
    // The header and the rest of the page are still there.
    expect(screen.getByRole('dialog', { name: 'Broken' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Host app' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Host button' })).toBeTruthy()
    expect(errors.map((e) => e.source)).toContain('view:BrokenView')

    await act(async () => fireEvent.click(within(viewArea()).getByRole('button', { name: 'Back' })))
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
    expect(modal!.router.current.view).toBe('Connect')
    expect(screen.getByRole('button', { name: /^Harbor/ })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Host app' })).toBeTruthy()
  })

  it('a view whose code fails to load shows the error with Back too', async () => {
    await mount()
    await act(async () => modal!.router.push('FailingChunk' as never))
    const alert = await within(viewArea()).findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch dynamically imported module')
    await act(async () => fireEvent.click(within(viewArea()).getByRole('button', { name: 'Back' })))
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
  })

  it('a broken first view: Back closes the modal (one entry left) and the host app is untouched', async () => {
    await mount()
    await act(async () => modal!.router.reset('BrokenView' as never))
    await within(viewArea()).findByRole('alert')
    await act(async () => fireEvent.click(within(viewArea()).getByRole('button', { name: 'Back' })))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Host button' })).toBeTruthy()
  })

  it('a plugin title function that throws falls back to the view id; the view still renders', async () => {
    await mount()
    await act(async () => modal!.router.push('BadTitle' as never))
    expect(await screen.findByRole('dialog', { name: 'Bad Title' })).toBeTruthy()
    expect(await screen.findByText('Fine body')).toBeTruthy()
  })
})
