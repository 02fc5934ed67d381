import { Store } from 'portico/plugin'
import type { SnackbarControl } from 'portico/plugin'

/** The services account data calls (SPEC §7), as named in the modal's `endpoints`. */
export type BackendName = 'registry' | 'blockchainApi' | 'analytics'

/** A call that got no reply at all (connection refused, DNS, network down) after the SPEC §8 retries. */
export class BackendUnreachableError extends Error {
  override readonly name = 'BackendUnreachableError'
  constructor(
    /** The path called, without host or query. */
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(`${path}: the service cannot be reached`, options)
  }
}

/**
 * Which backends are unreachable right now, so account data degrades quietly (issue 16 item 14, docs/DECISIONS.md):
 * an alert about a backend that cannot be reached is shown once, not on every tab, network switch or retry; what
 * only works with the backend (All Wallets) hides. A reply of any status marks the backend reachable again.
 */
export class BackendStatus {
  readonly store = new Store<{ unreachable: readonly BackendName[] }>({ unreachable: [] })
  private readonly said = new Set<string>()

  constructor(private readonly snackbar?: Pick<SnackbarControl, 'showError'>) {}

  /** The backend answered (any status). */
  reached(name: BackendName): void {
    if (!this.isUnreachable(name)) return
    this.said.delete(name)
    this.store.set((s) => ({ unreachable: s.unreachable.filter((n) => n !== name) }))
  }

  /** The backend gave no reply after the retries. */
  unreachable(name: BackendName): void {
    if (this.isUnreachable(name)) return
    this.store.set((s) => ({ unreachable: [...s.unreachable, name] }))
  }

  isUnreachable(name: BackendName): boolean {
    return this.store.getSnapshot().unreachable.includes(name)
  }

  /**
   * Shows `message` as a snackbar error: always when the backend answered with an error (the SPEC's alert); when
   * `error` says it gave no reply, only the first alert about `name` is shown until it replies again.
   */
  alert(name: BackendName, message: string, error?: unknown): void {
    if (error instanceof BackendUnreachableError) {
      if (this.said.has(name)) return
      this.said.add(name)
    }
    this.snackbar?.showError(message)
  }

  /** Watches `name`; calls `onUnreachable` the first time it becomes unreachable. */
  onUnreachable(name: BackendName, onUnreachable: () => void): () => void {
    let done = false
    const check = () => {
      if (done || !this.isUnreachable(name)) return
      done = true
      onUnreachable()
    }
    const off = this.store.subscribe(check)
    check()
    return off
  }
}
