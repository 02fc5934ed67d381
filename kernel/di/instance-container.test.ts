import { describe, expect, it, vi } from 'vitest'
import { createToken } from '../plugin/contract.ts'
import { inject, injectable } from './decorators.ts'
import { InstanceContainer, type ServiceFactory } from './instance-container.ts'

interface Clock {
  now(): number
  dispose?(): void
}
const ClockToken = createToken<Clock>('test.clock')
const NameToken = createToken<string>('test.name')

const order: string[] = []

@injectable()
class Greeter {
  constructor(@inject(NameToken) readonly name: string) {}
  dispose(): void {
    order.push(`greeter ${this.name}`)
  }
}
const GreeterToken = createToken<Greeter>('test.greeter')

describe('InstanceContainer (a tsyringe child container per modal)', () => {
  it('two containers (two modals) share nothing: a service provided in one is absent in the other', () => {
    const a = new InstanceContainer()
    const b = new InstanceContainer()
    a.value(NameToken, 'a')
    expect(a.get(NameToken)).toBe('a')
    expect(b.has(NameToken)).toBe(false)
    expect(() => b.get(NameToken)).toThrow('Nothing provides "test.name"')
    b.value(NameToken, 'b')
    expect(a.get(NameToken)).toBe('a')
    expect(b.get(NameToken)).toBe('b')
  })

  it('a kernel class is constructed once per container with its @inject parameters, and disposed with it', () => {
    order.length = 0
    const a = new InstanceContainer()
    const b = new InstanceContainer()
    a.value(NameToken, 'a')
    b.value(NameToken, 'b')
    a.registerClass(GreeterToken, Greeter)
    b.registerClass(GreeterToken, Greeter)
    expect(a.get(GreeterToken)).toBe(a.get(GreeterToken))
    expect(a.get(GreeterToken).name).toBe('a')
    expect(b.get(GreeterToken).name).toBe('b')
    a.dispose()
    expect(order).toEqual(['greeter a'])
    b.dispose()
    expect(order).toEqual(['greeter a', 'greeter b'])
  })

  it('a kernel class that is never resolved is never constructed nor disposed', () => {
    order.length = 0
    const c = new InstanceContainer()
    c.value(NameToken, 'unused')
    c.registerClass(GreeterToken, Greeter)
    c.dispose()
    expect(order).toEqual([])
  })

  it('a factory runs once, lazily, on first get, and can resolve other services', () => {
    const c = new InstanceContainer()
    c.value(NameToken, 'clock')
    const factory = vi.fn<ServiceFactory<Clock>>((get) => ({ now: () => get(NameToken).length }))
    c.pluginScope().provide(ClockToken, factory)
    expect(factory).not.toHaveBeenCalled()
    const first = c.get(ClockToken)
    expect(c.get(ClockToken)).toBe(first)
    expect(first.now()).toBe(5)
    expect(factory).toHaveBeenCalledTimes(1)
  })

  it('providing a token twice throws, whoever provides it (kernel or another plugin scope)', () => {
    const c = new InstanceContainer()
    c.value(NameToken, 'a')
    expect(() => c.value(NameToken, 'b')).toThrow('"test.name" is already provided')
    expect(() => c.pluginScope().provide(NameToken, () => 'b')).toThrow('"test.name" is already provided')
    c.pluginScope().provide(ClockToken, () => ({ now: () => 1 }))
    expect(() => c.pluginScope().provide(ClockToken, () => ({ now: () => 2 }))).toThrow('"test.clock" is already provided')
    expect(() => c.registerClass(ClockToken, Greeter as never)).toThrow('"test.clock" is already provided')
  })

  it('disposing a provision disposes the built value and withdraws the token (it can be provided again)', () => {
    const c = new InstanceContainer()
    const dispose = vi.fn()
    const scope = c.pluginScope()
    const reg = scope.provide(ClockToken, () => ({ now: () => 1, dispose }))
    c.get(ClockToken)
    reg.dispose()
    expect(dispose).toHaveBeenCalledTimes(1)
    expect(c.has(ClockToken)).toBe(false)
    expect(() => c.get(ClockToken)).toThrow('Nothing provides "test.clock"')
    scope.provide(ClockToken, () => ({ now: () => 2 }))
    expect(c.get(ClockToken).now()).toBe(2)
    reg.dispose()
    expect(c.get(ClockToken).now()).toBe(2)
  })

  it('disposing a plugin scope withdraws its services and disposes what it built, newest first; the rest stays', () => {
    const c = new InstanceContainer()
    const built: string[] = []
    const scope = c.pluginScope()
    const other = c.pluginScope()
    const Unbuilt = createToken<{ dispose(): void }>('test.unbuilt')
    const Second = createToken<{ dispose(): void }>('test.second')
    scope.provide(ClockToken, () => ({ now: () => 1, dispose: () => built.push('clock') }))
    scope.provide(Unbuilt, () => ({ dispose: () => built.push('never built') }))
    scope.provide(Second, () => ({ dispose: () => built.push('second') }))
    other.provide(NameToken, () => 'other')
    c.get(ClockToken)
    c.get(Second)
    scope.dispose()
    expect(built).toEqual(['second', 'clock'])
    expect([c.has(ClockToken), c.has(Second), c.has(Unbuilt)]).toEqual([false, false, false])
    expect(() => c.get(ClockToken)).toThrow('Nothing provides "test.clock"')
    expect(c.get(NameToken)).toBe('other')
    expect(() => scope.provide(ClockToken, () => ({ now: () => 3 }))).toThrow('This container has been disposed')
    scope.dispose()
    expect(built).toEqual(['second', 'clock'])
  })

  it('a value disposed through its provision is not disposed again when its scope is disposed', () => {
    const c = new InstanceContainer()
    const dispose = vi.fn()
    const scope = c.pluginScope()
    const reg = scope.provide(ClockToken, () => ({ now: () => 1, dispose }))
    c.get(ClockToken)
    reg.dispose()
    scope.dispose()
    expect(dispose).toHaveBeenCalledTimes(1)
  })

  it('after dispose, get throws "The modal was destroyed", has is false, and registering throws', () => {
    const c = new InstanceContainer()
    c.value(NameToken, 'a')
    const scope = c.pluginScope()
    scope.provide(ClockToken, () => ({ now: () => 1 }))
    scope.dispose()
    c.dispose()
    expect(() => c.get(NameToken)).toThrow('The modal was destroyed; cannot resolve "test.name"')
    expect(() => c.get(ClockToken)).toThrow('The modal was destroyed; cannot resolve "test.clock"')
    expect(c.has(NameToken)).toBe(false)
    expect(() => c.value(createToken<number>('test.late'), 1)).toThrow('This container has been disposed')
    c.dispose()
  })
})
