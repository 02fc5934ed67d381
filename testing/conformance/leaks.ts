/**
 * Counts timers and DOM listeners created while a modal lives, so the conformance kit can check that `destroy()`
 * leaves none behind. Timers that fired, and listeners removed again, do not count.
 */
export interface LeakTracker {
  /** Timers scheduled and neither fired nor cleared, with where they were created. */
  pendingTimers(): string[]
  /** Listeners added to an EventTarget and not removed. */
  liveListeners(): string[]
  /** Puts the real functions back. */
  restore(): void
}

export function trackLeaks(): LeakTracker {
  const g = globalThis as typeof globalThis & Record<string, unknown>
  const real = {
    setTimeout: g.setTimeout, clearTimeout: g.clearTimeout, setInterval: g.setInterval, clearInterval: g.clearInterval,
  }
  const timers = new Map<unknown, string>()
  const where = () => new Error().stack?.split('\n').slice(3, 6).join(' <- ').trim() ?? ''
  g.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const stack = where()
    const handle: unknown = real.setTimeout(((...a: unknown[]) => {
      timers.delete(handle)
      fn(...a)
    }) as never, ms, ...args)
    timers.set(handle, `setTimeout ${ms ?? 0} ms at ${stack}`)
    return handle
  }) as typeof setTimeout
  g.clearTimeout = ((handle: unknown) => {
    timers.delete(handle)
    real.clearTimeout(handle as never)
  }) as typeof clearTimeout
  g.setInterval = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const handle: unknown = real.setInterval(fn as never, ms, ...args)
    timers.set(handle, `setInterval ${ms ?? 0} ms at ${where()}`)
    return handle
  }) as typeof setInterval
  g.clearInterval = ((handle: unknown) => {
    timers.delete(handle)
    real.clearInterval(handle as never)
  }) as typeof clearInterval

  const listeners = new Map<string, number>()
  const proto = typeof EventTarget === 'undefined' ? undefined : EventTarget.prototype
  const add = proto?.addEventListener
  const remove = proto?.removeEventListener
  if (proto && add && remove) {
    proto.addEventListener = function (this: EventTarget, type: string, fn: unknown, options?: unknown) {
      const once = typeof options === 'object' && options !== null && (options as { once?: boolean }).once
      if (!once && fn) listeners.set(type, (listeners.get(type) ?? 0) + 1)
      return add.call(this, type, fn as never, options as never)
    }
    proto.removeEventListener = function (this: EventTarget, type: string, fn: unknown, options?: unknown) {
      const n = listeners.get(type) ?? 0
      if (n > 0) listeners.set(type, n - 1)
      return remove.call(this, type, fn as never, options as never)
    }
  }
  return {
    pendingTimers: () => [...timers.values()],
    liveListeners: () => [...listeners.entries()].filter(([, n]) => n > 0).map(([type, n]) => `${n} "${type}" listener(s)`),
    restore() {
      Object.assign(g, real)
      if (proto && add && remove) {
        proto.addEventListener = add
        proto.removeEventListener = remove
      }
    },
  }
}
