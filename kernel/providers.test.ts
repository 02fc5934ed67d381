import { describe, expect, it } from 'vitest'
import type { ChainNamespace } from './caip/index.ts'
import { createModal } from './modal.ts'
import { definePlugin } from './plugin/contract.ts'
import { chainProviderToken } from './providers.ts'
import { createMemoryAdapter } from './storage/index.ts'

describe('modal.getProvider(namespace) (issue 25 §2)', () => {
  it("answers what the namespace's plugin provides under chainProviderToken, one token per namespace", async () => {
    const provider = { request: async () => 'pong' }
    const modal = createModal({
      storage: createMemoryAdapter(),
      plugins: [definePlugin({ id: 'p', kind: 'feature', portico: '1.x', setup: (ctx) => void ctx.provide(chainProviderToken('tron' as ChainNamespace), () => provider) })],
    })
    await modal.ready
    expect(chainProviderToken('tron' as ChainNamespace)).toBe(chainProviderToken('tron' as ChainNamespace))
    expect(modal.getProvider('tron' as never)).toBe(provider)
    modal.destroy()
  })

  it('throws a clear error when no plugin of the modal serves the namespace', async () => {
    const modal = createModal({ storage: createMemoryAdapter() })
    await modal.ready
    expect(() => modal.getProvider('eip155' as never)).toThrow('No plugin of this modal provides a provider for namespace "eip155"')
    modal.destroy()
  })
})
