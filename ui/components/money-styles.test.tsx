// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ensureStyles } from '../react/shell.tsx'
import { porticoCss } from '../theme/styles.ts'
import { ReceiptList } from './ReceiptList.tsx'
import { TokenAmountCard } from './TokenAmountCard.tsx'

afterEach(() => {
  cleanup()
  for (const style of document.head.querySelectorAll('style')) style.remove()
})

const sheets = (root: Document | ShadowRoot) => [...root.querySelectorAll('style')].map((s) => s.id)

describe('the money primitives bring their own sheet (issue 30: not on the open path)', () => {
  it('the global stylesheet has none of their rules', () => {
    expect(porticoCss).not.toContain('.portico-amount-card')
    expect(porticoCss).not.toContain('.portico-receipt')
    expect(porticoCss).not.toContain('.portico-token-pill')
  })

  it('mounting one puts the sheet into the document once, after the global stylesheet', () => {
    ensureStyles(document)
    render(
      <>
        <TokenAmountCard label="You pay" amount="1" token={{ symbol: 'ETH' }} />
        <ReceiptList label="Review" rows={[{ label: 'Fee', value: '0.1' }]} />
      </>,
    )
    expect(screen.getByRole('group', { name: 'You pay' })).toBeTruthy()
    expect(sheets(document)).toEqual(['portico-css', 'portico-css-money'])
    expect(document.getElementById('portico-css-money')!.textContent).toMatch(/\.portico-amount-card\{[^}]*border:1px solid/)
  })

  it('in a shadow root mounted before the shell injected its sheet, the global stylesheet still comes first', () => {
    const host = document.createElement('div')
    document.body.appendChild(host)
    const shadow = host.attachShadow({ mode: 'open' })
    const container = document.createElement('div')
    shadow.appendChild(container)
    render(<ReceiptList label="Review" rows={[{ label: 'Fee', value: '0.1' }]} />, { container })
    expect(sheets(shadow)).toEqual(['portico-css-money'])
    ensureStyles(shadow)
    expect(sheets(shadow)).toEqual(['portico-css', 'portico-css-money'])
    expect(sheets(document)).toEqual([])
    host.remove()
  })
})
