import { afterEach, describe, expect, it } from 'vitest'
import { createReflectMetadata, type ReflectMetadataApi } from './reflect-polyfill.ts'

const NAMES = ['getMetadata', 'getOwnMetadata', 'defineMetadata', 'metadata'] as const
const saved = Object.fromEntries(NAMES.map((n) => [n, (Reflect as unknown as Record<string, unknown>)[n]]))
afterEach(() => {
  Object.assign(Reflect, saved)
})

describe('the Reflect metadata shim', () => {
  it('own metadata per target and property; getMetadata also reads the prototype chain', () => {
    const api = createReflectMetadata()
    class Base {}
    class Child extends Base {}
    api.defineMetadata('k', 'base', Base)
    api.defineMetadata('k', 'method', Base.prototype, 'run')
    expect(api.getOwnMetadata('k', Base)).toBe('base')
    expect(api.getOwnMetadata('k', Child)).toBeUndefined()
    expect(api.getMetadata('k', Child)).toBe('base')
    expect(api.getMetadata('k', Base.prototype)).toBeUndefined()
    expect(api.getMetadata('k', Child.prototype, 'run')).toBe('method')
    api.defineMetadata('k', 'child', Child)
    expect(api.getMetadata('k', Child)).toBe('child')
    expect(api.getMetadata('k', Base)).toBe('base')
    expect(api.getOwnMetadata('other', Base)).toBeUndefined()
  })

  it('metadata(key, value) is the decorator emitted for design:paramtypes', () => {
    const api = createReflectMetadata()
    class Service {}
    api.metadata('design:paramtypes', [String, Number])(Service)
    expect(api.getMetadata('design:paramtypes', Service)).toEqual([String, Number])
  })

  it('tsyringe constructs a class with positional @inject tokens through it alone', async () => {
    const api: ReflectMetadataApi = createReflectMetadata()
    // The global functions tsyringe calls are the shim's for this test (the test setup loads reflect-metadata).
    Object.assign(Reflect, api)
    const { container, inject, injectable } = await import('tsyringe')
    const Name = Symbol('test.name')
    const Count = Symbol('test.count')
    class Greeter {
      constructor(
        readonly name: string,
        readonly count: number,
      ) {}
    }
    inject(Count)(Greeter, undefined, 1)
    inject(Name)(Greeter, undefined, 0)
    injectable()(Greeter)
    const child = container.createChildContainer()
    child.register(Name, { useValue: 'portico' })
    child.register(Count, { useValue: 3 })
    const greeter = child.resolve(Greeter)
    expect([greeter.name, greeter.count]).toEqual(['portico', 3])
    expect(api.getOwnMetadata('injectionTokens', Greeter)).toMatchObject({ 0: { token: Name }, 1: { token: Count } })
  })
})
