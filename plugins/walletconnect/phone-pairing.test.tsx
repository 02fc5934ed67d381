// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Modal } from 'portico'
import { PorticoProvider } from 'portico/react'
import { createStoryModal } from '../../storybook/story-modal.tsx'
import { storySignClient, storyWallet } from './views/pairing.fixtures.ts'
import { WalletConnectPairing } from './views/Pairing.tsx'
import { walletConnect } from './index.ts'

let modal: Modal | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
})

async function pairing(phone: boolean) {
  modal = await createStoryModal({ plugins: () => [walletConnect({ projectId: 'test', customWallets: [storyWallet], createSignClient: async () => storySignClient(false) })] })
  await act(async () => {
    render(
      <PorticoProvider modal={modal!}>
        <WalletConnectPairing walletId="demo" phone={phone} />
      </PorticoProvider>,
    )
  })
}

describe('issue 30: on a phone the wallet app link comes first, the QR code is a secondary choice', () => {
  it('phone: "Open … mobile app" is the primary action, no QR code until "Show QR code"', async () => {
    await pairing(true)
    const open = await screen.findByRole('link', { name: 'Open Portico Demo Wallet mobile app' }, { timeout: 5000 })
    expect(open.getAttribute('href')).toMatch(/^portico:\/\/wc\?uri=wc%3A/)
    expect(screen.queryByRole('img', { name: 'WalletConnect QR code' })).toBeNull()
    // The web app link is left for the QR screen: one primary action.
    expect(screen.getAllByRole('link')).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Show QR code' }))
    expect(screen.getByRole('img', { name: 'WalletConnect QR code' })).toBeTruthy()
  })

  it('larger screens keep the QR code first', async () => {
    await pairing(false)
    expect(await screen.findByRole('img', { name: 'WalletConnect QR code' }, { timeout: 5000 })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Show QR code' })).toBeNull()
  })
})
