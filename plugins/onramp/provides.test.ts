import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal } from 'portico'
import { onramp, OnrampController, OnrampTokens } from './index.ts'

describe('onramp declares its host token in provides', () => {
  it('modal.get(OnrampTokens.Controller) before modal.ready throws ServiceNotLoadedError, then answers the controller', async () => {
    const modal = createModal({ projectId: 'p1', storage: createMemoryAdapter(), plugins: [onramp()] })
    try {
      expect(() => modal.get(OnrampTokens.Controller)).toThrow(
        expect.objectContaining({ name: 'ServiceNotLoadedError', message: 'Plugin "onramp" provides onramp.controller once loaded: await modal.ready' }),
      )
      await modal.ready
      expect(modal.get(OnrampTokens.Controller)).toBeInstanceOf(OnrampController)
    } finally {
      modal.destroy()
    }
  })
})
