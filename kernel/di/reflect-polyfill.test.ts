import { afterEach, describe, expect, it } from 'vitest'
// The reference implementation, in its mode that installs nothing on the global Reflect: the cases below run on it
// and on the shim, and must agree. The test run itself uses the shim (tests/setup.ts).
import * as reference from 'reflect-metadata/no-conflict'
import { inject, injectable } from './decorators.ts'
import { createReflectMetadata, reflectPolyfill, type ReflectMetadataApi } from './reflect-polyfill.ts'

const NAMES = ['getMetadata', 'getOwnMetadata', 'hasOwnMetadata', 'getOwnMetadataKeys', 'deleteMetadata', 'defineMetadata', 'metadata'] as const
const globalReflect = Reflect as unknown as Record<string, unknown>
/** The global Reflect's metadata functions (this run's: the shim). */
const shim = Reflect as unknown as ReflectMetadataApi
const saved = Object.fromEntries(NAMES.map((n) => [n, globalReflect[n]]))
afterEach(() => {
  Object.assign(Reflect, saved)
})

/** The reflect-metadata cases tsyringe and the emitted decorator metadata rely on, with what each read returns. */
function cases(api: ReflectMetadataApi): Record<string, unknown> {
  const method = Symbol('method')
  class Base {}
  class Child extends Base {}
  class Grandchild extends Child {}
  api.defineMetadata('k', 'base', Base)
  api.defineMetadata('k', 'base run', Base.prototype, 'run')
  api.defineMetadata('k', 'base symbol', Base.prototype, method)
  api.defineMetadata('only-child', 'child', Child)
  api.metadata('design:paramtypes', [String, Number])(Grandchild)
  api.metadata('design:type', Function)(Child.prototype, 'run')
  return {
    ownOnBase: api.getOwnMetadata('k', Base),
    ownOnChild: api.getOwnMetadata('k', Child),
    inheritedByChild: api.getMetadata('k', Child),
    inheritedByGrandchild: api.getMetadata('k', Grandchild),
    notOnPrototype: api.getMetadata('k', Base.prototype),
    propertyInherited: api.getMetadata('k', Grandchild.prototype, 'run'),
    propertyOwnMissing: api.getOwnMetadata('k', Child.prototype, 'run'),
    symbolProperty: api.getMetadata('k', Child.prototype, method),
    otherProperty: api.getMetadata('k', Base.prototype, 'other'),
    decoratedProperty: api.getOwnMetadata('design:type', Child.prototype, 'run'),
    childKeyNotOnBase: api.getMetadata('only-child', Base),
    childKeyOnGrandchild: api.getMetadata('only-child', Grandchild),
    paramtypes: api.getOwnMetadata('design:paramtypes', Grandchild),
    missingKey: api.getMetadata('missing', Grandchild),
    missingOwnKey: api.getOwnMetadata('missing', Grandchild),
    hasOwnInherited: api.hasOwnMetadata('k', Grandchild),
    hasOwn: api.hasOwnMetadata('k', Base),
    hasOwnProperty: api.hasOwnMetadata('k', Base.prototype, 'run'),
    hasOwnMissing: api.hasOwnMetadata('missing', Base),
    hasOwnOnPlainObject: api.hasOwnMetadata('k', {}),
    ownKeys: api.getOwnMetadataKeys(Base),
    ownPropertyKeys: api.getOwnMetadataKeys(Child.prototype, 'run'),
    noKeys: api.getOwnMetadataKeys(Grandchild.prototype, 'run'),
    deleted: [api.deleteMetadata('only-child', Child), api.deleteMetadata('only-child', Child), api.getMetadata('only-child', Grandchild)],
    deleteMissing: api.deleteMetadata('k', {}),
    undefinedValueKept: (api.defineMetadata('undef', undefined, Base), api.hasOwnMetadata('undef', Base)),
    overriddenInChild: (api.defineMetadata('k', 'child', Child), [api.getMetadata('k', Grandchild), api.getMetadata('k', Base)]),
  }
}

describe('the Reflect metadata shim', () => {
  it('this test run uses the shim the package ships, not reflect-metadata', () => {
    expect(reflectPolyfill).toBe(true)
    for (const name of NAMES) expect(typeof globalReflect[name], name).toBe('function')
    // reflect-metadata would also install these; the shim does not.
    expect(globalReflect.decorate).toBeUndefined()
    expect(globalReflect.getMetadataKeys).toBeUndefined()
    expect(globalReflect.hasMetadata).toBeUndefined()
  })

  it('a host loading reflect-metadata after portico reads what tsyringe stored in the shim, and both keep working', () => {
    // reflect-metadata 0.2 finds the shim on the global Reflect and reads through it as an older copy's provider.
    class Injected {}
    shim.defineMetadata('injectionTokens', { 0: 'token' }, Injected)
    expect(reference.getOwnMetadata('injectionTokens', Injected)).toEqual({ 0: 'token' })
    expect(reference.getOwnMetadataKeys(Injected)).toEqual(['injectionTokens'])
    class Later {}
    reference.defineMetadata('k', 'v', Later)
    expect(reference.getMetadata('k', Later)).toBe('v')
    shim.defineMetadata('k', 'shim', Injected)
    expect(shim.getOwnMetadata('injectionTokens', Injected)).toEqual({ 0: 'token' })
    expect(reference.getOwnMetadata('k', Injected)).toBe('shim')
  })

  it('own metadata per target and property; getMetadata also reads the prototype chain', () => {
    expect(cases(createReflectMetadata())).toEqual({
      ownOnBase: 'base',
      ownOnChild: undefined,
      inheritedByChild: 'base',
      inheritedByGrandchild: 'base',
      notOnPrototype: undefined,
      propertyInherited: 'base run',
      propertyOwnMissing: undefined,
      symbolProperty: 'base symbol',
      otherProperty: undefined,
      decoratedProperty: Function,
      childKeyNotOnBase: undefined,
      childKeyOnGrandchild: 'child',
      paramtypes: [String, Number],
      missingKey: undefined,
      missingOwnKey: undefined,
      hasOwnInherited: false,
      hasOwn: true,
      hasOwnProperty: true,
      hasOwnMissing: false,
      hasOwnOnPlainObject: false,
      ownKeys: ['k'],
      ownPropertyKeys: ['design:type'],
      noKeys: [],
      deleted: [true, false, undefined],
      deleteMissing: false,
      undefinedValueKept: true,
      overriddenInChild: ['child', 'base'],
    })
  })

  it('answers every case as reflect-metadata does', () => {
    expect(cases(createReflectMetadata())).toEqual(cases(reference as unknown as ReflectMetadataApi))
  })

  it('the compiled design:paramtypes of a decorated class land in it, and tsyringe injects by class type', async () => {
    class Clock {
      readonly now = 1
    }
    @injectable()
    class Timer {
      constructor(
        readonly clock: Clock,
        readonly label: string,
      ) {}
    }
    expect(shim.getMetadata('design:paramtypes', Timer)).toEqual([Clock, String])
    const { container } = await import('tsyringe')
    const child = container.createChildContainer()
    child.register(String, { useValue: 'timer' })
    const timer = child.resolve(Timer)
    expect(timer.clock).toBeInstanceOf(Clock)
    expect(timer.label).toBe('timer')
  })

  it('tsyringe constructs a class with positional @inject tokens through it alone', async () => {
    const api: ReflectMetadataApi = createReflectMetadata()
    // The global functions tsyringe calls are a fresh shim's for this test.
    Object.assign(Reflect, api)
    const { container } = await import('tsyringe')
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
