import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal } from 'portico'
import { swap, SwapController, SwapTokens } from './index.ts'

describe('swap declares its host token in provides', () => {
  it('modal.get(SwapTokens.Controller) before modal.ready throws ServiceNotLoadedError, then answers the controller', async () => {
    const modal = createModal({ projectId: 'p1', storage: createMemoryAdapter(), plugins: [swap()] })
    try {
      expect(() => modal.get(SwapTokens.Controller)).toThrow(
        expect.objectContaining({ name: 'ServiceNotLoadedError', message: 'Plugin "swap" provides swap.controller once loaded: await modal.ready' }),
      )
      await modal.ready
      expect(modal.get(SwapTokens.Controller)).toBeInstanceOf(SwapController)
    } finally {
      modal.destroy()
    }
  })
})
