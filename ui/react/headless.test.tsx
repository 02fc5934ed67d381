// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { definePlugin, type Connector } from 'portico'
import { eip155 } from 'portico/plugins/eip155'
import { Modal, PorticoProvider, useWallets, WalletButton } from 'portico/react'
import { createTestModal, type TestModal } from 'portico/testing'
import { CustomConnect } from '../../docs/examples/headless/CustomConnect.tsx'

const LOCAL = { id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }
const DEV_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A wallet that is not installed in the browser (a plugin's EXTERNAL connector): it connects through a view. */
function externalWallet(connect: Connector['connect']) {
  return definePlugin({
    id: 'external-wallet',
    kind: 'feature',
    portico: '1.x',
    setup(ctx) {
      ctx.registerConnector(() => ({ id: 'far-wallet', name: 'Far Wallet', chain: 'eip155', type: 'EXTERNAL', connect, disconnect: async () => undefined }))
    },
  })
}

let t: TestModal | undefined
afterEach(() => {
  cleanup()
  t?.dispose()
  t = undefined
})

async function setup(connect: Connector['connect'] = () => new Promise(() => undefined), locale?: string) {
  t = await createTestModal({ plugins: [eip155({ networks: [LOCAL], builtinNetworks: false, legacyInjected: false }), externalWallet(connect)], wallets: { namespaces: ['eip155'] }, ...(locale && { modal: { locale } }) })
  return t
}

const mount = (t: TestModal, children: React.ReactNode) =>
  render(
    <PorticoProvider modal={t.modal}>
      {children}
      <Modal />
    </PorticoProvider>,
  )

describe('headless: useWallets, useConnect, WalletButton (issue 25 §4)', () => {
  it('useWallets lists the Connect list in SPEC §2 order with install state', async () => {
    const t = await setup()
    let seen: ReturnType<typeof useWallets> = []
    function Probe() {
      seen = useWallets()
      return null
    }
    mount(t, <Probe />)
    await vi.waitFor(() => expect(seen.map((w) => [w.name, w.group, w.installed])).toEqual([
      ['Portico Dev Wallet', 'injected', true],
      ['Far Wallet', 'external', false],
    ]))
    expect(seen[0]).toMatchObject({ id: 'dev.portico.wallet', rdns: 'dev.portico.wallet', namespaces: ['eip155'] })
  })

  it("the docs' custom connect screen connects an installed wallet with no modal at all", async () => {
    const t = await setup()
    mount(t, <CustomConnect />)
    fireEvent.click(await screen.findByRole('button', { name: 'Portico Dev Wallet (installed)' }))
    expect((await screen.findByRole('status')).textContent).toBe('Waiting for Portico Dev Wallet…')
    const request = await t.wallets.nextRequest()
    expect(request.method).toBe('eth_requestAccounts')
    act(() => t.wallets.approve())
    expect((await screen.findByText(/^Connected /)).textContent).toBe(`Connected ${DEV_ACCOUNT_0}`)
    expect(t.view().open).toBe(false)
  })

  it("the docs' screen shows the wallet's rejection in the SPEC §8 words, and stays usable", async () => {
    const t = await setup()
    mount(t, <CustomConnect />)
    fireEvent.click(await screen.findByRole('button', { name: 'Portico Dev Wallet (installed)' }))
    await t.wallets.nextRequest()
    act(() => t.wallets.reject())
    expect((await screen.findByRole('alert')).textContent).toBe('User rejected the request.')
    expect(screen.getByRole('button', { name: 'Portico Dev Wallet (installed)' }).hasAttribute('disabled')).toBe(false)
    expect(t.view().open).toBe(false)
  })

  it('a wallet that is not installed shows only its connecting view ("Continue in …"); closing it says "Modal closed"', async () => {
    const t = await setup()
    mount(t, <CustomConnect />)
    fireEvent.click(await screen.findByRole('button', { name: 'Far Wallet' }))
    await t.waitForView('ConnectingExternal')
    expect(t.modal.router.history.map((e) => e.view)).toEqual(['ConnectingExternal'])
    expect(await screen.findByText('Continue in Far Wallet')).toBeTruthy()
    act(() => t.modal.close())
    expect((await screen.findByRole('alert')).textContent).toBe('Modal closed')
  })

  it('<WalletButton wallet> by rdns or name: "Connect <name>", connects, and is disabled for a wallet not in the list', async () => {
    const t = await setup()
    mount(t, <>
      <WalletButton wallet="dev.portico.wallet" />
      <WalletButton wallet="MetaMask" />
    </>)
    const button = await screen.findByRole('button', { name: 'Connect Portico Dev Wallet' })
    expect(screen.getByRole('button', { name: 'Connect MetaMask' }).hasAttribute('disabled')).toBe(true)
    fireEvent.click(button)
    await t.wallets.nextRequest()
    act(() => t.wallets.approve())
    await t.waitFor(() => t.address() === DEV_ACCOUNT_0, 'connected')
    expect(t.view().open).toBe(false)
  })

  it("<WalletButton>'s label comes from the message catalogues, in each of the modal's eight translated languages", async () => {
    const expected = {
      de: 'Portico Dev Wallet verbinden',
      es: 'Conectar Portico Dev Wallet',
      fr: 'Connecter Portico Dev Wallet',
      ja: 'Portico Dev Wallet に接続',
      ko: 'Portico Dev Wallet 연결',
      'pt-BR': 'Conectar Portico Dev Wallet',
      'zh-CN': '连接 Portico Dev Wallet',
      ar: 'ربط Portico Dev Wallet',
    }
    for (const [locale, label] of Object.entries(expected)) {
      const t = await setup(undefined, locale)
      mount(t, <WalletButton wallet="dev.portico.wallet" />)
      expect(await screen.findByRole('button', { name: label })).toBeTruthy()
      cleanup()
      t.dispose()
    }
    t = undefined
  })
})
