import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SNACKBAR_REPLACE_DELAY_MS, SnackbarController } from './snackbar.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('SnackbarController', () => {
  it('SPEC §2 a message shown while none is open appears at once', () => {
    const s = new SnackbarController()
    s.showSuccess('Address copied')
    expect(s.store.getSnapshot()).toEqual({ open: true, message: 'Address copied', variant: 'success' })
  })

  it('SPEC §2 a new message while one is open closes the old one first and appears after 150 ms', () => {
    const s = new SnackbarController()
    expect(SNACKBAR_REPLACE_DELAY_MS).toBe(150)
    s.showLoading('Switching network')
    const seen: Array<{ open: boolean; message: string }> = []
    s.store.subscribe(() => seen.push({ open: s.store.getSnapshot().open, message: s.store.getSnapshot().message }))
    s.showError('Token Balance Unavailable')
    // closed first, still holding the old message
    expect(s.store.getSnapshot()).toMatchObject({ open: false, message: 'Switching network' })
    vi.advanceTimersByTime(149)
    expect(s.store.getSnapshot().open).toBe(false)
    expect(s.store.getSnapshot().message).toBe('Switching network')
    vi.advanceTimersByTime(1)
    expect(s.store.getSnapshot()).toEqual({ open: true, message: 'Token Balance Unavailable', variant: 'error' })
    expect(seen).toEqual([
      { open: false, message: 'Switching network' },
      { open: true, message: 'Token Balance Unavailable' },
    ])
  })

  it('SPEC §2 only the latest of several quick messages appears', () => {
    const s = new SnackbarController()
    s.showLoading('one')
    s.showSuccess('two')
    vi.advanceTimersByTime(100)
    s.showError('three') // the snackbar is already closed: shown at once, "two" never appears
    expect(s.store.getSnapshot()).toEqual({ open: true, message: 'three', variant: 'error' })
    vi.advanceTimersByTime(200)
    expect(s.store.getSnapshot().message).toBe('three')
  })

  it('SPEC §2 variants are loading, success and error', () => {
    const s = new SnackbarController()
    s.showLoading('Authenticating...')
    expect(s.store.getSnapshot().variant).toBe('loading')
    s.hide()
    s.showSuccess('Done')
    expect(s.store.getSnapshot().variant).toBe('success')
    s.hide()
    s.showError('Failed')
    expect(s.store.getSnapshot().variant).toBe('error')
    s.hide()
    s.show('generic', 'loading')
    expect(s.store.getSnapshot()).toEqual({ open: true, message: 'generic', variant: 'loading' })
  })

  it('SPEC §2 a loading message stays until replaced or hidden; success and error hide by themselves', () => {
    const s = new SnackbarController()
    s.showLoading('Authenticating...')
    vi.advanceTimersByTime(60_000)
    expect(s.store.getSnapshot().open).toBe(true)
    s.hide()
    expect(s.store.getSnapshot().open).toBe(false)
    s.showSuccess('ok')
    vi.advanceTimersByTime(10_000)
    expect(s.store.getSnapshot().open).toBe(false)
  })

  it('hide cancels a pending replacement', () => {
    const s = new SnackbarController()
    s.showSuccess('one')
    s.showError('two')
    s.hide()
    vi.advanceTimersByTime(500)
    expect(s.store.getSnapshot().open).toBe(false)
    expect(s.store.getSnapshot().message).toBe('one')
  })
})
