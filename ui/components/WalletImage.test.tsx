// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Avatar } from './Avatar.tsx'
import { safeImageUrl } from './safeImageUrl.ts'
import { WalletImage } from './WalletImage.tsx'

afterEach(cleanup)

const png = 'data:image/png;base64,iVBORw0KGgo='

describe('safeImageUrl', () => {
  it.each([
    ['https://registry.example/images/w.png', 'https://registry.example/images/w.png'],
    ['http://127.0.0.1:4000/img/w.png', 'http://127.0.0.1:4000/img/w.png'],
    ['http://localhost:5173/w.svg', 'http://localhost:5173/w.svg'],
    [png, png],
    ['data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg"/>', 'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg"/>'],
  ])('accepts %s', (input, expected) => {
    expect(safeImageUrl(input)).toBe(expected)
  })

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:,hello',
    'data:image',
    'vbscript:msgbox(1)',
    'blob:https://example.com/uuid',
    'file:///etc/passwd',
    'http://example.com/w.png',
    'http://localhost.evil.example/w.png',
    '//example.com/w.png',
    '/relative.png',
    '',
    undefined,
    null,
  ])('rejects %s', (input) => {
    expect(safeImageUrl(input)).toBeUndefined()
  })
})

describe('WalletImage', () => {
  it('renders a safe image with alt = name', () => {
    render(<WalletImage name="MetaMask" src="https://example.com/mm.png" />)
    const img = screen.getByRole('img', { name: 'MetaMask' })
    expect(img.tagName).toBe('IMG')
    expect(img.getAttribute('src')).toBe('https://example.com/mm.png')
  })

  it('renders the letter fallback, never the src, for an unsafe URL', () => {
    const { container } = render(<WalletImage name="evil wallet" src="javascript:alert(1)" />)
    const fallback = screen.getByRole('img', { name: 'evil wallet' })
    expect(fallback.tagName).toBe('SPAN')
    expect(fallback.getAttribute('data-letter')).toBe('e')
    // Drawn by CSS: no text node that would count as visible text of the control around it.
    expect(fallback.textContent).toBe('')
    expect(container.querySelector('img')).toBeNull()
  })

  it('falls back when the image fails to load', () => {
    render(<WalletImage name="Rainbow" src="https://example.com/broken.png" />)
    fireEvent.error(screen.getByRole('img', { name: 'Rainbow' }))
    expect(screen.getByRole('img', { name: 'Rainbow' }).tagName).toBe('SPAN')
  })

  it('is hidden from the accessibility tree when decorative', () => {
    render(<WalletImage name="Rainbow" src="https://example.com/r.png" decorative />)
    expect(screen.queryByRole('img', { name: 'Rainbow' })).toBeNull()
  })
})

describe('Avatar', () => {
  it('draws the same gradient for one address in any letter case, with alt text', () => {
    const address = '0xAbC0000000000000000000000000000000000001'
    render(
      <>
        <Avatar address={address} alt="first" />
        <Avatar address={address.toLowerCase()} alt="second" />
      </>,
    )
    const first = screen.getByRole('img', { name: 'first' }).style.background
    expect(first).toContain('gradient')
    expect(screen.getByRole('img', { name: 'second' }).style.background).toBe(first)
  })

  it('ignores an unsafe profile image', () => {
    const { container } = render(<Avatar address="0x1" imageUrl="data:text/html,x" />)
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByRole('img', { name: 'Account avatar' })).toBeTruthy()
  })
})
