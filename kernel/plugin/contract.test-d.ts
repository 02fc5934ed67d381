import { describe, expectTypeOf, it } from 'vitest'
import type { Modal } from '../modal.ts'
import type { PluginContext, RpcParams, RpcResult, Router, ViewId, ViewParamsOf } from './contract.ts'

// Declaration merging as a plugin does it (its own module path here, 'portico' for a published plugin).
declare module './contract.ts' {
  interface ViewParams {
    TestView: { id: number }
  }
  interface RpcSchema {
    'test:echo': { params: { text: string }; result: string }
  }
}

declare const router: Router
declare const ctx: PluginContext
declare const modal: Modal

describe('plugin contract types', () => {
  it('an augmented view is a ViewId with its params', () => {
    expectTypeOf<'TestView'>().toExtend<ViewId>()
    expectTypeOf<ViewParamsOf<'TestView'>>().toEqualTypeOf<{ id: number }>()
  })

  it('router.push checks the params of the view', () => {
    router.push('TestView', { id: 1 })
    // @ts-expect-error id must be a number
    router.push('TestView', { id: 'x' })
    // @ts-expect-error params are required for a view that declares them
    router.push('TestView')
    // @ts-expect-error unknown view
    router.push('NoSuchView')
    router.push('Account')
    // @ts-expect-error Account takes no params
    router.push('Account', { id: 1 })
    router.replace('ConnectingExternal', { connectorId: 'io.metamask' })
    // @ts-expect-error wrong param name
    router.reset('ConnectingExternal', { id: 'io.metamask' })
  })

  it('registerRpc checks the handler against the schema', () => {
    ctx.registerRpc('test:echo', async ({ text }) => text.toUpperCase())
    // @ts-expect-error the result must be a string
    ctx.registerRpc('test:echo', async () => 42)
    // @ts-expect-error unknown method
    ctx.registerRpc('test:nope', async () => 'x')
    expectTypeOf<RpcParams<'test:echo'>>().toEqualTypeOf<{ text: string }>()
    expectTypeOf<RpcResult<'test:echo'>>().toEqualTypeOf<string>()
  })

  it('request resolves to the result type of the method', () => {
    expectTypeOf(modal.request('test:echo', { text: 'hi' })).toEqualTypeOf<Promise<string>>()
    // @ts-expect-error params are typed
    void modal.request('test:echo', { text: 1 })
  })

  it('registerView takes a loader of the view props', () => {
    ctx.registerView('TestView', async () => ({ default: (props: { params: { id: number } }) => props.params.id }), {
      title: (params) => `#${params.id.toFixed(0)}`,
    })
    // @ts-expect-error the component must accept the declared params
    ctx.registerView('TestView', async () => ({ default: (props: { params: { id: string } }) => props.params.id }))
  })
})
