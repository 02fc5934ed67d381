// @vitest-environment happy-dom
/**
 * Issue 28 part 1, the modal's side of passkeys against a fake secure-site frame (the real frame and secure site are
 * in tests/e2e/passkeys.e2e.ts): "Continue with a passkey" on Connect logs in through CONNECT_PASSKEY; a cancelled
 * prompt shows its text and the modal stays usable; "Add a passkey" in Account opens Passkeys, which lists, adds
 * (ADD_PASSKEY) and removes (REMOVE_PASSKEY), showing the secure site's refusal of the last login method. Off by default.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryAdapter } from 'portico'
import { embeddedWallet } from './index.ts'
import type { FramePasskey, FrameUser } from './protocol.ts'
import { destroyModals, evmChain, fakeSecureSite, SECURE, startModal, until } from './test-site.fixtures.tsx'

const EOA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const user: FrameUser = { email: 'ada@example.com', address: EOA, chainId: 31337, accounts: [{ address: EOA, type: 'eoa', namespace: 'eip155' }], preferredAccountType: 'eoa' }
const laptop: FramePasskey = { id: 'cred-1', label: 'Laptop', createdAt: '2026-11-27T00:00:00.000Z', deviceType: 'multiDevice', backedUp: true }

afterEach(() => {
  cleanup()
  destroyModals()
})

async function setup(table: Parameters<typeof fakeSecureSite>[0] = {}, passkeys = true) {
  const site = fakeSecureSite({ IS_CONNECTED: () => ({ ok: { isConnected: true } }), GET_USER: () => ({ ok: { user } }), ...table })
  const { modal, controller, view } = await startModal({ closeOnConnect: false, projectId: 'p1', storage: createMemoryAdapter(), plugins: [evmChain, embeddedWallet({ secureSiteUrl: SECURE, passkeys, testing: site.testing })] })
  view()
  return { modal, site, controller }
}

describe('Connect: Continue with a passkey', () => {
  it('logs in with the passkey alone (no email typed) and reaches Account', async () => {
    const t = await setup({ CONNECT_PASSKEY: () => ({ ok: { user } }) })
    await act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with a passkey' }))
    await until(() => t.modal.router.current.view === 'Account')
    expect(t.site.requests.find((r) => r.type === 'CONNECT_PASSKEY')?.payload).toEqual({ chainId: 31337 })
    expect(t.site.kinds()).not.toContain('CONNECT_EMAIL')
    expect(t.modal.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(EOA)
  })

  it('a cancelled prompt shows the frame text; trying again works', async () => {
    let n = 0
    const t = await setup({ CONNECT_PASSKEY: () => (++n === 1 ? { error: 'The passkey request was cancelled' } : { ok: { user } }) })
    await act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with a passkey' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The passkey request was cancelled')
    expect(t.modal.router.current.view).toBe('Connect')
    fireEvent.click(screen.getByRole('button', { name: 'Continue with a passkey' }))
    await until(() => t.modal.router.current.view === 'Account')
  })

  it('is off unless the host turns passkeys on', async () => {
    const t = await setup({}, false)
    await act(() => t.modal.open())
    await screen.findByRole('textbox', { name: 'Email' })
    expect(screen.queryByRole('button', { name: 'Continue with a passkey' })).toBeNull()
  })
})

describe('Account: Add a passkey and the Passkeys view', () => {
  it('lists, adds through the frame panel, and removes; the last login method refusal is shown', async () => {
    let list: FramePasskey[] = []
    let removeAnswer: 'ok' | 'refuse' = 'refuse'
    const t = await setup({
      CONNECT_PASSKEY: () => ({ ok: { user } }),
      GET_PASSKEYS: () => ({ ok: { passkeys: list } }),
      ADD_PASSKEY: () => {
        list = [laptop]
        return { ok: { passkey: laptop } }
      },
      REMOVE_PASSKEY: () => (removeAnswer === 'refuse' ? { error: 'This passkey is your only way to log in: add another login method before removing it' } : ((list = []), { ok: { passkeys: [] } })),
    })
    await act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with a passkey' }))
    await until(() => t.modal.router.current.view === 'Account')
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }))
    await until(() => t.modal.router.current.view === 'Passkeys')
    expect(await screen.findByText('No passkeys yet. Add one to log in without an email or a code.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    const row = await screen.findByRole('listitem', { name: 'Laptop' })
    expect(row.textContent).toContain('Synced')
    expect(t.site.kinds()).toContain('ADD_PASSKEY')
    fireEvent.click(within(row).getByRole('button', { name: 'Remove Laptop' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This passkey is your only way to log in: add another login method before removing it')
    expect(screen.getByRole('listitem', { name: 'Laptop' })).toBeTruthy()
    removeAnswer = 'ok'
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Laptop' })).getByRole('button', { name: 'Remove Laptop' }))
    await until(() => screen.queryByRole('listitem', { name: 'Laptop' }) === null)
    expect(t.site.requests.filter((r) => r.type === 'REMOVE_PASSKEY').map((r) => r.payload)).toEqual([{ id: 'cred-1' }, { id: 'cred-1' }])
  })
})
