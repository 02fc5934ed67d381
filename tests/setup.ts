// The Reflect metadata functions tsyringe and the decorators need: the shim the package ships, installed first, so
// every test runs the code users get (kernel/di/reflect-polyfill.ts; reflect-metadata is not loaded anywhere).
import '../kernel/di/reflect-polyfill.ts'
import { vi } from 'vitest'

// Polls wait with a generous deadline. `vi.waitFor` and Testing Library's `waitFor`/`findBy*` give up after 1 s by
// default, and on a loaded 2-core CI machine (the unit step runs beside the type checks) a lazy chunk's first import
// or a child process's reply can take longer than that. A poll that passes returns as soon as it passes, so a longer
// deadline costs nothing; one that cannot pass still fails, later. A call's own `timeout` still wins.
const POLL_DEADLINE_MS = 15_000
const waitFor = vi.waitFor
vi.waitFor = ((callback: Parameters<typeof waitFor>[0], options?: Parameters<typeof waitFor>[1]) =>
  waitFor(callback, typeof options === 'number' ? { timeout: options } : { timeout: POLL_DEADLINE_MS, ...options })) as typeof vi.waitFor
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: POLL_DEADLINE_MS })
}
