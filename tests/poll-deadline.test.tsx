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
  const a = later(1_200)
  await vi.waitFor(() => expect(a()).toBe(true))
  const b = later(1_200)
  await expect.poll(() => b()).toBe(true)
  const c = later(1_200)
  await waitFor(() => expect(c()).toBe(true))
  setTimeout(() => {
    document.body.innerHTML = '<button type="button">Late</button>'
  }, 1_200)
  expect(await screen.findByRole('button', { name: 'Late' })).toBeTruthy()
})

it("a poll's own timeout still wins", async () => {
  const a = later(60_000)
  await expect(vi.waitFor(() => expect(a()).toBe(true), { timeout: 100 })).rejects.toThrow()
})
