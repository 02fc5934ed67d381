// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ensureStyles } from '../react/shell.tsx'
import { porticoCss } from '../theme/styles.ts'
import { ReceiptList } from './ReceiptList.tsx'
import { TokenAmountCard } from './TokenAmountCard.tsx'
import { QrCode } from './QrCode.tsx'
import { Tabs } from './Tabs.tsx'
import { TokenRow } from './TokenRow.tsx'
import { TextField } from './TextField.tsx'
import { KeyValueList } from './Layout.tsx'
import { NetworkButton } from './NetworkButton.tsx'

afterEach(() => {
  cleanup()
  for (const style of document.head.querySelectorAll('style')) style.remove()
})

const sheets = (root: Document | ShadowRoot) => [...root.querySelectorAll('style')].map((s) => s.id)

describe('components only lazy views use bring their own sheet (the money primitives of issue 30, token rows, tabs, QR code): not on the open path', () => {
  it('the global stylesheet has none of their rules', () => {
    expect(porticoCss).not.toContain('.portico-amount-card')
    expect(porticoCss).not.toContain('.portico-receipt')
    expect(porticoCss).not.toContain('.portico-token-pill')
    expect(porticoCss).not.toContain('.portico-token-row')
    expect(porticoCss).not.toContain('.portico-tab')
    expect(porticoCss).not.toContain('.portico-qr')
    expect(porticoCss).not.toContain('.portico-logo')
    expect(porticoCss).not.toContain('.portico-text-field')
    expect(porticoCss).not.toContain('.portico-kv')
    expect(porticoCss).not.toContain('.portico-network-button')
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
    expect(sheets(document)).toEqual(['portico-css', 'portico-css-lazy'])
    expect(document.getElementById('portico-css-lazy')!.textContent).toMatch(/\.portico-amount-card\{[^}]*border:1px solid/)
  })

  it('Tabs, TokenRow, QrCode, TextField, KeyValueList and NetworkButton put it in too', () => {
    for (const element of [
      <Tabs key="t" label="Account" tabs={[{ id: 'a', label: 'Tokens' }]} selectedId="a" onSelect={() => undefined} />,
      <TokenRow key="r" name="Ether" symbol="ETH" quantity="1" />,
      <QrCode key="q" value="wc:test" label="QR code" />,
      <TextField key="f" label="Email" value="" onChange={() => undefined} />,
      <KeyValueList key="k" label="Details" items={[{ label: 'Fee', value: '0.1' }]} />,
      <NetworkButton key="n" name="Ethereum" />,
    ]) {
      const { unmount } = render(element)
      expect(sheets(document)).toEqual(['portico-css-lazy'])
      unmount()
      document.getElementById('portico-css-lazy')!.remove()
    }
  })

  it('in a shadow root mounted before the shell injected its sheet, the global stylesheet still comes first', () => {
    const host = document.createElement('div')
    document.body.appendChild(host)
    const shadow = host.attachShadow({ mode: 'open' })
    const container = document.createElement('div')
    shadow.appendChild(container)
    render(<ReceiptList label="Review" rows={[{ label: 'Fee', value: '0.1' }]} />, { container })
    expect(sheets(shadow)).toEqual(['portico-css-lazy'])
    ensureStyles(shadow)
    expect(sheets(shadow)).toEqual(['portico-css', 'portico-css-lazy'])
    expect(sheets(document)).toEqual([])
    host.remove()
  })
})
