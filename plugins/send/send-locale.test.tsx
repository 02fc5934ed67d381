// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, type Modal as ModalInstance } from 'portico'
import { Modal, PorticoProvider } from 'portico/react'
import { messages, sendErrorText } from './messages.ts'
import { send } from './index.ts'
import { SendText } from './errors.ts'
import { SendPreview } from './views/parts.tsx'

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

describe('send in another language (issue 17 locales)', () => {
  it('with the modal in French the send preview view shows the French catalogue', async () => {
    modal = createModal({ plugins: [send()], storage: createMemoryAdapter(), locale: 'fr' })
    await modal.ready
    await act(async () => {
      render(
        <PorticoProvider modal={modal!}>
          <Modal />
        </PorticoProvider>,
      )
    })
    await act(async () => modal!.open({ view: 'WalletSendPreview' }))
    expect(await screen.findByText('Rien à envoyer', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByText('Choisissez d’abord un jeton, un montant et un destinataire.')).toBeTruthy()
    expect(screen.queryByText('Nothing to send')).toBeNull()
  })

  it('the preview groups the amount per language, every digit kept, and translates the flow’s own errors', async () => {
    const de = (await messages.load.de()).default
    const token = { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', decimals: 6, balance: '5000', price: 1 }
    render(<SendPreview t={de} locale="de" token={token} amount="1234.000001" receiverAddress="0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc" onSend={() => undefined} onCancel={() => undefined} />)
    expect(screen.getByText('1.234,000001 USDC')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Senden' })).toBeTruthy()
    expect(sendErrorText(de, SendText.REJECTED)).toBe('Die Wallet hat die Transaktion abgelehnt')
    expect(sendErrorText(de, 'Insufficient USDC balance')).toBe('USDC-Guthaben reicht nicht aus')
    expect(sendErrorText(de, 'a wallet said something else')).toBe('a wallet said something else')
  })
})
