import { inject, injectable } from '../di/decorators.ts'
import type { EventBus, ParamsArg, RouteEntry, Router, ViewId } from '../plugin/contract.ts'
import type { AccountController } from '../state/account.ts'
import { KernelTokens } from '../tokens.ts'

const START: RouteEntry = { view: 'Connect', params: undefined }

/** The view stack of SPEC §2 "Stack behaviour". */
@injectable()
export class RouterStack implements Router {
  private stack: readonly RouteEntry[] = [START]
  private readonly listeners = new Set<() => void>()
  private closeHandler: () => void = () => undefined

  constructor(
    @inject(KernelTokens.Events) private readonly events: EventBus,
    @inject(KernelTokens.Account) private readonly account: Pick<AccountController, 'isConnected'>,
  ) {}

  /** What going back from the last entry does (the modal controller closes the modal). */
  onClose(handler: () => void): void {
    this.closeHandler = handler
  }

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
    const from = this.current.view
    this.commit([...this.stack.slice(0, -1), entry(view, params[0])], 'replace')
    this.left(from)
  }

  /**
   * SPEC §2: reset sets a single-entry history. Already that history (opening on Connect after a close), it keeps the
   * same stack, so a view rendered from it need not render again; the change is still announced.
   */
  reset<V extends ViewId>(view: V, ...params: ParamsArg<V>): void {
    const from = this.current.view
    const [only] = this.stack
    const same = this.stack.length === 1 && only!.view === view && only!.params === params[0]
    this.commit(same ? this.stack : [entry(view, params[0])], 'reset')
    this.left(from)
  }

  /**
   * SPEC §2: going back with one entry left closes the modal; going back onto Connect while connected shows
   * Account instead.
   */
  goBack(): void {
    if (this.stack.length <= 1) {
      this.closeHandler()
      return
    }
    const from = this.current.view
    const next = this.stack.slice(0, -1)
    const target = next[next.length - 1]
    if (target?.view === 'Connect' && this.account.isConnected()) {
      this.commit([...next.slice(0, -1), { view: 'Account', params: undefined }], 'back')
    } else {
      this.commit(next, 'back')
    }
    this.left(from)
  }

  /**
   * A view left the top (back, replace, reset; a push keeps it in history). Plugins act on it, e.g. SPEC §2 leaving
   * ConnectingFarcaster while disconnected.
   */
  private left(from: ViewId): void {
    const to = this.current.view
    if (to === from) return
    this.events.emit('router:leave', { from, to, connected: this.account.isConnected() })
  }

  private commit(stack: readonly RouteEntry[], action: 'push' | 'replace' | 'reset' | 'back'): void {
    this.stack = stack
    this.events.emit('router:change', { view: this.current.view, action })
    for (const listener of [...this.listeners]) listener()
  }
}

function entry(view: ViewId, params: unknown): RouteEntry {
  return { view, params } as RouteEntry
}
