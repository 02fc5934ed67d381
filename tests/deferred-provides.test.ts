import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, type PluginDefinition, type Token } from 'portico'
import { swap, SwapController, SwapTokens } from 'portico/plugins/swap'
import { onramp, OnrampController, OnrampTokens } from 'portico/plugins/onramp'
import { embeddedWallet, EmbeddedWalletController, EmbeddedWalletTokens } from 'portico/plugins/embedded-wallet'

// Deferred plugins declare their host tokens in `provides`: reading one before modal.ready says to await it
// (ServiceNotLoadedError), not "Nothing provides"; once loaded it answers the service.
const cases: { id: string; plugin: () => PluginDefinition; token: Token<unknown>; message: string; loaded: (service: unknown) => void }[] = [
  {
    id: 'swap',
    plugin: () => swap(),
    token: SwapTokens.Controller,
    message: 'Plugin "swap" provides swap.controller once loaded: await modal.ready',
    loaded: (service) => expect(service).toBeInstanceOf(SwapController),
  },
  {
    id: 'onramp',
    plugin: () => onramp(),
    token: OnrampTokens.Controller,
    message: 'Plugin "onramp" provides onramp.controller once loaded: await modal.ready',
    loaded: (service) => expect(service).toBeInstanceOf(OnrampController),
  },
  {
    id: 'embedded-wallet',
    plugin: () => embeddedWallet({ secureSiteUrl: 'https://secure.example' }),
    token: EmbeddedWalletTokens.Services,
    message: 'Plugin "embedded-wallet" provides embedded-wallet.services once loaded: await modal.ready',
    loaded: (service) => expect((service as { controller: unknown }).controller).toBeInstanceOf(EmbeddedWalletController),
  },
]

describe('deferred feature plugins declare their host tokens in provides', () => {
  it.each(cases)('$id: modal.get before modal.ready throws ServiceNotLoadedError, then answers the service', async ({ plugin, token, message, loaded }) => {
    const modal = createModal({ projectId: 'p1', storage: createMemoryAdapter(), plugins: [plugin()] })
    try {
      expect(() => modal.get(token)).toThrow(expect.objectContaining({ name: 'ServiceNotLoadedError', message }))
      await modal.ready
      loaded(modal.get(token))
    } finally {
      modal.destroy()
    }
  })
})
