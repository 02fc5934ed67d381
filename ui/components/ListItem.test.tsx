// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NetworkButton } from './NetworkButton.tsx'
import { TokenRow } from './TokenRow.tsx'
import { WalletListItem } from './WalletListItem.tsx'

afterEach(cleanup)

describe('WalletListItem', () => {
  it('is a button named by the wallet and its tag', () => {
    const onClick = vi.fn()
    render(<WalletListItem name="MetaMask" imageUrl="https://example.com/mm.png" tag="Installed" onClick={onClick} />)
    fireEvent.click(screen.getByRole('button', { name: 'MetaMask, Installed' }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('is named by the wallet alone without a tag', () => {
    render(<WalletListItem name="Rainbow" />)
    expect(screen.getByRole('button', { name: 'Rainbow' })).toBeTruthy()
  })

  it('renders a hostile name as text, not markup', () => {
    const name = '<img src=x onerror=alert(1)>'
    const { container } = render(<WalletListItem name={name} imageUrl="javascript:alert(1)" />)
    expect(screen.getByRole('button', { name }).textContent).toContain(name)
    expect(container.querySelector('img')).toBeNull()
  })
})

describe('NetworkButton', () => {
  it("is named 'Switch network, current: {name}'", () => {
    render(<NetworkButton name="Ethereum" imageUrl="https://example.com/eth.png" />)
    expect(screen.getByRole('button', { name: 'Switch network, current: Ethereum' })).toBeTruthy()
  })
})

describe('TokenRow', () => {
  it('shows name, fiat value and quantity with symbol', () => {
    const { container } = render(<TokenRow name="Ether" symbol="ETH" quantity="1.234" value="$3,702.00" />)
    expect(container.textContent).toContain('Ether')
    expect(container.textContent).toContain('$3,702.00')
    expect(container.textContent).toContain('1.234 ETH')
  })
})
