// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, createToken, deferPlugin, definePlugin, type Modal } from '../../kernel/index.ts'
import { PorticoProvider, useService } from './context.tsx'

// A host reading a deferred plugin's service during its first render (the demo host's SIWX status did, and threw
// "Nothing provides siwx.controller"): useService waits for the plugin's code instead of throwing.
const Greeting = createToken<{ text: string }>('greeter.greeting')

let modal: Modal | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

function deferredGreeter() {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const plugin = deferPlugin({ id: 'greeter', kind: 'feature', portico: '1.x', provides: [Greeting] }, async () => {
    await gate
    return definePlugin({ id: 'greeter', kind: 'feature', portico: '1.x', setup: (ctx) => void ctx.provide(Greeting, () => ({ text: 'Hello from the plugin' })) })
  })
  return { plugin, release }
}

function Greet() {
  return <p>{useService(Greeting).text}</p>
}

describe('useService and deferred plugins', () => {
  it('suspends until the plugin that declares the service has loaded, then renders it', async () => {
    const { plugin, release } = deferredGreeter()
    modal = createModal({ storage: createMemoryAdapter(), plugins: [plugin] })
    await act(async () => {
      render(
        <PorticoProvider modal={modal!}>
          <Suspense fallback={<p>Loading the greeter</p>}>
            <Greet />
          </Suspense>
        </PorticoProvider>,
      )
    })
    expect(screen.getByText('Loading the greeter')).toBeTruthy()
    await act(async () => {
      release()
      await modal!.ready
    })
    expect(await screen.findByText('Hello from the plugin')).toBeTruthy()
    expect(screen.queryByText('Loading the greeter')).toBeNull()
  })

  it('a token no plugin declares still throws "Nothing provides" (no suspension)', () => {
    const { plugin } = deferredGreeter()
    modal = createModal({ storage: createMemoryAdapter(), plugins: [plugin] })
    const Nobody = createToken<{ text: string }>('nobody.greeting')
    function ReadNobody() {
      return <p>{useService(Nobody).text}</p>
    }
    const errors: unknown[] = []
    const onError = (event: ErrorEvent) => {
      errors.push(event.error)
      event.preventDefault()
    }
    window.addEventListener('error', onError)
    try {
      expect(() =>
        render(
          <PorticoProvider modal={modal!}>
            <Suspense fallback={<p>Loading</p>}>
              <ReadNobody />
            </Suspense>
          </PorticoProvider>,
        ),
      ).toThrow('Nothing provides "nobody.greeting"')
    } finally {
      window.removeEventListener('error', onError)
    }
  })
})
