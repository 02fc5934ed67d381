// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { announceProvider, installDevWallet, type EIP6963ProviderDetail } from './index.ts'

// No RPC traffic happens here; the URL only has to be well-formed.
const chains = [{ chainId: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:1' }]

function collect(): { details: EIP6963ProviderDetail[]; stop(): void } {
  const details: EIP6963ProviderDetail[] = []
  const onAnnounce = (e: Event): void => {
    details.push((e as CustomEvent<EIP6963ProviderDetail>).detail)
  }
  window.addEventListener('eip6963:announceProvider', onAnnounce)
  return { details, stop: () => window.removeEventListener('eip6963:announceProvider', onAnnounce) }
}

describe('EIP-6963 announcement', () => {
  const cleanups: Array<() => void> = []
  afterEach(() => {
    for (const c of cleanups.splice(0)) c()
  })

  it('announces on install and answers eip6963:requestProvider with a frozen detail', () => {
    const seen = collect()
    cleanups.push(seen.stop)
    const installed = installDevWallet(window, { chains, autoApprove: true })
    cleanups.push(() => installed.dispose())
    expect(seen.details).toHaveLength(1)

    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen.details).toHaveLength(2)
    const detail = seen.details[1]!
    expect(detail.info).toMatchObject({ name: 'Portico Dev Wallet', rdns: 'dev.portico.wallet' })
    expect(detail.info.icon.startsWith('data:image/svg+xml')).toBe(true)
    expect(detail.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(detail.provider).toBe(installed.wallet)
    expect(Object.isFrozen(detail)).toBe(true)
    expect(Object.isFrozen(detail.info)).toBe(true)
    expect((window as unknown as { ethereum?: unknown }).ethereum).toBeUndefined()
  })

  it('stops answering after dispose()', () => {
    const seen = collect()
    cleanups.push(seen.stop)
    const handle = announceProvider(window, {
      info: { uuid: '6f1c1a6e-2a57-4bd8-9c4e-0b8a1f6f2b11', name: 'Other', icon: 'data:image/svg+xml,<svg/>', rdns: 'dev.other' },
      provider: {},
    })
    handle.dispose()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen.details.map((d) => d.info.name)).toEqual(['Other'])
  })

  it('legacy: true also sets window.ethereum, removed on dispose', async () => {
    const installed = installDevWallet(window, { chains, autoApprove: true, legacy: true })
    const w = window as unknown as { ethereum?: { isPorticoDevWallet?: boolean; request(a: { method: string }): Promise<unknown> } }
    expect(w.ethereum).toBe(installed.wallet)
    expect(w.ethereum?.isPorticoDevWallet).toBe(true)
    expect(await w.ethereum?.request({ method: 'eth_chainId' })).toBe('0x7a69')
    installed.dispose()
    expect(w.ethereum).toBeUndefined()
  })
})
