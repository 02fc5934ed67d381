import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import { createPublicClient, http, parseEther, type Address } from 'viem'
import { startDevChains, type DevChains } from '../chain/index.ts'
import { startApiServer, type ApiServer, type HistoryTransaction } from './index.ts'
import { callApi, tempDataDir } from './api-test-client.ts'
import { buildChainRuntimes } from './chains.ts'
import { registerErrorHandling } from './http.ts'
import { createOnrampService, registerOnrampProviderPage, registerOnrampRoutes, type OnrampService } from './onramp-routes.ts'

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The routes on a bare server with no chain: validation and quotes without a dev chain or database. */
describe('on-ramp API: options, quote and generator validation', () => {
  let app: FastifyInstance
  let url: string
  let service: OnrampService
  beforeAll(async () => {
    app = Fastify({ ajv: { customOptions: { coerceTypes: true } } })
    registerErrorHandling(app, () => undefined)
    service = createOnrampService({ chains: buildChainRuntimes([{ chainId: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:9' }], undefined), baseUrl: () => url })
    registerOnrampRoutes(app, service)
    await app.register(async (scope) => registerOnrampProviderPage(scope, service))
    await app.listen({ host: '127.0.0.1', port: 0 })
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  })
  afterAll(() => app.close())

  const quote = (body: Record<string, unknown>) =>
    callApi(url, '/v1/onramp/quote', { json: { purchaseCurrency: 'ETH', paymentCurrency: 'USD', network: 'eip155-31337', amount: '50', ...body } })

  it('GET /v1/onramp/options: ETH on each dev chain, USD and EUR with the SPEC §5 default limits', async () => {
    const r = await callApi(url, '/v1/onramp/options')
    expect(r.status).toBe(200)
    expect(r.body.purchaseCurrencies).toEqual([
      { id: 'ETH', name: 'Ethereum', symbol: 'ETH', networks: [{ name: 'eip155-31337', display_name: 'Portico Local', chain_id: '31337', contract_address: '' }] },
    ])
    const limits = [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ACH_BANK_ACCOUNT', min: '10.00', max: '25000.00' },
    ]
    expect(r.body.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: limits },
      { id: 'EUR', payment_method_limits: limits },
    ])
  })

  it('POST /v1/onramp/quote: SPEC §3 quote fields; 50 USD by card at 3000 USD/ETH', async () => {
    const r = await quote({})
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      paymentTotal: { amount: '50.00', currency: 'USD' },
      coinbaseFee: { amount: '0.50', currency: 'USD' },
      networkFee: { amount: '1.00', currency: 'USD' },
      paymentSubtotal: { amount: '48.50', currency: 'USD' },
      purchaseAmount: { amount: '0.016166666', currency: 'ETH' },
    })
    expect(r.body.quoteId).toMatch(/^[0-9a-f-]{36}$/)
    // Objects with an id (AppKit sends the currencies as they came from options) work too.
    expect((await quote({ purchaseCurrency: { id: 'ETH' }, paymentCurrency: { id: 'EUR' } })).body.paymentTotal).toEqual({ amount: '50.00', currency: 'EUR' })
  })

  it('SPEC §5 limits: card 10.00 to 7500.00, ACH 10.00 to 25000.00, in USD and EUR; outside them 400 with a message', async () => {
    for (const currency of ['USD', 'EUR']) {
      for (const [method, max, over] of [['card', '7500.00', '7500.01'], ['ACH_BANK_ACCOUNT', '25000.00', '25000.01']] as const) {
        expect((await quote({ paymentCurrency: currency, paymentMethod: method, amount: '10.00' })).status).toBe(200)
        expect((await quote({ paymentCurrency: currency, paymentMethod: method, amount: max })).status).toBe(200)
        const low = await quote({ paymentCurrency: currency, paymentMethod: method, amount: '9.99' })
        expect(low.status).toBe(400)
        expect(low.body.error).toBe(`The minimum amount is 10.00 ${currency}`)
        const high = await quote({ paymentCurrency: currency, paymentMethod: method, amount: over })
        expect(high.status).toBe(400)
        expect(high.body.error).toBe(`The maximum amount is ${max} ${currency}`)
      }
    }
    // 7500.01 by card is over, by ACH within.
    expect((await quote({ paymentMethod: 'ACH_BANK_ACCOUNT', amount: '7500.01' })).status).toBe(200)
  })

  it('bad input answers 4xx with a message, never 500', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ paymentCurrency: 'GBP' }, /Unknown payment currency: GBP/],
      [{ purchaseCurrency: 'DOGE' }, /Unknown purchase currency: DOGE/],
      [{ network: 'eip155-1' }, /Unknown network/],
      [{ paymentMethod: 'paypal' }, /Unknown payment method: paypal/],
      [{ amount: '-5' }, /at most 2 decimals/],
      [{ amount: '1e3' }, /at most 2 decimals/],
      [{ amount: '10.001' }, /at most 2 decimals/],
      [{ amount: '' }, /Enter an amount/],
      [{ amount: { x: 1 } }, /amount/],
      [{ network: undefined }, /network/],
    ]
    for (const [body, message] of cases) {
      const r = await quote(body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.body.error).toMatch(message)
    }
  })

  it('random bodies never get a 5xx and never make an order (seeded)', async () => {
    let seed = 12345
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!
    const values: unknown[] = ['', 'ETH', 'USD', 'EUR', 'card', 'ACH_BANK_ACCOUNT', 'eip155-31337', '50', '10.00', '7500.01', '-1', '1e9', 'NaN', '__proto__', 'constructor', 0, 50, -1, 1e308, null, true, [], ['ETH'], {}, { id: 'ETH' }, { id: 5 }, WALLET, '\u0000', 'x'.repeat(100)]
    const keys = ['purchaseCurrency', 'paymentCurrency', 'amount', 'network', 'paymentMethod', 'destinationWallets', 'defaultNetwork', 'partnerUserId', 'defaultExperience', 'presetFiatAmount', 'presetCryptoAmount', 'fiatCurrency', '__proto__']
    const before = service.orders.size
    for (let i = 0; i < 300; i++) {
      const body: Record<string, unknown> = {}
      for (const k of keys) if (rand() < 0.6) body[k] = k === 'destinationWallets' && rand() < 0.7 ? [{ address: pick(values), assets: [pick(values)] }] : pick(values)
      const path = pick(['/v1/onramp/quote', '/v1/generators/onrampurl'])
      const r = await callApi(url, path, { json: body })
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500)
      if (r.status >= 400) expect(typeof r.body.error).toBe('string')
      if (path === '/v1/generators/onrampurl' && r.status === 200) service.orders.delete(String(r.body.url).split('/').pop()!)
    }
    expect(service.orders.size).toBe(before)
  })

  it('POST /v1/generators/onrampurl: the provider page URL at this origin; bad input makes no order', async () => {
    const body = { destinationWallets: [{ address: WALLET, blockchains: ['eip155-31337'], assets: ['ETH'] }], defaultNetwork: 'eip155-31337', partnerUserId: 'u1', defaultExperience: 'buy', presetFiatAmount: '50' }
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ presetFiatAmount: '7500.01' }, /The maximum amount is 7500.00 USD/],
      [{ presetFiatAmount: '9.99', fiatCurrency: 'EUR' }, /The minimum amount is 10.00 EUR/],
      [{ fiatCurrency: 'JPY' }, /Unknown payment currency: JPY/],
      [{ destinationWallets: [{ address: 'not-an-address' }] }, /not an EVM address/],
      [{ defaultNetwork: 'bitcoin' }, /Unknown network/],
      [{ defaultExperience: 'send' }, /defaultExperience/],
    ]
    for (const [patch, message] of bad) {
      const r = await callApi(url, '/v1/generators/onrampurl', { json: { ...body, ...patch } })
      expect(r.status, JSON.stringify(patch)).toBe(400)
      expect(r.body.error).toMatch(message)
    }
    expect(service.orders.size).toBe(0)

    const ok = await callApi(url, '/v1/generators/onrampurl', { json: body })
    expect(ok.status).toBe(200)
    expect(ok.body.url).toMatch(new RegExp(`^${url}/onramp-provider/[0-9a-f-]{36}$`))
    expect(service.orders.size).toBe(1)
    const id = (ok.body.url as string).split('/').pop()!
    const order = await callApi(url, `/v1/onramp/orders/${id}`)
    expect(order.body).toMatchObject({ id, status: 'pending', address: WALLET, chainId: 31337, paymentCurrency: 'USD', paymentMethod: 'card' })
    expect((await callApi(url, '/v1/onramp/orders/nope')).status).toBe(404)

    const pageRes = await fetch(ok.body.url)
    expect(pageRes.headers.get('content-type')).toContain('text/html')
    const html = await pageRes.text()
    expect(html).toContain('0.016166666 ETH')
    expect(html).toContain(WALLET)
    expect(html).toContain('Pay 50.00 USD')
    // A form on another site cannot pay.
    const foreign = await fetch(`${ok.body.url}/pay`, { method: 'POST', headers: { origin: 'http://evil.test', 'content-type': 'application/x-www-form-urlencoded' }, body: '' })
    expect(foreign.status).toBe(403)
    expect(service.orders.get(id)!.status).toBe('pending')
  })
})

/** The provider page pays for real: the faucet's ETH reaches the wallet on the dev chain and shows in its history. */
describe('on-ramp provider page on the dev chain', () => {
  let dev: DevChains
  let api: ApiServer
  let data: ReturnType<typeof tempDataDir>
  beforeAll(async () => {
    data = tempDataDir('onramp')
    dev = await startDevChains({})
    api = await startApiServer({ dataDir: data.dir, chains: dev.chains, deployment: dev.deployment, indexIntervalMs: 60_000 })
  }, 120_000)
  afterAll(async () => {
    await api?.stop()
    await dev?.stop()
    data?.remove()
  })

  it('"Pay" sends the quoted ETH from the faucet to the destination wallet; the order completes once', async () => {
    const chain = dev.chains[0]!
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const to = dev.deployment.accounts[3]! as Address
    const before = await client.getBalance({ address: to })
    const gen = await callApi(api.url, '/v1/generators/onrampurl', {
      json: { destinationWallets: [{ address: to, assets: ['ETH'] }], defaultNetwork: `eip155-${chain.chainId}`, partnerUserId: to, defaultExperience: 'buy', presetFiatAmount: '50.00' },
    })
    expect(gen.status).toBe(200)
    const pageUrl = gen.body.url as string
    const pay = await fetch(`${pageUrl}/pay`, { method: 'POST', headers: { origin: api.url, 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' })
    expect(pay.status).toBe(303)
    const after = await client.getBalance({ address: to })
    expect(after - before).toBe(parseEther('0.016166666'))
    const html = await (await fetch(pageUrl)).text()
    expect(html).toContain('Payment complete')
    const id = pageUrl.split('/').pop()!
    const order = await callApi(api.url, `/v1/onramp/orders/${id}`)
    expect(order.body.status).toBe('completed')
    expect(order.body.txHash).toMatch(/^0x[0-9a-f]{64}$/)

    // A second Pay does not pay twice.
    await fetch(`${pageUrl}/pay`, { method: 'POST', headers: { origin: api.url, 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' })
    expect(await client.getBalance({ address: to })).toBe(after)

    // The purchase is in the wallet's history (Activity) as a native receive.
    await api.indexNow()
    const history = await callApi<{ data: HistoryTransaction[] }>(api.url, `/v1/account/${to}/history`)
    expect(history.body.data.some((t) => t.id === order.body.txHash || JSON.stringify(t).includes(order.body.txHash))).toBe(true)
  }, 60_000)
})
