/** A small observable store: `subscribe` + `getSnapshot`, read in React with useSyncExternalStore. */
export class Store<S extends object> {
  private state: S
  private readonly listeners = new Set<() => void>()

  constructor(initial: S) {
    this.state = initial
  }

  getSnapshot = (): S => this.state

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
