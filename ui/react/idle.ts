/**
 * Runs `run` when the page is idle (`requestIdleCallback`, at the latest after `timeout` ms when given; where there is
 * none, Safari, a `delay` ms timer). Returns a cancel.
 */
export function whenIdle(run: () => void, { timeout, delay = 1 }: { timeout?: number; delay?: number } = {}): () => void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout?: number }) => number }).requestIdleCallback
  if (idle) {
    const id = idle(run, timeout === undefined ? undefined : { timeout })
    return () => cancelIdleCallback(id)
  }
  const timer = setTimeout(run, delay)
  return () => clearTimeout(timer)
}
