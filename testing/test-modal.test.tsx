// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { eip155 } from 'portico/plugins/eip155'
import { solana } from 'portico/plugins/solana'
import { Modal, PorticoProvider, useAccount } from 'portico/react'
import { createFakeWallets, createTestModal, type TestModal } from 'portico/testing'
import { createFakeExampleWallet } from '../plugin-template/fake-wallet.ts'
import { exampleChain } from '../plugin-template/index.ts'

const ACCOUNT0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const local = {
  id: 31337,
  name: 'Portico Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

let t: TestModal | undefined
afterEach(() => {
  cleanup()
  t?.dispose()
  t = undefined
  localStorage.clear()
})

function AccountLine() {
  const { address, isConnected } = useAccount()
  return <p>{isConnected ? `Connected: ${address}` : 'Not connected'}</p>
}

describe('createTestModal (portico/testing)', () => {
  it('connects the fake eip155 wallet through the real plugin, approving its prompt', async () => {
    t = await createTestModal({ plugins: [eip155({ networks: [local], builtinNetworks: false })], wallets: { namespaces: ['eip155'], chains: { eip155: [{ chainId: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:1' }] } } })
    expect(t.address()).toBeUndefined()
    const result = await t.connect()
    expect(result.accounts[0]?.address).toBe(ACCOUNT0)
    expect(t.address('eip155')).toBe(ACCOUNT0)
    expect(t.wallets.pendingRequests()).toEqual([])
  })

  it('a rejected connect rejects with 4001 and leaves the app disconnected', async () => {
    t = await createTestModal({ plugins: [eip155({ networks: [local], builtinNetworks: false })], wallets: { namespaces: ['eip155'] } })
    await expect(t.connect({ answer: 'reject' })).rejects.toMatchObject({ code: 4001 })
    expect(t.address()).toBeUndefined()
  })

  it('solana too: the Wallet Standard fake wallet connects through the solana plugin', async () => {
    t = await createTestModal({ plugins: [solana()], wallets: { namespaces: ['solana'] } })
    const [expected] = (await t.wallets.accounts()).solana!
    await t.connect({ namespace: 'solana' })
    expect(t.address('solana')).toBe(expected)
  })

  it('a host component renders the connection; the wallet dropping the site disconnects it; waitForView sees the modal', async () => {
    t = await createTestModal({ plugins: [eip155({ networks: [local], builtinNetworks: false })], wallets: { namespaces: ['eip155'] } })
    render(
      <PorticoProvider modal={t.modal}>
        <AccountLine />
        <Modal />
      </PorticoProvider>,
    )
    expect(screen.getByText('Not connected')).toBeTruthy()
    await act(() => t!.connect())
    expect(await screen.findByText(`Connected: ${ACCOUNT0}`)).toBeTruthy()
    await act(async () => t!.wallets.setFailures({ disconnected: true }))
    await act(() => t!.waitFor(() => t!.address() === undefined, 'the disconnect'))
    expect(await screen.findByText('Not connected')).toBeTruthy()
    act(() => t!.modal.open())
    await t.waitForView('Connect')
    expect(t.view()).toEqual({ view: 'Connect', open: true })
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
  })

  it("issue 24: a third party's fake wallet of another namespace connects through its WalletDriver", async () => {
    const fake = createFakeExampleWallet()
    t = await createTestModal({ plugins: [exampleChain({ wallet: fake.wallet })], drivers: { example: fake.driver } })
    const result = await t.connect()
    expect(result.accounts[0]?.address).toBe(`ex1${'1'.repeat(38)}`)
    expect(t.address('example')).toBe(`ex1${'1'.repeat(38)}`)
    await t.modal.connection.disconnect('example')
    await expect(t.connect({ answer: 'reject' })).rejects.toMatchObject({ code: 4001 })
    expect(t.address('example')).toBeUndefined()
  })

  it('issue 24: connect() to a namespace with neither a driver nor a fake wallet fails at once, naming it', async () => {
    const fake = createFakeExampleWallet()
    // A long timeout: the old behaviour waited for it and then reported a missing request instead.
    t = await createTestModal({ plugins: [exampleChain({ wallet: fake.wallet })], timeoutMs: 600_000 })
    await expect(t.connect({ namespace: 'example' })).rejects.toThrow('createTestModal: no wallet for namespace "example": pass a WalletDriver for it in `drivers: { example: ... }`')
    await expect(t.connect()).rejects.toThrow('createTestModal: no plugin namespace has a fake wallet or a driver')
  })

  it('waitFor gives up with a clear error after timeoutMs', async () => {
    t = await createTestModal({ plugins: [eip155({ networks: [local], builtinNetworks: false })], wallets: { namespaces: ['eip155'] }, timeoutMs: 50 })
    await expect(t.waitForView('Account')).rejects.toThrow('createTestModal: the Account view did not happen within 50 ms')
  })

  it("prompt 'dom': the in-page prompt (role dialog, Approve / Reject) answers the fake wallet too", async () => {
    const wallets = createFakeWallets({ namespaces: ['eip155'], prompt: 'dom', storage: null })
    const connecting = wallets.eip155!.request({ method: 'eth_requestAccounts' })
    const prompt = await screen.findByRole('dialog', { name: 'Portico Dev Wallet' })
    expect(prompt.textContent).toContain('eth_requestAccounts')
    expect(wallets.pendingRequests()).toHaveLength(1)
    act(() => within(prompt).getByRole('button', { name: 'Approve' }).click())
    await expect(connecting).resolves.toEqual([ACCOUNT0])
    expect(wallets.pendingRequests()).toEqual([])
    expect(screen.queryByRole('dialog', { name: 'Portico Dev Wallet' })).toBeNull()
  })
})
