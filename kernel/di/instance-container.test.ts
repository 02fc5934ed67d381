import { describe, expect, it, vi } from 'vitest'
import { createToken } from '../plugin/contract.ts'
import { InstanceContainer } from './instance-container.ts'

interface Clock {
  now(): number
  dispose?(): void
}
const ClockToken = createToken<Clock>('test.clock')
const NameToken = createToken<string>('test.name')

describe('InstanceContainer', () => {
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

  it('a factory runs once, lazily, on first get', () => {
    const c = new InstanceContainer()
    const factory = vi.fn(() => ({ now: () => 1 }))
    c.provide(ClockToken, factory)
    expect(factory).not.toHaveBeenCalled()
    const first = c.get(ClockToken)
    expect(c.get(ClockToken)).toBe(first)
    expect(factory).toHaveBeenCalledTimes(1)
  })

  it('a factory can resolve other services', () => {
    const c = new InstanceContainer()
    c.value(NameToken, 'clock')
    c.provide(ClockToken, (get) => ({ now: () => get(NameToken).length }))
    expect(c.get(ClockToken).now()).toBe(5)
  })

  it('providing a token twice throws', () => {
    const c = new InstanceContainer()
    c.value(NameToken, 'a')
    expect(() => c.value(NameToken, 'b')).toThrow('"test.name" is already provided')
  })

  it('disposing a provision disposes the built value and withdraws the token (it can be provided again)', () => {
    const c = new InstanceContainer()
    const dispose = vi.fn()
    const reg = c.provide(ClockToken, () => ({ now: () => 1, dispose }))
    c.get(ClockToken)
    reg.dispose()
    expect(dispose).toHaveBeenCalledTimes(1)
    expect(c.has(ClockToken)).toBe(false)
    expect(() => c.get(ClockToken)).toThrow('Nothing provides')
    c.provide(ClockToken, () => ({ now: () => 2 }))
    expect(c.get(ClockToken).now()).toBe(2)
  })

  it('disposing the container disposes every built value with dispose(), newest first, and later gets throw', () => {
    const c = new InstanceContainer()
    const order: string[] = []
    c.provide(ClockToken, () => ({ now: () => 1, dispose: () => order.push('clock') }))
    c.provide(createToken<{ dispose(): void }>('test.other'), () => ({ dispose: () => order.push('never built') }))
    const Other = createToken<{ dispose(): void }>('test.second')
    c.provide(Other, () => ({ dispose: () => order.push('second') }))
    c.get(ClockToken)
    c.get(Other)
    c.dispose()
    expect(order).toEqual(['second', 'clock'])
    expect(() => c.get(ClockToken)).toThrow('The modal was destroyed')
    c.dispose()
    expect(order).toEqual(['second', 'clock'])
  })

  it('a value disposed through its provision is not disposed again when the container is disposed', () => {
    const c = new InstanceContainer()
    const dispose = vi.fn()
    const reg = c.provide(ClockToken, () => ({ now: () => 1, dispose }))
    c.get(ClockToken)
    reg.dispose()
    c.dispose()
    expect(dispose).toHaveBeenCalledTimes(1)
  })
})
