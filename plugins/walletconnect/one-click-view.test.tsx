// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal } from 'portico'
import { Modal, PorticoProvider } from 'portico/react'
import { eip155 } from 'portico/plugins/eip155'
import { siwx } from 'portico/plugins/siwx'
import { walletConnect, WalletConnectTokens } from './index.ts'
import { storyAuthSignClient, storySignClient, storyWallet } from './views/pairing.fixtures.ts'

/** The pairing view's one-click states (issue 28 part 2): the hint line, and a declined sign-in. */
const local = { id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }
const backend = { getNonce: async () => 'viewNonce12345678', verify: async () => true, getSession: async () => undefined, revoke: async () => undefined }

async function show(options: { answer?: 'waiting' | 'declined'; withSiwx?: boolean; locale?: string; nonce?: () => Promise<string> }) {
  const modal = createModal({
    storage: createMemoryAdapter(),
    locale: options.locale,
    plugins: [
      eip155({ networks: [local], builtinNetworks: false, legacyInjected: false }),
      walletConnect({ projectId: 'test', customWallets: [storyWallet], createSignClient: async () => (options.answer ? storyAuthSignClient(options.answer) : storySignClient(false)) }),
      ...(options.withSiwx === false ? [] : [siwx({ ...backend, ...(options.nonce && { getNonce: options.nonce }) })]),
    ],
  })
  await modal.ready
  await act(async () => {
    render(
      <PorticoProvider modal={modal}>
        <Modal />
      </PorticoProvider>,
    )
  })
  await act(async () => modal.open({ view: 'ConnectingWalletConnect', params: { walletId: storyWallet.id, wallet: storyWallet } }))
  return modal
}

afterEach(() => cleanup())

describe('ConnectingWalletConnect with one-click auth', () => {
  it('says one approval connects and signs in, in English and in Japanese; without SIWX there is no such line', async () => {
    await show({ answer: 'waiting' })
    expect(await screen.findByText('One approval in your wallet connects and signs you in.')).toBeTruthy()
    cleanup()
    await show({ answer: 'waiting', locale: 'ja' })
    expect(await screen.findByText('ウォレットで一度承認するだけで、接続とサインインが完了します。')).toBeTruthy()
    cleanup()
    await show({ answer: 'waiting', withSiwx: false })
    await screen.findByRole('img', { name: 'WalletConnect QR code' })
    expect(screen.queryByText('One approval in your wallet connects and signs you in.')).toBeNull()
  })

  it('without a nonce (the SIWX backend unreachable) it pairs as without one-click', async () => {
    const modal = await show({ answer: 'waiting', nonce: () => Promise.reject(new Error('backend down')) })
    await screen.findByRole('img', { name: 'WalletConnect QR code' })
    expect(modal.get(WalletConnectTokens.Connector).pairing.state).toMatchObject({ status: 'ready' })
    expect((modal.get(WalletConnectTokens.Connector).pairing.state as { oneClick?: boolean }).oneClick).toBeUndefined()
    expect(screen.queryByText('One approval in your wallet connects and signs you in.')).toBeNull()
  })

  it('a sign-in the wallet declines shows "Signature declined" and Retry', async () => {
    await show({ answer: 'declined' })
    expect((await screen.findByRole('alert')).textContent).toContain('Signature declined')
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy()
  })
})
