// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Actions, balancedColumns } from './Layout.tsx'

afterEach(cleanup)

describe('Actions balance (issue 30: no orphaned account action)', () => {
  it('one row up to three, two by two for four, otherwise three a row', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(balancedColumns)).toEqual([1, 2, 3, 2, 3, 3, 3])
  })

  it('sets the grid columns from the count instead of the auto-fit row', () => {
    render(
      <Actions balance={4} role="group" aria-label="Account actions">
        <button>Send</button>
      </Actions>,
    )
    const group = screen.getByRole('group', { name: 'Account actions' })
    expect(group.getAttribute('data-columns')).toBe('2')
    expect(group.hasAttribute('data-row')).toBe(false)
  })
})
