// @vitest-environment happy-dom
import { StrictMode } from 'react'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, type Modal as ModalInstance, type WalletListing } from 'portico'
import { Modal, PorticoProvider } from 'portico/react'
import { eip155 } from 'portico/plugins/eip155'
import type { SignClientLike, WcSession } from './connector.ts'
import { walletConnect } from './index.ts'
import { safeWalletLink, walletLinks, withSafeLinks } from './wallet-links.ts'

const URI = 'wc:abc@2?relay-protocol=irn&symKey=k'
const ENC = encodeURIComponent(URI)
const wallet = (over: Partial<WalletListing>): WalletListing => ({ id: 'w', name: 'W', mobile_link: null, desktop_link: null, webapp_link: null, ...over })

describe('wallet links are validated (https: and the wallet\'s own scheme only)', () => {
  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    [' javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['file:///etc/passwd'],
    ['example.com/x'],
    ['//example.com/x'],
    ['http://evil.example/'],
    ['https://'],
    ['https://user:pass@evil.example/'],
  ])('refuses %j as a mobile, desktop and web link, and walletLinks drops it without throwing', (bad) => {
    expect(safeWalletLink(bad, 'mobile')).toBeUndefined()
    expect(safeWalletLink(bad, 'desktop')).toBeUndefined()
    expect(safeWalletLink(bad, 'web')).toBeUndefined()
    expect(walletLinks(wallet({ mobile_link: bad, desktop_link: bad, webapp_link: bad }), URI)).toEqual([])
  })

  it('keeps a custom scheme (mobile, desktop) and https (all three), formatted for the URI', () => {
    const links = walletLinks(
      wallet({ mobile_link: 'mywallet://', desktop_link: 'https://desk.example/open/', webapp_link: 'https://app.example/pair?x=1' }),
      URI,
    )
    expect(links).toEqual([
      { kind: 'mobile', href: `mywallet://wc?uri=${ENC}` },
      { kind: 'desktop', href: `https://desk.example/open/wc?uri=${ENC}` },
      { kind: 'web', href: `https://app.example/pair?x=1&uri=${ENC}` },
    ])
    expect(walletLinks(wallet({ mobile_link: 'my-wallet.v2:' }), URI)).toEqual([{ kind: 'mobile', href: `my-wallet.v2://wc?uri=${ENC}` }])
  })

  it('a custom scheme is not a web app link; http only on this machine (a local demo wallet)', () => {
    expect(safeWalletLink('mywallet://', 'web')).toBeUndefined()
    expect(safeWalletLink('http://127.0.0.1:5174/', 'web')).toBe('http://127.0.0.1:5174/')
    expect(safeWalletLink('http://localhost:5174/', 'web')).toBe('http://localhost:5174/')
    expect(safeWalletLink('http://192.168.1.2/', 'web')).toBeUndefined()
  })

  it('withSafeLinks drops only the bad link, keeps the rest, and checks a listing once', () => {
    const listing = wallet({ mobile_link: 'javascript:alert(1)', desktop_link: 'mywallet://', webapp_link: 'example.com/x' })
    const safe = withSafeLinks(listing)
    expect(safe).toMatchObject({ id: 'w', name: 'W', mobile_link: null, desktop_link: 'mywallet://', webapp_link: null })
    expect(withSafeLinks(listing)).toBe(safe)
    expect(withSafeLinks(safe)).toBe(safe)
    // The listing given is left as it was.
    expect(listing.mobile_link).toBe('javascript:alert(1)')
  })
})

/** Sign-client stand-in: each connect offers a URI and waits for the test to approve. */
class PendingSignClient implements SignClientLike {
  core = { verify: {} }
  session = { getAll: (): WcSession[] => [] }
  readonly approvals: ((s: WcSession) => void)[] = []
  async connect() {
    const answer = new Promise<WcSession>((resolve) => void this.approvals.push(resolve))
    return { uri: `wc:pairing${this.approvals.length}@2?relay-protocol=irn&symKey=abc`, approval: () => answer }
  }
  async request<T>(): Promise<T> {
    throw new Error('unused')
  }
  async disconnect() {}
  on() {}
  off() {}
}

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const session: WcSession = {
  topic: 't',
  namespaces: { eip155: { chains: ['eip155:31337'], accounts: [`eip155:31337:${ADDRESS}`], methods: ['personal_sign'], events: [] } },
  peer: { metadata: { name: 'Fake Wallet', icons: [] } },
}

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

async function mountPairing(customWallets: WalletListing[], strict = false) {
  const client = new PendingSignClient()
  modal = createModal({
    storage: createMemoryAdapter(),
    // The pairing view routes to Account on approval (checked below).
    closeOnConnect: false,
    metadata: { name: 'Test dapp', url: 'http://127.0.0.1' },
    plugins: [
      eip155({ networks: [{ id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }], builtinNetworks: false, legacyInjected: false }),
      walletConnect({ projectId: 'test', createSignClient: async () => client, customWallets }),
    ],
  })
  await modal.ready
  const tree = (
    <PorticoProvider modal={modal}>
      <Modal />
    </PorticoProvider>
  )
  render(strict ? <StrictMode>{tree}</StrictMode> : tree)
  return client
}

describe("the host's custom wallets are checked once, as they arrive", () => {
  it('registers the listings with refused links set to null and good links kept', async () => {
    await mountPairing([{ id: 'evil', name: 'Evil Wallet', mobile_link: 'javascript:alert(1)', desktop_link: 'mywallet://', webapp_link: 'example.com/x' }])
    const custom = modal!.state.connectors.getSnapshot().wallets.custom
    expect(custom).toEqual([expect.objectContaining({ id: 'evil', mobile_link: null, desktop_link: 'mywallet://', webapp_link: null })])
  })
})

describe('the pairing view renders only checked links', () => {
  it('a listing with javascript:, data:, vbscript: and schemeless links renders the QR code and only the good link', async () => {
    await mountPairing([
      { id: 'evil', name: 'Evil Wallet', mobile_link: 'javascript:alert(1)', desktop_link: 'vbscript:msgbox(1)', webapp_link: 'example.com/x' },
      { id: 'data', name: 'Data Wallet', mobile_link: 'data:text/html,hi', desktop_link: 'mywallet://', webapp_link: null },
    ])
    await act(async () => modal!.open({ view: 'ConnectingWalletConnect', params: { walletId: 'evil' } }))
    await screen.findByRole('img', { name: 'WalletConnect QR code' }, { timeout: 10_000 })
    expect(screen.queryAllByRole('link')).toEqual([])
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()

    await act(async () => modal!.open({ view: 'ConnectingWalletConnect', params: { walletId: 'data' } }))
    await screen.findByRole('dialog', { name: 'Data Wallet' })
    const links = await screen.findAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual([expect.stringMatching(/^mywallet:\/\/wc\?uri=wc%3Apairing/)])
  })

  it('under <StrictMode> the pairing view still pairs and routes to Account on approval', async () => {
    const client = await mountPairing([{ id: 'good', name: 'Good Wallet', webapp_link: 'https://app.good.example/' }], true)
    await act(async () => modal!.open({ view: 'ConnectingWalletConnect', params: { walletId: 'good' } }))
    const link = await screen.findByRole('link', { name: 'Open Good Wallet' }, { timeout: 10_000 })
    // The link carries the URI of the pairing that is still live (StrictMode's first mount cancelled its own).
    const live = client.approvals.length
    expect(link.getAttribute('href')).toBe(`https://app.good.example/?uri=${encodeURIComponent(`wc:pairing${live}@2?relay-protocol=irn&symKey=abc`)}`)
    await act(async () => client.approvals[live - 1]!(session))
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
  })
})
