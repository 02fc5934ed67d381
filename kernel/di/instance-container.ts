import { reflectPolyfill } from './reflect-polyfill.ts'
import { container as rootContainer, type DependencyContainer, type InjectionToken } from 'tsyringe'
import { toDisposable, type Disposable, type Token } from '../plugin/contract.ts'

/**
 * One modal's DI container: a tsyringe child container, so two modals on one page share nothing. tsyringe disposes
 * only what it constructed; factories' results are tracked here and disposed with the container.
 */
export class InstanceContainer implements Disposable {
  private readonly container: DependencyContainer = rootContainer.createChildContainer()
  private readonly created: unknown[] = []
  private readonly withdrawn = new Set<symbol>()
  private disposed = false
  readonly polyfill = reflectPolyfill

  /** Registers a lazily built, cached service. Throws when the token is already provided. */
  provide<V>(token: Token<V>, factory: (get: <U>(t: Token<U>) => U) => V): Disposable {
    if (this.container.isRegistered(token, false) && !this.withdrawn.has(token)) {
      throw new Error(`${describe(token)} is already provided`)
    }
    this.withdrawn.delete(token)
    let cached: { value: V } | undefined
    this.container.register(token, {
      useFactory: () => {
        if (!cached) {
          cached = { value: factory((t) => this.get(t)) }
          this.created.push(cached.value)
        }
        return cached.value
      },
    })
    return toDisposable(() => {
      this.withdrawn.add(token)
      if (cached) {
        // Disposed here, so the container's own dispose must not dispose it a second time.
        const i = this.created.indexOf(cached.value)
        if (i >= 0) this.created.splice(i, 1)
        disposeValue(cached.value)
      }
      cached = undefined
    })
  }

  /**
   * Registers a kernel service class: the container constructs it on first use, injecting its `@inject(token)`
   * parameters from this container, and keeps one instance per container (disposed with it).
   */
  registerClass<V>(token: Token<V>, ctor: new (...args: never[]) => V): Disposable {
    return this.provide(token, () => this.container.resolve(ctor as unknown as InjectionToken<V>))
  }

  /** Registers a ready value. */
  value<V>(token: Token<V>, value: V): Disposable {
    return this.provide(token, () => value)
  }

  get<V>(token: Token<V>): V {
    if (this.disposed) throw new Error(`The modal was destroyed; cannot resolve ${describe(token)}`)
    if (this.withdrawn.has(token) || !this.container.isRegistered(token, false)) {
      throw new Error(`Nothing provides ${describe(token)}`)
    }
    return this.container.resolve<V>(token)
  }

  has(token: Token<unknown>): boolean {
    return !this.withdrawn.has(token) && this.container.isRegistered(token, false)
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    for (const value of this.created.splice(0).reverse()) disposeValue(value)
    this.container.reset()
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
