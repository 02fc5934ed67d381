// @vitest-environment happy-dom
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, ProviderRpcError, type Modal } from 'portico'
import { activeNetworkId } from '../../tests/probe-plugin.ts'
import { describeChainPluginConformance } from 'portico/testing/conformance'
import { eip155, parseAnnouncement, sanitizeIcon, type Eip1193Provider } from './index.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const local = (id: number, rpc = 'http://127.0.0.1:1') => ({
  id,
  name: `Local ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpc] } },
})

/** A fake EIP-1193 wallet (unit tests only; the e2e tests use the real dev wallet on anvil). */
function fakeWallet(known = new Set([31337])) {
  let chainId = 31337
  const calls: string[] = []
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push(method)
      const p = params as Array<{ chainId?: string }> | undefined
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [ADDRESS]
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'wallet_switchEthereumChain': {
          const id = Number(p?.[0]?.chainId)
          if (!known.has(id)) throw new ProviderRpcError(4902, 'Unrecognized chain ID')
          chainId = id
          return null
        }
        case 'wallet_addEthereumChain':
          known.add(Number(p?.[0]?.chainId))
          return null
        case 'personal_sign':
          return '0xsigned'
        default:
          throw new ProviderRpcError(4200, `Unsupported method ${method}`)
      }
    },
    on() {},
    removeListener() {},
  }
  return { provider, calls }
}

function announce(provider: Eip1193Provider, info: Record<string, unknown> = {}) {
  const detail = { info: { uuid: crypto.randomUUID(), name: 'Fake Wallet', rdns: 'dev.fake.wallet', icon: 'data:image/svg+xml,<svg/>', ...info }, provider }
  window.addEventListener('eip6963:requestProvider', () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })))
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
}

let modal: Modal | undefined
afterEach(() => modal?.destroy())

describeChainPluginConformance('eip155', {
  create: () => eip155({ networks: [local(31337)], builtinNetworks: false }),
  connectableWallet: async () => {
    announce(fakeWallet().provider)
    return 'dev.fake.wallet'
  },
})

describe('eip155 plugin', () => {
  it('SPEC §1: serves Ethereum (default), Arbitrum One and Avalanche plus the host networks', async () => {
    modal = createModal({ plugins: [eip155({ networks: [local(31337)] })], storage: createMemoryAdapter() })
    await modal.ready
    const ids = modal.state.networks('eip155').map((n) => n.caipNetworkId)
    expect(ids).toEqual(['eip155:1', 'eip155:42161', 'eip155:43114', 'eip155:31337'])
    expect(activeNetworkId(modal)).toBe('eip155:1')
  })

  it('EIP-6963: names are text, icons only data:image or https, malformed announcements and duplicate rdns dropped', () => {
    expect(sanitizeIcon('javascript:alert(1)')).toBeUndefined()
    expect(sanitizeIcon('data:text/html,<script>')).toBeUndefined()
    expect(sanitizeIcon('http://evil.example/x.png')).toBeUndefined()
    expect(sanitizeIcon('https://wallet.example/icon.png')).toBe('https://wallet.example/icon.png')
    const provider = fakeWallet().provider
    expect(parseAnnouncement({ info: { uuid: 'u', name: ' Nice\u0007 ', rdns: 'a.b' }, provider })?.name).toBe('Nice')
    expect(parseAnnouncement({ info: { uuid: 'u', name: 'x', rdns: 'not rdns' }, provider })).toBeUndefined()
    expect(parseAnnouncement({ info: { uuid: 'u', name: 'x', rdns: 'a.b' }, provider: {} })).toBeUndefined()
    expect(parseAnnouncement('garbage')).toBeUndefined()
  })

  it('SPEC §4: switching to a chain the wallet does not know adds it (4902) and then switches', async () => {
    const wallet = fakeWallet()
    announce(wallet.provider, { rdns: 'dev.switch.wallet' })
    modal = createModal({ plugins: [eip155({ networks: [local(31337), local(31338)], builtinNetworks: false })], storage: createMemoryAdapter() })
    await modal.ready
    await modal.connection.connect('dev.switch.wallet')
    const target = modal.state.networks().find((n) => n.caipNetworkId === 'eip155:31338')!
    await modal.connection.switchNetwork(target)
    expect(wallet.calls.filter((c) => c.startsWith('wallet_'))).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(activeNetworkId(modal)).toBe('eip155:31338')
    expect(modal.state.accounts.getSnapshot().byNamespace.eip155?.caipAddress).toBe(`eip155:31338:${ADDRESS}`)
  })

  it('SPEC §5: a method the wallet does not serve falls back to the HTTP RPC', async () => {
    const rpcCalls: string[] = []
    const server = createServer((req, res) => {
      res.setHeader('access-control-allow-origin', '*')
      res.setHeader('access-control-allow-headers', 'content-type')
      if (req.method === 'OPTIONS') {
        res.end()
        return
      }
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string }
        rpcCalls.push(method)
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x2a' }))
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const rpc = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      announce(fakeWallet().provider, { rdns: 'dev.fallback.wallet' })
      modal = createModal({ plugins: [eip155({ networks: [local(31337, rpc)], builtinNetworks: false })], storage: createMemoryAdapter() })
      await modal.ready
      await modal.connection.connect('dev.fallback.wallet')
      expect(await modal.request('eip155:request', { method: 'eth_blockNumber' })).toBe('0x2a')
      expect(rpcCalls).toEqual(['eth_blockNumber'])
      expect(await modal.request('eip155:personal_sign', { message: 'hi' })).toBe('0xsigned')
    } finally {
      server.close()
    }
  })

  it('SPEC §3: reconnects after reload from the stored connector without prompting', async () => {
    const wallet = fakeWallet()
    announce(wallet.provider, { rdns: 'dev.reload.wallet' })
    const storage = createMemoryAdapter()
    const first = createModal({ plugins: [eip155({ networks: [local(31337)], builtinNetworks: false })], storage })
    await first.ready
    await first.connection.connect('dev.reload.wallet')
    first.destroy()
    wallet.calls.length = 0
    modal = createModal({ plugins: [eip155({ networks: [local(31337)], builtinNetworks: false })], storage })
    await modal.ready
    expect(modal.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(ADDRESS)
    expect(wallet.calls).toContain('eth_accounts')
    expect(wallet.calls).not.toContain('eth_requestAccounts')
  })
})
