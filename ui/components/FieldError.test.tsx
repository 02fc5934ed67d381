// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AddressCard } from './AddressCard.tsx'
import { FieldError } from './FieldError.tsx'
import { TokenAmountCard } from './TokenAmountCard.tsx'

afterEach(cleanup)

describe('FieldError', () => {
  it('renders the problem as an alert under the id the field names, and nothing without one', () => {
    const { container, rerender } = render(<FieldError id="amount-error">Insufficient balance</FieldError>)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Insufficient balance')
    expect(alert.id).toBe('amount-error')
    rerender(<FieldError id="amount-error">{undefined}</FieldError>)
    expect(container.innerHTML).toBe('')
    rerender(<FieldError id="amount-error">{''}</FieldError>)
    expect(container.innerHTML).toBe('')
  })
})

/** The error line is the same in both cards: announced, and the input it describes is marked invalid. */
describe.each([
  ['AddressCard', (error?: string) => <AddressCard label="Receiver" value="0xnope" onValue={() => {}} error={error} />, 'Receiver'],
  ['TokenAmountCard', (error?: string) => <TokenAmountCard label="Amount" amount="5" onAmount={() => {}} token={{ symbol: 'ETH' }} error={error} />, 'Amount'],
] as const)('%s error', (_, card, name) => {
  it('an error is an alert describing the invalid input', () => {
    render(card('Invalid address'))
    const input = screen.getByRole('textbox', { name })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Invalid address')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id)
    expect(input.closest('[role="group"]')?.hasAttribute('data-invalid')).toBe(true)
  })

  it('without an error there is no alert and the input is valid', () => {
    render(card(undefined))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('textbox', { name }).hasAttribute('aria-invalid')).toBe(false)
  })
})
