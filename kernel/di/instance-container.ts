import { reflectPolyfill } from './reflect-polyfill.ts'
import { container as rootContainer, instanceCachingFactory, type DependencyContainer, type InjectionToken } from 'tsyringe'
import { toDisposable, type Disposable, type Token } from '../plugin/contract.ts'

/** A service factory: it resolves what it needs through `get`. */
export type ServiceFactory<V> = (get: <U>(t: Token<U>) => U) => V

/**
 * A tsyringe container and the factory results it built. tsyringe 4.10's `dispose()` disposes only the instances it
 * constructed from a class (`construct()`), never a `useValue` or a `useFactory` result; a factory's result with a
 * `dispose()` is therefore kept here (by token, in the order built) and disposed, newest first, with the scope.
 */
class Scope implements Disposable {
  protected readonly built = new Map<symbol, unknown>()
  protected closed = false

  constructor(
    readonly tsyringe: DependencyContainer,
    private readonly resolve: <U>(t: Token<U>) => U,
  ) {}

  /**
   * Registers a lazily built service cached by tsyringe's `instanceCachingFactory` (which caches any result but
   * `undefined` and `null`: a factory returning those runs again on the next get).
   */
  registerFactory<V>(token: Token<V>, factory: ServiceFactory<V>): void {
    this.tsyringe.register(token, {
      useFactory: instanceCachingFactory(() => {
        const value = factory(this.resolve)
        this.built.set(token, value)
        return value
      }),
    })
  }

  dispose(): void {
    if (this.closed) return
    this.closed = true
    const values = [...this.built.values()].reverse()
    this.built.clear()
    try {
      for (const value of values) disposeValue(value)
    } finally {
      // Runs the class instances' dispose() synchronously; a throwing one rejects the promise (reported as unhandled).
      void this.tsyringe.dispose()
    }
  }
}

/**
 * One modal's DI: a tsyringe child container of its own, so two modals on one page share nothing.
 *
 * - Kernel services are classes registered with `registerSingleton`: tsyringe constructs each on first use, injecting
 *   its `@inject(token)` parameters from this container, keeps one instance, and disposes it with the container when
 *   it implements `dispose()`. Ready values use `registerInstance`.
 * - Each plugin gets a child container (`pluginScope()`); its `ctx.provide` factories are registered there and its
 *   services are disposed with it. tsyringe lets a child see its parent but not the reverse, and it cannot
 *   unregister: `providers` records which live plugin scope serves a token (withdrawing deletes the entry).
 */
export class InstanceContainer implements Disposable {
  private readonly kernel = new Scope(rootContainer.createChildContainer(), (t) => this.get(t))
  private readonly providers = new Map<symbol, PluginScope>()
  private disposed = false
  readonly polyfill = reflectPolyfill

  /**
   * Registers a kernel service class: constructed on first use with its `@inject(token)` parameters, one instance
   * per modal, disposed with it.
   */
  registerClass<V>(token: Token<V>, ctor: new (...args: never[]) => V): void {
    this.claim(token)
    this.kernel.tsyringe.registerSingleton(token, ctor as unknown as InjectionToken<V>)
  }

  /** Registers a ready kernel value (its owner disposes it). */
  value<V>(token: Token<V>, value: V): void {
    this.claim(token)
    this.kernel.tsyringe.registerInstance(token, value)
  }

  /** Registers a lazily built kernel service; a result with `dispose()` is disposed with the modal. */
  provide<V>(token: Token<V>, factory: ServiceFactory<V>): void {
    this.claim(token)
    this.kernel.registerFactory(token, factory)
  }

  /** A child container for one plugin's services: disposing it withdraws and disposes all of them. */
  pluginScope(): PluginScope {
    return new PluginScope(this.kernel.tsyringe.createChildContainer(), (t) => this.get(t), (t) => this.claim(t), this.providers)
  }

  get<V>(token: Token<V>): V {
    if (this.disposed) throw new Error(`The modal was destroyed; cannot resolve ${describe(token)}`)
    const scope = this.providers.get(token)
    if (scope) return scope.tsyringe.resolve<V>(token)
    if (!this.kernel.tsyringe.isRegistered(token)) throw new Error(`Nothing provides ${describe(token)}`)
    return this.kernel.tsyringe.resolve<V>(token)
  }

  has(token: Token<unknown>): boolean {
    return !this.disposed && (this.providers.has(token) || this.kernel.tsyringe.isRegistered(token))
  }

  /** Disposes the kernel services (the plugin scopes are disposed by their plugins' stores, before this). */
  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    this.providers.clear()
    this.kernel.dispose()
  }

  private claim(token: symbol): void {
    if (this.has(token)) throw new Error(`${describe(token)} is already provided`)
  }
}

/** One plugin's services, in a tsyringe child container of the modal's. */
export class PluginScope extends Scope {
  private readonly live = new Set<symbol>()

  constructor(
    tsyringe: DependencyContainer,
    resolve: <U>(t: Token<U>) => U,
    private readonly claim: (token: symbol) => void,
    private readonly providers: Map<symbol, PluginScope>,
  ) {
    super(tsyringe, resolve)
  }

  /**
   * Provides a lazily built, cached service. Throws when the token is already provided. Disposing the returned
   * handle withdraws it (it may be provided again) and disposes what its factory built.
   */
  provide<V>(token: Token<V>, factory: ServiceFactory<V>): Disposable {
    this.claim(token)
    // A re-provided token gets a new registration; tsyringe resolves the newest one. After dispose tsyringe throws.
    this.registerFactory(token, factory)
    this.providers.set(token, this)
    this.live.add(token)
    return toDisposable(() => {
      if (!this.live.delete(token)) return
      this.withdraw(token)
      const value = this.built.get(token)
      this.built.delete(token)
      disposeValue(value)
    })
  }

  override dispose(): void {
    if (this.closed) return
    for (const token of this.live) this.withdraw(token)
    this.live.clear()
    super.dispose()
  }

  private withdraw(token: symbol): void {
    if (this.providers.get(token) === this) this.providers.delete(token)
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
