import { describe, expect, it, vi } from 'vitest'
import { ModalEventBus } from './bus.ts'

describe('ModalEventBus', () => {
  it('emits the payload to every handler of the type only', () => {
    const bus = new ModalEventBus()
    const open = vi.fn()
    const close = vi.fn()
    bus.on('modal:open', open)
    bus.on('modal:close', close)
    bus.emit('modal:open', { view: 'Account' })
    expect(open).toHaveBeenCalledWith({ view: 'Account' })
    expect(close).not.toHaveBeenCalled()
  })

  it('on returns a Disposable that unsubscribes (and disposing twice is harmless)', () => {
    const bus = new ModalEventBus()
    const a = vi.fn()
    const b = vi.fn()
    const subA = bus.on('modal:close', a)
    bus.on('modal:close', b)
    subA.dispose()
    subA.dispose()
    bus.emit('modal:close', {})
    expect(a).not.toHaveBeenCalled()
    expect(b).toHaveBeenCalledTimes(1)
  })

  it('the same handler subscribed twice is unsubscribed one subscription at a time', () => {
    const bus = new ModalEventBus()
    const h = vi.fn()
    const first = bus.on('modal:close', h)
    bus.on('modal:close', h)
    first.dispose()
    bus.emit('modal:close', {})
    expect(h).toHaveBeenCalledTimes(1)
  })

  it('a throwing handler does not stop the others and is reported', () => {
    const report = vi.fn()
    const bus = new ModalEventBus(report)
    const boom = new Error('boom')
    const before = vi.fn()
    const after = vi.fn()
    bus.on('connection:disconnected', before)
    bus.on('connection:disconnected', () => {
      throw boom
    })
    bus.on('connection:disconnected', after)
    expect(() => bus.emit('connection:disconnected', { namespace: 'eip155', connectorId: 'x' })).not.toThrow()
    expect(before).toHaveBeenCalledTimes(1)
    expect(after).toHaveBeenCalledTimes(1)
    expect(report).toHaveBeenCalledTimes(1)
    expect(report).toHaveBeenCalledWith(boom, 'connection:disconnected')
  })

  it('without a reporter a throwing handler is logged to the console', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const bus = new ModalEventBus()
      const other = vi.fn()
      bus.on('modal:close', () => {
        throw new Error('x')
      })
      bus.on('modal:close', other)
      bus.emit('modal:close', {})
      expect(other).toHaveBeenCalled()
      expect(spy).toHaveBeenCalledWith(expect.stringContaining('modal:close'), expect.any(Error))
    } finally {
      spy.mockRestore()
    }
  })

  it('clear removes every handler', () => {
    const bus = new ModalEventBus()
    const h = vi.fn()
    bus.on('modal:close', h)
    bus.clear()
    bus.emit('modal:close', {})
    expect(h).not.toHaveBeenCalled()
  })
})
