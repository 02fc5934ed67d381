import { reflectPolyfill } from './reflect-polyfill.ts'
import { container as rootContainer, instanceCachingFactory, type DependencyContainer, type InjectionToken } from 'tsyringe'
import { toDisposable, type Disposable, type Token } from '../plugin/contract.ts'

/** A service factory: it resolves what it needs through `get`. */
export type ServiceFactory<V> = (get: <U>(t: Token<U>) => U) => V

/**
 * One modal's DI: a tsyringe child container of its own, so two modals on one page share nothing.
 *
 * - Kernel services are classes registered with `registerSingleton`: tsyringe constructs each on first use, injecting
 *   its `@inject(token)` parameters from this container, keeps one instance, and disposes it with the container when
 *   it implements `dispose()`. Ready values use `registerInstance` (their owners dispose them).
 * - Each plugin gets a child container (`pluginScope()`) for its `ctx.provide` factories, disposed with it.
 *   tsyringe lets a child see its parent but not the reverse, and it cannot unregister: `providers` records which
 *   plugin scope serves a token (withdrawing deletes the entry).
 */
export class InstanceContainer implements Disposable {
  private readonly container = rootContainer.createChildContainer()
  private readonly providers = new Map<symbol, PluginScope>()
  private disposed = false
  readonly polyfill = reflectPolyfill

  /** Registers a kernel service class: constructed on first use, one instance per modal, disposed with it. */
  registerClass<V>(token: Token<V>, ctor: new (...args: never[]) => V): void {
    this.claim(token)
    this.container.registerSingleton(token, ctor as unknown as InjectionToken<V>)
  }

  /** Registers a ready kernel value. */
  value<V>(token: Token<V>, value: V): void {
    this.claim(token)
    this.container.registerInstance(token, value)
  }

  /** A child container for one plugin's services: disposing it withdraws and disposes all of them. */
  pluginScope(): PluginScope {
    return new PluginScope(this.container.createChildContainer(), (t) => this.get(t), (t) => this.claim(t), this.providers)
  }

  get<V>(token: Token<V>): V {
    if (this.disposed) throw new Error(`The modal was destroyed; cannot resolve ${describe(token)}`)
    const container = this.providers.get(token)?.container ?? this.container
    if (!container.isRegistered(token)) throw new Error(`Nothing provides ${describe(token)}`)
    return container.resolve<V>(token)
  }

  has(token: Token<unknown>): boolean {
    return !this.disposed && (this.providers.has(token) || this.container.isRegistered(token))
  }

  /** Disposes the kernel services (the plugin scopes are disposed by their plugins' stores, before this). */
  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    this.providers.clear()
    // Runs the instances' dispose() synchronously; a throwing one rejects the promise (reported as unhandled).
    void this.container.dispose()
  }

  private claim(token: symbol): void {
    if (this.has(token)) throw new Error(`${describe(token)} is already provided`)
  }
}

/**
 * One plugin's services, in a tsyringe child container of the modal's, each cached by `instanceCachingFactory`
 * (which caches any result but `undefined` and `null`). tsyringe 4.10's `dispose()` disposes only what it constructed
 * from a class, never a factory's result, so the results are kept here (in the order built) and disposed, newest
 * first, with the scope or when their provision is withdrawn.
 */
export class PluginScope implements Disposable {
  private readonly built = new Map<symbol, unknown>()

  constructor(
    readonly container: DependencyContainer,
    private readonly resolve: <U>(t: Token<U>) => U,
    private readonly claim: (token: symbol) => void,
    private readonly providers: Map<symbol, PluginScope>,
  ) {}

  /**
   * Provides a lazily built, cached service. Throws when the token is already provided (or the scope was disposed:
   * tsyringe's error). Disposing the returned handle withdraws it (it may be provided again) and disposes what its
   * factory built.
   */
  provide<V>(token: Token<V>, factory: ServiceFactory<V>): Disposable {
    this.claim(token)
    // A re-provided token gets a new registration; tsyringe resolves the newest one.
    this.container.register(token, {
      useFactory: instanceCachingFactory(() => {
        const value = factory(this.resolve)
        this.built.set(token, value)
        return value
      }),
    })
    this.providers.set(token, this)
    return toDisposable(() => {
      if (this.providers.get(token) === this) this.providers.delete(token)
      const value = this.built.get(token)
      this.built.delete(token)
      disposeValue(value)
    })
  }

  dispose(): void {
    for (const [token, scope] of this.providers) if (scope === this) this.providers.delete(token)
    const values = [...this.built.values()].reverse()
    this.built.clear()
    try {
      for (const value of values) disposeValue(value)
    } finally {
      void this.container.dispose()
    }
  }
}

function describe(token: symbol): string {
  return token.description ? `"${token.description}"` : 'an unnamed token'
}

function disposeValue(value: unknown): void {
  if (value && typeof value === 'object' && 'dispose' in value && typeof value.dispose === 'function') {
    ;(value as Disposable).dispose()
  }
}
