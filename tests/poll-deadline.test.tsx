// @vitest-environment happy-dom
// The suite's polls wait with a generous deadline (tests/setup.ts, vitest.config.ts): `vi.waitFor`, Testing Library's
// `findBy*`/`waitFor` and `expect.poll` wait past their libraries' 1 s default, so a slow CI machine is not a failure.
import { screen, waitFor } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'

const later = (ms: number) => {
  const start = performance.now()
  return () => performance.now() - start > ms
}

afterEach(() => {
  document.body.innerHTML = ''
})

it('vi.waitFor, expect.poll and Testing Library wait past 1 s by default', async () => {
  // All four at once: each passes only after 1.2 s, past the libraries' own 1 s.
  const ready = later(1_200)
  setTimeout(() => {
    document.body.innerHTML = '<button type="button">Late</button>'
  }, 1_200)
  const found = await Promise.all([
    vi.waitFor(() => expect(ready()).toBe(true)),
    expect.poll(() => ready()).toBe(true),
    waitFor(() => expect(ready()).toBe(true)),
    screen.findByRole('button', { name: 'Late' }),
  ])
  expect(found[3].textContent).toBe('Late')
})

it("a poll's own timeout still wins", async () => {
  const a = later(60_000)
  await expect(vi.waitFor(() => expect(a()).toBe(true), { timeout: 100 })).rejects.toThrow()
})
