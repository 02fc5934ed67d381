// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorState } from './ErrorState.tsx'
import { Snackbar } from './Snackbar.tsx'

afterEach(cleanup)

describe('Snackbar (SPEC §2 variants loading, success, error)', () => {
  it.each(['loading', 'success'] as const)('%s is a polite status', (variant) => {
    render(<Snackbar variant={variant} message="Address copied" />)
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.textContent).toContain('Address copied')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('error is an alert', () => {
    render(<Snackbar variant="error" message="Connection declined" />)
    expect(screen.getByRole('alert').textContent).toContain('Connection declined')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('has a Close button when closable', () => {
    const onClose = vi.fn()
    render(<Snackbar variant="success" message="Done" onClose={onClose} />)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})

describe('ErrorState', () => {
  it('announces the error and offers Retry', () => {
    const onRetry = vi.fn()
    render(<ErrorState title="Connection declined" onRetry={onRetry} />)
    expect(screen.getByRole('alert').textContent).toContain('Connection declined')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('has no Retry button without onRetry', () => {
    render(<ErrorState title="Something went wrong" />)
    expect(screen.queryByRole('button')).toBeNull()
  })
})
