import type { EventBus, ParamsArg, RouteEntry, Router, ViewId } from '../plugin/contract.ts'

/** What the router needs to know about the rest of the modal. */
export interface RouterStackDeps {
  events: EventBus
  /** True while any namespace has a connected address. */
  isConnected(): boolean
  /** Closes the modal (going back with one entry left). */
  close(): void
}

const START: RouteEntry = { view: 'Connect', params: undefined }
/** Registered by the embedded-wallet plugin; the kernel knows it only by name. */
const FARCASTER_VIEW = 'ConnectingFarcaster'

/** The view stack of SPEC §2 "Stack behaviour". */
export class RouterStack implements Router {
  private stack: readonly RouteEntry[] = [START]
  private readonly listeners = new Set<() => void>()

  constructor(private readonly deps: RouterStackDeps) {}

  get current(): RouteEntry {
    return this.stack[this.stack.length - 1] ?? START
  }

  get history(): readonly RouteEntry[] {
    return this.stack
  }

  getSnapshot = (): readonly RouteEntry[] => this.stack

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** SPEC §2: pushing a view equal to the current one is ignored. */
  push<V extends ViewId>(view: V, ...params: ParamsArg<V>): void {
    if (this.current.view === view) return
    this.commit([...this.stack, entry(view, params[0])], 'push')
  }

  /** SPEC §2: replace swaps the top entry. */
  replace<V extends ViewId>(view: V, ...params: ParamsArg<V>): void {
    this.leaving(view)
    this.commit([...this.stack.slice(0, -1), entry(view, params[0])], 'replace')
  }

  /** SPEC §2: reset sets a single-entry history. */
  reset<V extends ViewId>(view: V, ...params: ParamsArg<V>): void {
    this.leaving(view)
    this.commit([entry(view, params[0])], 'reset')
  }

  /**
   * SPEC §2: going back with one entry left closes the modal; going back onto Connect while connected shows
   * Account instead.
   */
  goBack(): void {
    if (this.stack.length <= 1) {
      this.deps.close()
      return
    }
    const next = this.stack.slice(0, -1)
    const target = next[next.length - 1]
    this.leaving(target?.view)
    if (target?.view === 'Connect' && this.deps.isConnected()) {
      this.commit([...next.slice(0, -1), { view: 'Account', params: undefined }], 'back')
      return
    }
    this.commit(next, 'back')
  }

  /** SPEC §2: leaving ConnectingFarcaster while disconnected asks the embedded wallet to clear and reload. */
  private leaving(to: ViewId | undefined): void {
    if ((this.current.view as string) !== FARCASTER_VIEW || (to as string | undefined) === FARCASTER_VIEW) return
    if (this.deps.isConnected()) return
    this.deps.events.emit('router:leave-farcaster', {})
  }

  private commit(stack: readonly RouteEntry[], action: 'push' | 'replace' | 'reset' | 'back'): void {
    this.stack = stack
    this.deps.events.emit('router:change', { view: this.current.view, action })
    for (const listener of [...this.listeners]) listener()
  }
}

function entry(view: ViewId, params: unknown): RouteEntry {
  return { view, params } as RouteEntry
}
