/** A small observable store: `subscribe` + `getSnapshot`, read in React with useSyncExternalStore. */
export class Store<S extends object> {
  private state: S
  private readonly initial: S
  private readonly listeners = new Set<() => void>()

  constructor(initial: S) {
    this.state = initial
    this.initial = initial
  }

  getSnapshot = (): S => this.state

  /**
   * The store's first state. A server render shows it and hydration expects it (useSyncExternalStore's
   * getServerSnapshot), so both agree however far the client's modal got before React hydrated.
   */
  getServerSnapshot = (): S => this.initial

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Merges a partial state; listeners run only when something changed. */
  set(patch: Partial<S> | ((s: S) => Partial<S>)): void {
    const next = typeof patch === 'function' ? patch(this.state) : patch
    let changed = false
    for (const key of Object.keys(next) as (keyof S)[]) {
      if (!Object.is(this.state[key], next[key])) changed = true
    }
    if (!changed) return
    this.state = { ...this.state, ...next }
    for (const listener of [...this.listeners]) listener()
  }
}
