// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PasskeysCard } from './PasskeysCard.tsx'
import { SmartSessionsCard } from './SmartSessionsCard.tsx'

afterEach(cleanup)

/** No element from the list down centres its content (`data-align=center` sets text-align: center on a Stack). */
function expectStartAligned(list: HTMLElement) {
  expect(list.closest('[data-align="center"]')).toBeNull()
  expect(list.querySelectorAll('[data-align="center"]')).toHaveLength(0)
  for (const row of within(list).getAllByRole('listitem')) {
    expect(row.hasAttribute('data-row')).toBe(true)
    // The text column takes the room left by the button, so the button sits at the row's end.
    expect(row.firstElementChild!.classList.contains('portico-grow')).toBe(true)
    expect(row.lastElementChild!.tagName).toBe('BUTTON')
  }
}

describe('RemovableList: the passkey and session lists share one row shape, text at the start', () => {
  it('passkeys: rows named by label, two lines, "Remove <label>"; while one is removed the others wait', () => {
    const onRemove = vi.fn()
    const items = [
      { id: 'a', label: 'Laptop', createdAt: '2026-10-02T09:30:00.000Z', deviceType: 'multiDevice' as const, backedUp: true },
      { id: 'b', label: 'Security key', createdAt: '2026-11-20T12:00:00.000Z', deviceType: 'singleDevice' as const, backedUp: false },
    ]
    const { rerender } = render(<PasskeysCard status="ready" items={items} onAdd={() => undefined} onRemove={onRemove} onRetry={() => undefined} />)
    const list = screen.getByRole('list', { name: 'Your passkeys' })
    expectStartAligned(list)
    const laptop = within(list).getByRole('listitem', { name: 'Laptop' })
    expect(laptop.textContent).toBe('LaptopAdded Oct 2, 2026 · SyncedRemove')
    fireEvent.click(within(laptop).getByRole('button', { name: 'Remove Laptop' }))
    expect(onRemove).toHaveBeenCalledWith('a')
    rerender(<PasskeysCard status="ready" items={items} removing="a" onAdd={() => undefined} onRemove={onRemove} onRetry={() => undefined} />)
    expect((within(list).getByRole('button', { name: 'Remove Security key' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('sessions: rows named "Session <short id>", permissions then expiry, Revoke', () => {
    const onRevoke = vi.fn()
    render(<SmartSessionsCard status="ready" items={[{ pci: '0x5f1d9c2a7b3e4f60', expiry: 1_900_000_000, permissions: ['contract-call'] }]} onRevoke={onRevoke} onRetry={() => undefined} />)
    const list = screen.getByRole('list', { name: 'Active sessions' })
    expectStartAligned(list)
    const row = within(list).getByRole('listitem', { name: 'Session 0x5f1d9c…4f60' })
    expect(row.firstElementChild!.firstElementChild!.textContent).toBe('contract-call')
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }))
    expect(onRevoke).toHaveBeenCalledWith('0x5f1d9c2a7b3e4f60')
  })
})
