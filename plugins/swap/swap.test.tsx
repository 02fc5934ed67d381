// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryAdapter, createModal, definePlugin, ProviderRpcError, type AccountEntry, type CaipNetwork, type Modal as ModalInstance } from 'portico'
import { Modal, PorticoProvider } from 'portico/react'
import { trackLeaks } from 'portico/testing/conformance'
import type { ConvertClient, ConvertToken } from './api.ts'
import { swap, SwapTokens } from './index.ts'

const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const network: CaipNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}
const C = 'eip155:31337'
const ETH: ConvertToken = { name: 'Ether', symbol: 'ETH', address: `${C}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, decimals: 18 }
const USDC: ConvertToken = { name: 'USD Coin', symbol: 'USDC', address: `${C}:0x5fbdb2315678afecb367f032d93f642f64180aa3`, decimals: 6 }
const DAI: ConvertToken = { name: 'Dai', symbol: 'DAI', address: `${C}:0xe7f1725e7734ce288f8367e1bb143e90bb3f0512`, decimals: 18 }

/** A fake eip155 chain with the RPC methods the swap plugin calls (unit tests may fake the wallet; e2e uses the dev wallet). */
function fakeChain() {
  const sent: Array<{ to: string; data?: string }> = []
  const plugin = definePlugin({
    id: 'fake-chain',
    kind: 'chain',
    namespace: 'eip155',
    portico: '1.x',
    setup(ctx) {
      ctx.registerChain({ namespace: 'eip155', networks: [network], isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a) })
      ctx.registerConnector(() => ({
        id: 'fake',
        name: 'Fake Wallet',
        type: 'INJECTED',
        chain: 'eip155',
        connect: async () => ({ accounts: [{ namespace: 'eip155', address: USER, type: 'eoa' } as AccountEntry], caipNetworkId: network.caipNetworkId }),
        reconnect: async () => undefined,
        disconnect: async () => undefined,
      }))
      const register = ctx.registerRpc as unknown as (m: string, h: (p: any) => Promise<unknown>) => void
      register('eip155:eth_sendTransaction', async (tx: { to: string; data?: string }) => {
        sent.push(tx)
        return `0x${String(sent.length).padStart(64, '0')}`
      })
      register('eip155:request', async ({ method }: { method: string }) => {
        if (method === 'eth_getBalance') return '0xde0b6b3a7640000'
        if (method === 'eth_call') return `0x${(1000_000000n).toString(16)}`
        if (method === 'eth_getTransactionReceipt') return { status: '0x1' }
        throw new ProviderRpcError(4200, 'unsupported')
      })
    },
  })
  return { plugin, sent }
}

function fakeApi(tokens: ConvertToken[] = [ETH, USDC, DAI]) {
  let allowance = 0n
  const api = {
    tokens: vi.fn(async () => tokens),
    quote: vi.fn(async ({ amount, from, to }: { amount: bigint; from: string; to: string }) => ({ id: 'q', fromAccount: from, toAccount: to, fromAmount: amount, toAmount: amount * 997n * 10n ** 9n })),
    allowance: vi.fn(async () => allowance),
    gasPrice: vi.fn(async () => ({ standard: 1_000_000_000n, fast: 1_200_000_000n, instant: 1_500_000_000n })),
    buildApprove: vi.fn(async ({ amount }: { amount: bigint }) => {
      allowance = amount
      return { from: USER, to: '0x5fbdb2315678afecb367f032d93f642f64180aa3', data: '0x095ea7b3', value: 0n, gas: 50_000n, gasPrice: 1n } as const
    }),
    buildTransaction: vi.fn(async () => ({ from: USER, to: '0x1111111111111111111111111111111111111111', data: '0x38ed1739', value: 0n, gas: 150_000n, gasPrice: 1n }) as const),
    prices: vi.fn(async () => ({})),
  } satisfies ConvertClient
  return api
}

let modals: ModalInstance[] = []
afterEach(() => {
  cleanup()
  for (const m of modals) m.destroy()
  modals = []
})

async function setup(api = fakeApi(), locale?: string) {
  const chain = fakeChain()
  const modal = createModal({ projectId: 'test-project', plugins: [chain.plugin, swap({ api, receiptPollMs: 1 })], storage: createMemoryAdapter(), ...(locale && { locale }) })
  modals.push(modal)
  await modal.ready
  return { modal, chain, api }
}

function show(modal: ModalInstance) {
  render(
    <PorticoProvider modal={modal}>
      <Modal />
    </PorticoProvider>,
  )
}

describe('swap plugin views', () => {
  it('Account "Swap": pick USDC and DAI, type 10, Approve USDC, then Swap; success snackbar and back to Account', async () => {
    const t = await setup()
    show(t.modal)
    await act(() => t.modal.connection.connect('fake', 'eip155'))
    act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Swap' }))
    await screen.findByRole('dialog', { name: 'Swap' })
    fireEvent.click(await screen.findByRole('button', { name: 'You pay: ETH' }))
    fireEvent.click(await screen.findByRole('button', { name: /^USDC/ }))
    expect((await screen.findByRole('button', { name: 'Select a token' })).hasAttribute('disabled')).toBe(true)
    fireEvent.click(await screen.findByRole('button', { name: 'You receive: Select token' }))
    fireEvent.click(await screen.findByRole('button', { name: /^DAI/ }))
    expect((await screen.findByRole('button', { name: 'Enter an amount' })).hasAttribute('disabled')).toBe(true)
    fireEvent.change(await screen.findByRole('textbox', { name: 'You pay' }), { target: { value: '5000' } })
    // The primary button names what blocks it.
    expect((await screen.findByRole('button', { name: 'Insufficient USDC balance' })).hasAttribute('disabled')).toBe(true)
    fireEvent.change(screen.getByRole('textbox', { name: 'You pay' }), { target: { value: '10' } })
    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'You receive' }).textContent).toBe('9.97'), { timeout: 3000 })
    // The rate line opens the details.
    fireEvent.click(screen.getByRole('button', { name: '1 USDC = 0.997 DAI' }))
    expect(screen.getByText('9.8703 DAI')).toBeTruthy()
    expect(screen.getByText('0.00015 ETH')).toBeTruthy()
    // Slippage is edited behind the settings button.
    expect(screen.queryByRole('textbox', { name: 'Slippage tolerance (%)' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Slippage settings' }))
    expect((screen.getByRole('textbox', { name: 'Slippage tolerance (%)' }) as HTMLInputElement).value).toBe('1')
    fireEvent.click(screen.getByRole('button', { name: 'Review swap' }))
    await screen.findByRole('dialog', { name: 'Review swap' })
    fireEvent.click(await screen.findByRole('button', { name: 'Approve USDC' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Swap' }, { timeout: 3000 }))
    await vi.waitFor(() => expect(t.modal.router.current.view).toBe('Account'), { timeout: 3000 })
    // The snackbar replaces "Approved USDC" after its replace delay.
    await vi.waitFor(() => expect(t.modal.state.snackbar.getSnapshot().message).toBe('Swapped 10 USDC for about 9.97 DAI'), { timeout: 3000 })
    expect(t.chain.sent.map((tx) => tx.data)).toEqual(['0x095ea7b3', '0x38ed1739'])
    expect(t.api.buildTransaction).toHaveBeenCalledWith(expect.objectContaining({ slippage: '1', amount: 10_000_000n }))
  })

  it('shows "Network not supported for Swaps" when the network has no swap tokens', async () => {
    const t = await setup(fakeApi([]))
    show(t.modal)
    await act(() => t.modal.connection.connect('fake', 'eip155'))
    act(() => t.modal.open({ view: 'Swap' }))
    expect(await screen.findByText('Network not supported for Swaps')).toBeTruthy()
  })

  it('registers its views and the Account action through the context; destroy() leaves no timer or listener behind', async () => {
    const leaks = trackLeaks()
    try {
      const t = await setup()
      expect(t.modal.views.loader('Swap')).toBeTypeOf('function')
      expect(t.modal.views.loader('SwapSelectToken')).toBeTypeOf('function')
      expect(t.modal.views.loader('SwapPreview')).toBeTypeOf('function')
      await t.modal.connection.connect('fake', 'eip155')
      const controller = t.modal.get(SwapTokens.Controller)
      await controller.open()
      controller.setAmount('5')
      t.modal.destroy()
      modals = []
      expect(leaks.liveListeners()).toEqual([])
      expect(leaks.pendingTimers()).toEqual([])
    } finally {
      leaks.restore()
    }
  })
})

describe('swap in another language (issue 17 locales)', () => {
  it('with the modal in French the Swap view shows the French catalogue', async () => {
    const t = await setup(fakeApi(), 'fr')
    await act(async () => show(t.modal))
    await act(() => t.modal.connection.connect('fake', 'eip155'))
    await act(async () => t.modal.open({ view: 'Swap' }))
    expect(await screen.findByRole('textbox', { name: 'Vous payez' }, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Vous payez : ETH' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Vous recevez : Choisir un jeton' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Choisissez un jeton' })).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'You pay' })).toBeNull()
  })
})
