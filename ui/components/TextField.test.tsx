// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CopyButton } from './CopyButton.tsx'
import { TextField } from './TextField.tsx'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('TextField', () => {
  it('binds the label to the input', () => {
    render(<TextField label="Search wallet" hideLabel placeholder="Search wallet" />)
    expect(screen.getByRole('textbox', { name: 'Search wallet' })).toBeTruthy()
  })

  it('links the error text by aria-describedby and marks the input invalid', () => {
    render(<TextField label="Email" error="Invalid email" />)
    const input = screen.getByRole('textbox', { name: 'Email' })
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const describedBy = input.getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(describedBy)?.textContent).toBe('Invalid email')
  })

  it('has no description and is valid without an error', () => {
    render(<TextField label="Email" />)
    const input = screen.getByRole('textbox', { name: 'Email' })
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(input.hasAttribute('aria-describedby')).toBe(false)
  })
})

describe('CopyButton', () => {
  it("writes to the clipboard and announces 'Copied'", async () => {
    const writeText = vi.fn(async (_text: string) => {})
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard)
    render(<CopyButton text="wc:abc@2" label="Copy link" />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    })
    expect(writeText).toHaveBeenCalledWith('wc:abc@2')
    expect(screen.getByRole('status').textContent).toBe('Copied')
  })

  it('compact variant is an icon button named by its label; a refused copy is announced', async () => {
    const onCopyError = vi.fn()
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({
      writeText: async () => {
        throw new Error('denied')
      },
    } as unknown as Clipboard)
    render(<CopyButton text="0x1" label="Copy address" compact onCopyError={onCopyError} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy address' }))
    })
    expect(onCopyError).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('status').textContent).toBe('Could not copy')
  })
})
