import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal } from 'portico'
import { embeddedWallet, EmbeddedWalletController, EmbeddedWalletTokens } from './index.ts'

describe('embedded-wallet declares its host token in provides', () => {
  it('modal.get(EmbeddedWalletTokens.Services) before modal.ready throws ServiceNotLoadedError, then answers the services', async () => {
    const modal = createModal({ projectId: 'p1', storage: createMemoryAdapter(), plugins: [embeddedWallet({ secureSiteUrl: 'https://secure.example' })] })
    try {
      expect(() => modal.get(EmbeddedWalletTokens.Services)).toThrow(
        expect.objectContaining({ name: 'ServiceNotLoadedError', message: 'Plugin "embedded-wallet" provides embedded-wallet.services once loaded: await modal.ready' }),
      )
      await modal.ready
      expect(modal.get(EmbeddedWalletTokens.Services).controller).toBeInstanceOf(EmbeddedWalletController)
    } finally {
      modal.destroy()
    }
  })
})
