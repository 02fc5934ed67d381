// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryAdapter, createModal, definePlugin, type AccountEntry, type CaipNetwork, type Modal as ModalInstance } from 'portico'
import { Modal, PorticoProvider } from 'portico/react'
import { trackLeaks } from 'portico/testing/conformance'
import {
  amountProblem,
  defaultOnrampOptions,
  onramp,
  onrampApi,
  OnrampTokens,
  type OnrampApi,
  type OnrampOptions,
  type OnrampQuote,
} from './index.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const network: CaipNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

function fakeChain(namespace: 'eip155' | 'solana' = 'eip155') {
  const result = () => ({ accounts: [{ namespace, address: ADDRESS, type: 'eoa' } as AccountEntry], caipNetworkId: `${namespace}:31337` as const })
  return definePlugin({
    id: `fake-${namespace}`,
    kind: 'chain',
    namespace,
    portico: '1.x',
    setup(ctx) {
      ctx.registerChain({ namespace, networks: [{ ...network, chainNamespace: namespace, caipNetworkId: `${namespace}:31337` }], isAddress: () => true })
      ctx.registerConnector(() => ({ id: `fake-${namespace}`, name: 'Fake Wallet', type: 'INJECTED', chain: namespace, connect: async () => result(), reconnect: async () => result(), disconnect: async () => undefined }))
    },
  })
}

const serverOptions: OnrampOptions = defaultOnrampOptions([{ name: 'eip155-31337', display_name: 'Portico Local', chain_id: '31337', contract_address: '' }])
const quote50: OnrampQuote = {
  coinbaseFee: { amount: '0.50', currency: 'USD' },
  networkFee: { amount: '1.00', currency: 'USD' },
  paymentSubtotal: { amount: '48.50', currency: 'USD' },
  paymentTotal: { amount: '50.00', currency: 'USD' },
  purchaseAmount: { amount: '0.016166666', currency: 'ETH' },
  quoteId: 'q1',
}
const PAGE = 'http://127.0.0.1:9/onramp-provider/00000000-0000-4000-8000-000000000001'

function fakeApi(o: { options?: 'fail'; quote?: 'fail'; order?: Array<'pending' | 'completed' | 'failed'> } = {}) {
  const calls: Array<[string, unknown]> = []
  const orders = [...(o.order ?? ['completed'])]
  const api: OnrampApi = {
    getOptions: async () => {
      calls.push(['options', undefined])
      if (o.options === 'fail') throw new Error('HTTP 503')
      return serverOptions
    },
    getQuote: async (input) => {
      calls.push(['quote', input])
      if (o.quote === 'fail') throw new Error('quote: HTTP 500')
      return quote50
    },
    generateUrl: async (input) => {
      calls.push(['url', input])
      return PAGE
    },
    getOrder: async (url) => {
      calls.push(['order', url])
      return { id: '1', status: orders.shift() ?? 'pending', txHash: '0xabc' }
    },
  }
  return { api, calls }
}

let modals: ModalInstance[] = []
afterEach(() => {
  cleanup()
  for (const m of modals) m.destroy()
  modals = []
  vi.useRealTimers()
})

async function setup(o: Parameters<typeof fakeApi>[0] = {}, namespace: 'eip155' | 'solana' = 'eip155', locale?: string) {
  const { api, calls } = fakeApi(o)
  const opened: string[] = []
  const modal = createModal({ plugins: [fakeChain(namespace), onramp({ api, openWindow: (u) => opened.push(u) })], storage: createMemoryAdapter(), projectId: 'p1', ...(locale && { locale }) })
  modals.push(modal)
  await modal.ready
  await modal.connection.connect(`fake-${namespace}`, namespace)
  return { modal, calls, opened, controller: modal.get(OnrampTokens.Controller) }
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000 })

describe('SPEC §5 on-ramp default limits (USD and EUR): card 10.00 to 7500.00, ACH 10.00 to 25000.00', () => {
  const options = defaultOnrampOptions()

  it('the built-in options carry exactly these limits for USD and EUR', () => {
    expect(options.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    for (const c of options.paymentCurrencies) {
      expect(c.payment_method_limits).toEqual([
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ACH_BANK_ACCOUNT', min: '10.00', max: '25000.00' },
      ])
    }
  })

  for (const currency of ['USD', 'EUR']) {
    it(`card in ${currency}: 10.00 and 7500.00 pass, 9.99 and 7500.01 do not`, () => {
      expect(amountProblem('10.00', currency, 'card', options)).toBeUndefined()
      expect(amountProblem('10', currency, 'card', options)).toBeUndefined()
      expect(amountProblem('7500.00', currency, 'card', options)).toBeUndefined()
      expect(amountProblem('9.99', currency, 'card', options)).toBe(`The minimum amount is 10.00 ${currency}`)
      expect(amountProblem('7500.01', currency, 'card', options)).toBe(`The maximum amount is 7500.00 ${currency}`)
    })
    it(`ACH in ${currency}: 10.00 and 25000.00 pass, 9.99 and 25000.01 do not`, () => {
      expect(amountProblem('10.00', currency, 'ACH_BANK_ACCOUNT', options)).toBeUndefined()
      expect(amountProblem('25000.00', currency, 'ACH_BANK_ACCOUNT', options)).toBeUndefined()
      expect(amountProblem('7500.01', currency, 'ACH_BANK_ACCOUNT', options)).toBeUndefined()
      expect(amountProblem('9.99', currency, 'ACH_BANK_ACCOUNT', options)).toBe(`The minimum amount is 10.00 ${currency}`)
      expect(amountProblem('25000.01', currency, 'ACH_BANK_ACCOUNT', options)).toBe(`The maximum amount is 25000.00 ${currency}`)
    })
  }

  it('other currencies, methods and malformed amounts are refused', () => {
    expect(amountProblem('50', 'GBP', 'card', options)).toBe('Unknown payment currency: GBP')
    expect(amountProblem('50', 'USD', 'paypal', options)).toBe('Unknown payment method: paypal')
    for (const bad of ['-10', '1e3', '10.001', 'ten', '0x20']) expect(amountProblem(bad, 'USD', 'card', options)).toBe('Enter an amount with at most 2 decimals')
  })
})

describe('SPEC §7 on-ramp calls', () => {
  it('the options failure falls back to the built-in defaults', async () => {
    const t = await setup({ options: 'fail' })
    await t.controller.load()
    const s = t.controller.store.getSnapshot()
    expect(s.optionsSource).toBe('default')
    expect(s.options.paymentCurrencies.find((c) => c.id === 'EUR')?.payment_method_limits.find((l) => l.id === 'card')).toEqual({ id: 'card', min: '10.00', max: '7500.00' })
    expect(s.purchaseCurrency).toBe('ETH')
  })

  it('options from the API: the network of the active chain is preselected', async () => {
    const t = await setup()
    await t.controller.load()
    expect(t.controller.store.getSnapshot()).toMatchObject({ optionsSource: 'api', network: 'eip155-31337', paymentCurrency: 'USD', paymentMethod: 'card' })
  })

  it('a quote failure yields a placeholder quote', async () => {
    const t = await setup({ quote: 'fail' })
    await t.controller.load()
    t.controller.setAmount('50')
    await until(() => t.controller.store.getSnapshot().quoteStatus === 'placeholder')
    expect(t.controller.store.getSnapshot().quote).toEqual({
      coinbaseFee: { amount: '0.00', currency: 'USD' },
      networkFee: { amount: '0.00', currency: 'USD' },
      paymentSubtotal: { amount: '50.00', currency: 'USD' },
      paymentTotal: { amount: '50.00', currency: 'USD' },
      purchaseAmount: { amount: '0', currency: 'ETH' },
      quoteId: 'placeholder',
    })
  })

  it('an amount outside the limits asks for no quote and Buy asks for no URL', async () => {
    const t = await setup()
    await t.controller.load()
    t.controller.setAmount('7500.01')
    expect(t.controller.store.getSnapshot().amountError).toBe('The maximum amount is 7500.00 USD')
    await t.controller.buy()
    expect(t.calls.filter(([k]) => k === 'quote' || k === 'url')).toEqual([])
    expect(t.opened).toEqual([])
  })

  it('Buy posts generators/onrampurl for the connected wallet, opens the page, is pending, then completes (polled every 4000 ms)', async () => {
    const t = await setup({ order: ['pending', 'completed'] })
    await t.controller.load()
    t.controller.setAmount('50')
    await until(() => t.controller.store.getSnapshot().quoteStatus === 'ready')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await t.controller.buy()
    expect(t.calls.find(([k]) => k === 'url')?.[1]).toEqual({
      address: ADDRESS,
      network: 'eip155-31337',
      purchaseCurrency: 'ETH',
      presetFiatAmount: '50',
      presetCryptoAmount: '0.016166666',
      fiatCurrency: 'USD',
      paymentMethod: 'card',
      partnerUserId: ADDRESS,
    })
    expect(t.opened).toEqual([PAGE])
    expect(t.modal.router.current.view).toBe('BuyInProgress')
    expect(t.controller.store.getSnapshot().purchase.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(3999)
    expect(t.calls.filter(([k]) => k === 'order')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(t.calls.filter(([k]) => k === 'order')).toHaveLength(1)
    expect(t.controller.store.getSnapshot().purchase.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(4000)
    expect(t.controller.store.getSnapshot().purchase).toMatchObject({ status: 'completed', txHash: '0xabc' })
  })

  it('the HTTP client: SPEC §7 paths and bodies, projectId/st/sv, the server reason on failure, window.open with noopener', async () => {
    const requests: Array<{ url: string; init?: RequestInit }> = []
    const fetch = (async (url: string, init?: RequestInit) => {
      requests.push({ url, init })
      if (url.includes('/v1/onramp/quote')) return new Response(JSON.stringify({ error: 'The minimum amount is 10.00 USD' }), { status: 400, headers: { 'content-type': 'application/json' } })
      return new Response(JSON.stringify({ url: PAGE }), { headers: { 'content-type': 'application/json' } })
    }) as typeof globalThis.fetch
    const api = onrampApi({ baseUrl: () => 'http://127.0.0.1:9/', projectId: () => 'p1', fetch })
    await expect(api.getQuote({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '5', network: 'eip155-31337', paymentMethod: 'card' })).rejects.toThrow('The minimum amount is 10.00 USD')
    expect(await api.generateUrl({ address: ADDRESS, network: 'eip155-31337', purchaseCurrency: 'ETH', presetFiatAmount: '50', fiatCurrency: 'USD', paymentMethod: 'card', partnerUserId: ADDRESS })).toBe(PAGE)
    const gen = requests[1]!
    const url = new URL(gen.url)
    expect(url.pathname).toBe('/v1/generators/onrampurl')
    expect(url.searchParams.get('projectId')).toBe('p1')
    expect(url.searchParams.get('st')).toBeTruthy()
    expect(url.searchParams.get('sv')).toBeTruthy()
    expect(JSON.parse(gen.init!.body as string)).toMatchObject({
      destinationWallets: [{ address: ADDRESS, blockchains: ['eip155-31337'], assets: ['ETH'] }],
      defaultNetwork: 'eip155-31337',
      partnerUserId: ADDRESS,
      defaultExperience: 'buy',
      presetFiatAmount: '50',
    })
    expect(JSON.parse(requests[0]!.init!.body as string)).toEqual({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '5', network: 'eip155-31337', paymentMethod: 'card' })

    // The default opener: a new window without a reference back to the modal's page.
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const modal = createModal({ plugins: [fakeChain(), onramp({ api: fakeApi().api })], storage: createMemoryAdapter() })
    modals.push(modal)
    await modal.ready
    await modal.connection.connect('fake-eip155', 'eip155')
    const controller = modal.get(OnrampTokens.Controller)
    await controller.load()
    controller.setAmount('50')
    await controller.buy()
    expect(open).toHaveBeenCalledWith(PAGE, '_blank', 'noopener')
    open.mockRestore()
  })
})

describe('onramp views and action', () => {
  it('"Buy" on Account (eip155 only) opens the form; limits and quote show; Buy goes to the pending view', async () => {
    const t = await setup()
    render(
      <PorticoProvider modal={t.modal}>
        <Modal />
      </PorticoProvider>,
    )
    await act(() => t.modal.open())
    const actions = await screen.findByRole('group', { name: 'Account actions' })
    const buy = within(actions).getByRole('button', { name: 'Buy' })
    await act(async () => fireEvent.click(buy))
    await screen.findByRole('dialog', { name: 'Buy' })
    const amount = (await screen.findByRole('textbox', { name: 'You pay' })) as HTMLInputElement
    expect(screen.getByText('Card: 10.00 to 7500.00 USD')).toBeTruthy()
    await act(async () => fireEvent.change(amount, { target: { value: '9.99' } }))
    expect(screen.getByText('The minimum amount is 10.00 USD')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Buy ETH' }) as HTMLButtonElement).disabled).toBe(true)
    // Issue 30: the choices are list rows opening a list of their own, not native selects.
    expect(document.querySelector('select')).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Payment method, Card' })))
    const methods = screen.getByRole('group', { name: 'Payment method' })
    expect(within(methods).getByRole('button', { name: 'Card, 10.00 to 7500.00' }).getAttribute('aria-current')).toBe('true')
    await act(async () => fireEvent.click(within(methods).getByRole('button', { name: 'Bank account (ACH), 10.00 to 25000.00' })))
    expect(screen.getByText('Bank account (ACH): 10.00 to 25000.00 USD')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Payment method, Bank account (ACH)' })))
    await act(async () => fireEvent.click(within(screen.getByRole('group', { name: 'Payment method' })).getByRole('button', { name: 'Card, 10.00 to 7500.00' })))
    // The token and the payment currency are the amount cards' pills.
    expect(screen.getByRole('button', { name: 'Buy: ETH' })).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay with currency: USD' })))
    await act(async () => fireEvent.click(within(screen.getByRole('group', { name: 'Pay with currency' })).getByRole('button', { name: 'USD' })))
    const payAmount = screen.getByRole('textbox', { name: 'You pay' })
    await act(async () => fireEvent.change(payAmount, { target: { value: '50' } }))
    await screen.findByText('0.016166666 ETH')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy ETH' })))
    await screen.findByText('Purchase pending', { selector: 'p' })
    expect(t.opened).toEqual([PAGE])
  })

  it('the Buy action is not offered on a namespace other than eip155', async () => {
    // Connected on solana, Account has no Buy (on eip155 it has: the test above).
    const t = await setup({}, 'solana')
    render(
      <PorticoProvider modal={t.modal}>
        <Modal />
      </PorticoProvider>,
    )
    await act(() => t.modal.open())
    const account = await screen.findByRole('dialog', { name: 'Account' })
    await within(account).findByRole('button', { name: 'Disconnect' })
    expect(within(account).queryByRole('button', { name: 'Buy' })).toBeNull()
  })

  it('destroy() leaves no timer or listener behind, even with a purchase pending', async () => {
    const leaks = trackLeaks()
    try {
      const t = await setup({ order: ['pending'] })
      await t.controller.load()
      t.controller.setAmount('50')
      await t.controller.buy()
      expect(t.controller.store.getSnapshot().purchase.status).toBe('pending')
      t.modal.destroy()
      modals = []
      expect(leaks.liveListeners()).toEqual([])
      expect(leaks.pendingTimers()).toEqual([])
    } finally {
      leaks.restore()
    }
  })
})

describe('onramp in another language (issue 17 locales)', () => {
  it('with the modal in German the Buy view is German; the SPEC §5 limits keep their digits', async () => {
    const t = await setup({}, 'eip155', 'de')
    await act(async () => {
      render(
        <PorticoProvider modal={t.modal}>
          <Modal />
        </PorticoProvider>,
      )
    })
    await act(async () => t.modal.open({ view: 'OnRamp' }))
    expect(await screen.findByRole('textbox', { name: 'Du zahlst' }, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByText('Karte: 10.00 bis 7500.00 USD')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Zahlungsmethode, Karte' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'ETH kaufen' })).toBeTruthy()
  })
})
