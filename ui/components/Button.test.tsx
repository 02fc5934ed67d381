// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button } from './Button.tsx'
import { Header } from './Header.tsx'
import { Icon } from './Icon.tsx'
import { IconButton } from './IconButton.tsx'
import { Spinner } from './Spinner.tsx'

afterEach(cleanup)

describe('Button', () => {
  it('is named by its text and calls onClick', () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Connect Wallet</Button>)
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('while loading keeps its name, sets aria-busy and ignores clicks', () => {
    const onClick = vi.fn()
    render(
      <Button loading onClick={onClick}>
        Approve
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Approve' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('applies the variant class and defaults to type=button', () => {
    render(<Button variant="danger">Disconnect</Button>)
    const button = screen.getByRole('button', { name: 'Disconnect' })
    expect(button.className).toContain('portico-button--danger')
    expect(button.getAttribute('type')).toBe('button')
  })
})

describe('IconButton and Header', () => {
  it('IconButton is named by its label, not its icon', () => {
    render(<IconButton label="Copy address" icon={<Icon name="copy" />} />)
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy()
  })

  it('Header exposes the title by id and names its Back and Close buttons', () => {
    const onBack = vi.fn()
    const onClose = vi.fn()
    render(<Header title="All Wallets" titleId="portico-title" onBack={onBack} onClose={onClose} />)
    expect(screen.getByRole('heading', { name: 'All Wallets' }).id).toBe('portico-title')
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onBack).toHaveBeenCalledTimes(1)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('Header without handlers renders no buttons', () => {
    render(<Header title="Connect Wallet" titleId="t" />)
    expect(screen.queryAllByRole('button')).toHaveLength(0)
  })

  it('Spinner is a progressbar with a label', () => {
    render(<Spinner label="Connecting" />)
    expect(screen.getByRole('progressbar', { name: 'Connecting' })).toBeTruthy()
  })
})
