// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { QrCode, qrPath } from './QrCode.tsx'

afterEach(cleanup)

const uri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000000'

describe('QrCode', () => {
  it('renders an svg image named by its label with a non-empty path for a wc: URI', () => {
    render(<QrCode value={uri} label="QR code to connect a wallet" size={200} />)
    const svg = screen.getByRole('img', { name: 'QR code to connect a wallet' })
    expect(svg.tagName.toLowerCase()).toBe('svg')
    expect(svg.getAttribute('aria-description')).toBe(uri)
    const d = svg.querySelector('path')?.getAttribute('d') ?? ''
    expect(d).toMatch(/^M\d+ \d+h\d+v1h-\d+z/)
  })

  it('draws exactly the dark modules of the symbol, inside the quiet zone', () => {
    const { count, d } = qrPath(uri)
    expect(count).toBeGreaterThan(21)
    const runs = [...d.matchAll(/M(\d+) (\d+)h(\d+)/g)].map((m) => m.slice(1).map(Number))
    for (const [x, y, length] of runs) {
      expect(x).toBeGreaterThanOrEqual(4)
      expect(y).toBeGreaterThanOrEqual(4)
      expect(x! + length!).toBeLessThanOrEqual(count + 4)
    }
    // The top-left finder pattern starts with a 7-module dark run.
    expect(runs[0]).toEqual([4, 4, 7])
  })
})
