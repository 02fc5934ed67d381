/**
 * Counts timers and DOM listeners created while a modal lives, so the conformance kit can check that `destroy()`
 * leaves none behind. Timers that fired, and listeners removed again, do not count.
 */
export interface LeakTracker {
  /** Timers scheduled and neither fired nor cleared, with where they were created. */
  pendingTimers(): string[]
  /** Listeners added to an EventTarget and not removed, each with where it was added. */
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

  // Each live listener with the stack that added it, keyed as the DOM keys them (target, type, function, capture).
  type Live = { target: EventTarget; type: string; fn: unknown; capture: boolean; stack: string }
  const listeners: Live[] = []
  const captureOf = (options: unknown) => (typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture))
  const proto = typeof EventTarget === 'undefined' ? undefined : EventTarget.prototype
  const add = proto?.addEventListener
  const remove = proto?.removeEventListener
  if (proto && add && remove) {
    proto.addEventListener = function (this: EventTarget, type: string, fn: unknown, options?: unknown) {
      const once = typeof options === 'object' && options !== null && (options as { once?: boolean }).once
      const capture = captureOf(options)
      const known = listeners.some((l) => l.target === this && l.type === type && l.fn === fn && l.capture === capture)
      const signal = typeof options === 'object' && options !== null ? (options as { signal?: AbortSignal }).signal : undefined
      if (!once && fn && !known && !signal?.aborted) {
        const live: Live = { target: this, type, fn, capture, stack: where() }
        listeners.push(live)
        // A listener added with a signal goes when the signal aborts, without removeEventListener.
        if (signal) add.call(signal, 'abort', () => listeners.includes(live) && listeners.splice(listeners.indexOf(live), 1), { once: true })
      }
      return add.call(this, type, fn as never, options as never)
    }
    proto.removeEventListener = function (this: EventTarget, type: string, fn: unknown, options?: unknown) {
      const capture = captureOf(options)
      const i = listeners.findIndex((l) => l.target === this && l.type === type && l.fn === fn && l.capture === capture)
      if (i >= 0) listeners.splice(i, 1)
      return remove.call(this, type, fn as never, options as never)
    }
  }
  return {
    pendingTimers: () => [...timers.values()],
    liveListeners: () => listeners.map((l) => `"${l.type}" listener at ${l.stack}`),
    restore() {
      Object.assign(g, real)
      if (proto && add && remove) {
        proto.addEventListener = add
        proto.removeEventListener = remove
      }
    },
  }
}
