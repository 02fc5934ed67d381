import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { englishText, ProviderRpcError, type TranslatableText } from 'portico'
import { ConvertApiError, type ConvertClient, type ConvertQuote, type ConvertToken } from './api.ts'
import { minimumReceived, priceImpact, slippageBps, SwapController, toBaseUnits, type SwapControllerDeps } from './controller.ts'

const CHAIN = 'eip155:31337'
const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const ETH: ConvertToken = { name: 'Ether', symbol: 'ETH', address: `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, decimals: 18, eip2612: false }
const USDC: ConvertToken = { name: 'USD Coin', symbol: 'USDC', address: `${CHAIN}:0x5fbdb2315678afecb367f032d93f642f64180aa3`, decimals: 6, eip2612: false }
const DAI: ConvertToken = { name: 'Dai', symbol: 'DAI', address: `${CHAIN}:0xe7f1725e7734ce288f8367e1bb143e90bb3f0512`, decimals: 18, eip2612: false }

function fakeApi(overrides: Partial<ConvertClient> = {}) {
  const base = {
    tokens: vi.fn(async () => [ETH, USDC, DAI]),
    // 1 USDC -> 0.997 DAI, whatever the amount.
    quote: vi.fn(async ({ amount, from, to }: { amount: bigint; from: string; to: string }): Promise<ConvertQuote | undefined> => ({
      id: 'q',
      fromAccount: from,
      toAccount: to,
      fromAmount: amount,
      toAmount: amount * 997n * 10n ** 9n,
    })),
    allowance: vi.fn(async (): Promise<bigint> => 0n),
    gasPrice: vi.fn(async () => ({ standard: 2_000_000_000n, fast: 2_400_000_000n, instant: 3_000_000_000n })),
    buildApprove: vi.fn(async () => ({ from: USER, to: '0x5fbdb2315678afecb367f032d93f642f64180aa3', data: '0x095ea7b3', value: 0n, gas: 50_000n, gasPrice: 1n }) as never),
    buildTransaction: vi.fn(async () => ({ from: USER, to: '0x1111111111111111111111111111111111111111', data: '0x38ed1739', value: 0n, gas: 150_000n, gasPrice: 1n }) as never),
    prices: vi.fn(async () => ({ [USDC.address.toLowerCase()]: 1, [DAI.address.toLowerCase()]: 1, [ETH.address.toLowerCase()]: 3000 })),
  }
  return { ...base, ...overrides } as typeof base
}

function setup(opts: { api?: ReturnType<typeof fakeApi>; namespace?: string; balances?: Record<string, bigint> } = {}) {
  const api = opts.api ?? fakeApi()
  const deps = {
    api,
    active: vi.fn(() => ({ namespace: opts.namespace ?? 'eip155', caipNetworkId: opts.namespace === 'solana' ? 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' : CHAIN, address: USER })),
    balances: vi.fn(async () => opts.balances ?? { [USDC.address.toLowerCase()]: 1000_000000n, [DAI.address.toLowerCase()]: 0n, [ETH.address.toLowerCase()]: 10n ** 18n }),
    sendTransaction: vi.fn(async () => '0xhash'),
    waitForReceipt: vi.fn(async () => true),
    snackbar: { showSuccess: vi.fn(), showError: vi.fn() },
    done: vi.fn(),
  } satisfies SwapControllerDeps
  return { api, deps, controller: new SwapController(deps) }
}

/** Lets pending promise callbacks run (fake timers do not stop microtasks). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

async function openWith(c: SwapController, from = USDC, to = DAI) {
  await c.open()
  c.selectToken('from', { ...from })
  c.selectToken('to', { ...to })
  await settle()
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('swap arithmetic', () => {
  it('converts display amounts to base units and refuses more decimals than the token has', () => {
    expect(toBaseUnits('10', 6)).toBe(10_000_000n)
    expect(toBaseUnits('0.5', 18)).toBe(500_000_000_000_000_000n)
    expect(toBaseUnits('.25', 6)).toBe(250_000n)
    expect(toBaseUnits('1.0000001', 6)).toBeUndefined()
    expect(toBaseUnits('1e3', 6)).toBeUndefined()
    expect(toBaseUnits('', 6)).toBeUndefined()
  })

  it('minimum received is the quote less the slippage (1 % of 9.97 DAI)', () => {
    expect(minimumReceived(9_970_000_000_000_000_000n, 100n)).toBe(9_870_300_000_000_000_000n)
    expect(minimumReceived(1000n, 50n)).toBe(995n)
  })

  it('slippage accepts (0, 50] % with up to 2 decimals', () => {
    expect(slippageBps('1')).toBe(100n)
    expect(slippageBps('0.5')).toBe(50n)
    expect(slippageBps('50')).toBe(5000n)
    expect(slippageBps('0')).toBeUndefined()
    expect(slippageBps('51')).toBeUndefined()
    expect(slippageBps('-1')).toBeUndefined()
    expect(slippageBps('abc')).toBeUndefined()
  })

  it('price impact is the USD value lost between input and output', () => {
    // 10 USDC in, 9.9 DAI out at 1 USD each: 1 %.
    expect(priceImpact({ amount: 10_000_000n, decimals: 6, price: 1 }, { amount: 9_900_000_000_000_000_000n, decimals: 18, price: 1 })).toBeCloseTo(1, 10)
    // 1 ETH at 3000 in, 2991 USDC out: 0.3 %.
    expect(priceImpact({ amount: 10n ** 18n, decimals: 18, price: 3000 }, { amount: 2_991_000_000n, decimals: 6, price: 1 })).toBeCloseTo(0.3, 10)
    expect(priceImpact({ amount: 1n, decimals: 6 }, { amount: 1n, decimals: 6, price: 1 })).toBeUndefined()
  })
})

describe('SwapController', () => {
  it('defaults the slippage to 1 % (SPEC §9)', () => {
    expect(setup().controller.state.slippage).toBe('1')
  })

  it('shows "Network not supported for Swaps" on a namespace other than eip155, without calling the API', async () => {
    const { controller, api } = setup({ namespace: 'solana' })
    await controller.open()
    expect(controller.state.status).toBe('unsupported')
    expect(controller.state.error).toBe('Network not supported for Swaps')
    expect(api.tokens).not.toHaveBeenCalled()
  })

  it('shows "Network not supported for Swaps" when the API has no tokens for the network (SPEC §4 empty result)', async () => {
    const { controller } = setup({ api: fakeApi({ tokens: vi.fn(async () => []) }) })
    await controller.open()
    expect(controller.state.status).toBe('unsupported')
    expect(controller.state.error).toBe('Network not supported for Swaps')
  })

  it('shows the §8 gas text when the gas price is refused for the network', async () => {
    const api = fakeApi({ gasPrice: vi.fn(async () => Promise.reject(new ConvertApiError('Network not supported for Gas Price', 400))) })
    const { controller } = setup({ api })
    await controller.open()
    await settle()
    expect(controller.state.gasError).toBe('Network not supported for Gas Price')
    expect(controller.details().networkFee).toBeUndefined()
  })

  it('reads tokens with balances, and the network fee from the gas price', async () => {
    const { controller } = setup()
    await controller.open()
    await settle()
    expect(controller.state.status).toBe('ready')
    expect(controller.state.tokens.map((t) => [t.symbol, t.balance])).toEqual([
      ['ETH', '1'],
      ['USDC', '1000'],
      ['DAI', '0'],
    ])
    expect(controller.details().networkFee).toBe(2_000_000_000n * 150_000n)
  })

  it('debounces quotes while typing: one request 500 ms after the last keystroke', async () => {
    const { controller, api } = setup()
    await openWith(controller)
    api.quote.mockClear()
    controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(300)
    controller.setAmount('10')
    await vi.advanceTimersByTimeAsync(499)
    expect(api.quote).not.toHaveBeenCalled()
    expect(controller.state.quoteStatus).toBe('loading')
    await vi.advanceTimersByTimeAsync(1)
    expect(api.quote).toHaveBeenCalledTimes(1)
    expect(api.quote.mock.calls[0]![0]).toMatchObject({ amount: 10_000_000n, from: USDC.address, to: DAI.address, userAddress: `${CHAIN}:${USER}` })
    await settle()
    expect(controller.state.quote?.toAmount).toBe(9_970_000_000_000_000_000n)
    expect(controller.details().minimumReceived).toBe(9_870_300_000_000_000_000n)
  })

  it('refreshes the quote every 10 s while open, and stops after close', async () => {
    const { controller, api } = setup()
    await openWith(controller)
    controller.setAmount('10')
    await vi.advanceTimersByTimeAsync(500)
    api.quote.mockClear()
    await vi.advanceTimersByTimeAsync(9_999)
    expect(api.quote).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(api.quote).toHaveBeenCalledTimes(1)
    controller.close()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(api.quote).toHaveBeenCalledTimes(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('drops a stale quote that answers after a newer amount was typed', async () => {
    let release: (() => void) | undefined
    const api = fakeApi()
    const { controller } = setup({ api })
    await openWith(controller)
    api.quote.mockImplementationOnce(
      ({ amount, from, to }: { amount: bigint; from: string; to: string }) =>
        new Promise((resolve) => {
          release = () => resolve({ id: 'old', fromAccount: from, toAccount: to, fromAmount: amount, toAmount: 1n })
        }),
    )
    controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(500)
    controller.setAmount('2')
    await vi.advanceTimersByTimeAsync(500)
    release!()
    await settle()
    expect(controller.state.quote?.fromAmount).toBe(2_000_000n)
  })

  it('blocks the preview on an amount above the balance and on a bad slippage', async () => {
    const { controller } = setup()
    await openWith(controller)
    controller.setAmount('1000.5')
    expect(controller.state.amountProblem).toBe('Insufficient USDC balance')
    await vi.advanceTimersByTimeAsync(500)
    expect(controller.canPreview()).toBe(false)
    controller.setAmount('10')
    await vi.advanceTimersByTimeAsync(500)
    await settle()
    expect(controller.canPreview()).toBe(true)
    controller.setSlippage('0')
    expect(controller.state.slippageProblem).toMatch(/slippage/)
    expect(controller.canPreview()).toBe(false)
    controller.setSlippage('2.5')
    expect(controller.details().minimumReceived).toBe((9_970_000_000_000_000_000n * 9750n) / 10_000n)
  })

  it('asks for Approve when the allowance is short, then Swap once approved', async () => {
    const api = fakeApi()
    const { controller, deps } = setup({ api })
    await openWith(controller)
    controller.setAmount('10')
    await vi.advanceTimersByTimeAsync(500)
    await settle()
    expect(controller.needsApproval()).toBe(true)
    // Swap refuses while the allowance is short.
    expect(await controller.swap()).toBe(false)
    expect(api.buildTransaction).not.toHaveBeenCalled()
    api.allowance.mockResolvedValue(10_000_000n)
    expect(await controller.approve()).toBe(true)
    expect(api.buildApprove).toHaveBeenCalledWith({ userAddress: `${CHAIN}:${USER}`, from: USDC.address, to: DAI.address, amount: 10_000_000n })
    expect(controller.needsApproval()).toBe(false)
    expect(await controller.swap()).toBe(true)
    expect(api.buildTransaction).toHaveBeenCalledWith({ amount: 10_000_000n, from: USDC.address, to: DAI.address, userAddress: `${CHAIN}:${USER}`, slippage: '1' })
    expect(deps.sendTransaction).toHaveBeenCalledTimes(2)
    const swapped = vi.mocked(deps.snackbar.showSuccess).mock.lastCall![0]
    expect(englishText(swapped)).toBe('Swapped 10 USDC for about 9.97 DAI')
    // A catalogue message: the modal shows it in its language.
    expect(await (swapped as TranslatableText).in('de')).toBe('10 USDC gegen etwa 9,97 DAI getauscht')
    expect(deps.done).toHaveBeenCalledTimes(1)
    expect(controller.state.amount).toBe('')
  })

  it('needs no approval for the native token', async () => {
    const { controller, api } = setup()
    await openWith(controller, ETH, DAI)
    controller.setAmount('0.1')
    await vi.advanceTimersByTimeAsync(500)
    await settle()
    expect(api.allowance).not.toHaveBeenCalled()
    expect(controller.needsApproval()).toBe(false)
  })

  it('keeps the form with a readable text when the wallet rejects (4001) or the swap reverts', async () => {
    const api = fakeApi({ allowance: vi.fn(async () => 10n ** 30n) })
    const { controller, deps } = setup({ api })
    await openWith(controller)
    controller.setAmount('10')
    await vi.advanceTimersByTimeAsync(500)
    await settle()
    deps.sendTransaction.mockRejectedValueOnce(new ProviderRpcError(4001, 'User rejected the request.'))
    expect(await controller.swap()).toBe(false)
    expect(controller.state.txError).toBe('The wallet rejected the transaction')
    expect(controller.state.amount).toBe('10')
    deps.waitForReceipt.mockResolvedValueOnce(false)
    expect(await controller.swap()).toBe(false)
    expect(controller.state.txError).toBe('The transaction was reverted by the chain')
    expect(deps.done).not.toHaveBeenCalled()
  })

  it('picking the other side\'s token swaps the two; switchTokens swaps them too', async () => {
    const { controller } = setup()
    await openWith(controller)
    controller.selectToken('to', { ...USDC })
    expect([controller.state.from?.symbol, controller.state.to?.symbol]).toEqual(['DAI', 'USDC'])
    controller.switchTokens()
    expect([controller.state.from?.symbol, controller.state.to?.symbol]).toEqual(['USDC', 'DAI'])
  })
})
