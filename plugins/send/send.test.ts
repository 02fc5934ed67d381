import { describe, expect, it, vi } from 'vitest'
import { decodeFunctionData, erc20Abi } from 'viem'
import { createModal, englishText, ProviderRpcError, type CaipNetwork, type TranslatableText } from 'portico'
import { parseUnits, SendController, type SendControllerDeps } from './controller.ts'
import { eip155Sender } from './eip155.ts'
import { recordRegistrations } from '../../tests/probe-plugin.ts'
import { readableSendError, SendText } from './errors.ts'
import { send, SendTokens, toSendToken } from './index.ts'
import { SenderRegistry } from './registry.ts'
import type { Sender, SendReceipt, SendToken } from './tokens.ts'

const network: CaipNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Portico Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}
const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const USDC: SendToken = { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:31337', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6, balance: '10', price: 1 }
const ETH: SendToken = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', decimals: 18, balance: '1' }

/** 21000 gas × 1 gwei. */
const FEE = 21_000n * 1_000_000_000n

function fakeSender(overrides: Partial<Sender> = {}): Sender & { sent: unknown[] } {
  const sent: unknown[] = []
  return {
    namespace: 'eip155',
    isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
    estimateFee: vi.fn(async () => ({ amount: FEE, decimals: 18, symbol: 'ETH' })),
    send: vi.fn(async (r): Promise<SendReceipt> => {
      sent.push(r)
      return { hash: `0x${'ab'.repeat(32)}`, status: 'success' }
    }),
    sent,
    ...overrides,
  }
}

function setup(opts: { sender?: Sender | null; namespace?: string; deps?: Partial<SendControllerDeps> } = {}) {
  const senders = new SenderRegistry()
  const sender = opts.sender === null ? undefined : (opts.sender ?? fakeSender())
  if (sender) senders.register(sender)
  const calls = { push: [] as string[], replace: [] as string[], reset: [] as string[], success: [] as string[], refresh: [] as string[], track: [] as Array<[string, Record<string, unknown>]> }
  const ns = opts.namespace ?? 'eip155'
  const deps: SendControllerDeps = {
    senders,
    active: () => ({ namespace: ns as 'eip155', address: FROM, network: { ...network, chainNamespace: ns as 'eip155', caipNetworkId: `${ns}:31337` } }),
    loadTokens: async () => [ETH, USDC],
    snackbar: { showSuccess: (m) => calls.success.push(englishText(m)), showError: () => undefined },
    router: { push: (v) => calls.push.push(v), replace: (v) => calls.replace.push(v), reset: (v) => calls.reset.push(v), goBack: () => undefined },
    refresh: (n) => calls.refresh.push(n),
    track: (event, properties) => calls.track.push([event, properties]),
    ...opts.deps,
  }
  const controller = new SendController(deps)
  return { controller, calls, sender, senders }
}

async function filled(opts: Parameters<typeof setup>[0] & { token?: SendToken; amount?: string; receiver?: string } = {}) {
  const s = setup(opts)
  await s.controller.loadTokens()
  if (opts.token !== undefined) s.controller.selectToken(opts.token)
  s.controller.setAmount(opts.amount ?? '1.5')
  await s.controller.setReceiver(opts.receiver ?? TO)
  return s
}

describe('SPEC §5 send rules', () => {
  it('"An amount and receiver address are required" without an amount, and without a receiver', async () => {
    const noAmount = await filled({ token: USDC, amount: '' })
    expect(await noAmount.controller.preview()).toBe(false)
    expect(noAmount.controller.state.error).toBe('An amount and receiver address are required')
    expect(noAmount.calls.push).toEqual([])

    const noReceiver = await filled({ token: USDC, receiver: '' })
    expect(await noReceiver.controller.send()).toBe(false)
    expect(noReceiver.controller.state.error).toBe('An amount and receiver address are required')
    expect(noReceiver.sender!.send).not.toHaveBeenCalled()
  })

  it('"A token is required" with an amount and a receiver but no token', async () => {
    const { controller, sender, calls } = await filled({})
    expect(await controller.preview()).toBe(false)
    expect(controller.state.error).toBe('A token is required')
    expect(await controller.send()).toBe(false)
    expect(controller.state.error).toBe('A token is required')
    expect(sender!.send).not.toHaveBeenCalled()
    expect(calls.push).toEqual([])
  })

  it('"Unsupported chain" on a namespace without a sender, and not once one registers', async () => {
    const { controller, senders } = await filled({ sender: null, token: USDC })
    expect(controller.supported()).toBe(false)
    expect(await controller.preview()).toBe(false)
    expect(controller.state.error).toBe('Unsupported chain')
    expect(await controller.send()).toBe(false)
    expect(controller.state.error).toBe('Unsupported chain')
    senders.register(fakeSender())
    expect(controller.supported()).toBe(true)
    await controller.setReceiver(TO)
    expect(controller.validate()).toBeUndefined()
  })

  it('"Unsupported chain" for another namespace even when eip155 has a sender', async () => {
    const { controller } = await filled({ namespace: 'bip122', token: USDC })
    expect(controller.validate()).toBe('Unsupported chain')
  })

  it('an amount over the balance blocks the preview with "Insufficient USDC balance"', async () => {
    const { controller, sender, calls } = await filled({ token: USDC, amount: '10.000001' })
    expect(await controller.preview()).toBe(false)
    expect(controller.state.error).toBe('Insufficient USDC balance')
    expect(sender!.estimateFee).not.toHaveBeenCalled()
    expect(calls.push).toEqual([])
    controller.setAmount('10')
    expect(await controller.preview()).toBe(true)
    expect(calls.push).toEqual(['WalletSendPreview'])
  })

  it('native: the amount plus the network fee over the balance blocks the preview', async () => {
    const { controller, calls } = await filled({ token: ETH, amount: '1' })
    expect(await controller.preview()).toBe(false)
    expect(controller.state.error).toBe('Insufficient ETH for the network fee')
    expect(calls.push).toEqual([])
  })

  it('rejects amounts that are not positive numbers or have more decimals than the token', async () => {
    for (const amount of ['0', 'abc', '1.1234567', '-1']) {
      const { controller } = await filled({ token: USDC, amount })
      expect(controller.validate(), amount).toBe(SendText.INVALID_AMOUNT)
    }
  })

  it('a receiver that is neither an address nor a resolvable name blocks the preview', async () => {
    const { controller } = await filled({ token: USDC, receiver: '0x1234' })
    expect(await controller.preview()).toBe(false)
    expect(controller.state.error).toBe(SendText.INVALID_RECEIVER)
  })
})

describe('Max', () => {
  it('native keeps the gas estimate back', async () => {
    const { controller } = await filled({ token: ETH, amount: '' })
    await controller.max()
    expect(controller.state.sendTokenAmount).toBe('0.999979')
  })

  it('an ERC-20 sends the whole balance without asking a fee', async () => {
    const { controller, sender } = await filled({ token: USDC, amount: '' })
    await controller.max()
    expect(controller.state.sendTokenAmount).toBe('10')
    expect(sender!.estimateFee).not.toHaveBeenCalled()
  })
})

describe('SPEC §4 Send', () => {
  it('ERC-20 success: snackbar, state reset, view replaced with Account, balance and Activity refreshed, analytics', async () => {
    const { controller, calls, sender } = await filled({ token: USDC, amount: '1.5' })
    expect(await controller.preview()).toBe(true)
    expect(controller.state.fee).toEqual({ amount: FEE, decimals: 18, symbol: 'ETH' })
    expect(await controller.send()).toBe(true)
    expect((sender as ReturnType<typeof fakeSender>).sent).toEqual([expect.objectContaining({ to: TO, amount: 1_500_000n, token: USDC, from: FROM })])
    expect(calls.success).toEqual([SendText.SENT])
    expect(calls.replace).toEqual(['Account'])
    expect(calls.reset).toEqual([])
    expect(calls.refresh).toEqual(['eip155'])
    expect(controller.state).toMatchObject({ token: undefined, sendTokenAmount: '', receiverInput: '', receiverAddress: undefined, loading: false, error: undefined })
    const fields = { isSmartAccount: false, token: USDC.address, amount: '1.5', network: 'eip155:31337' }
    expect(calls.track).toEqual([
      ['SEND_INITIATED', fields],
      ['SEND_SUCCESS', { ...fields, hash: `0x${'ab'.repeat(32)}` }],
    ])
  })

  it('native success resets to Account', async () => {
    const { controller, calls } = await filled({ token: ETH, amount: '0.25' })
    expect(await controller.send()).toBe(true)
    expect(calls.reset).toEqual(['Account'])
    expect(calls.replace).toEqual([])
    expect(controller.state.token).toBeUndefined()
  })

  const chainErrors: Array<[string, unknown, string]> = [
    ['4001 rejected by the wallet', new ProviderRpcError(4001, 'User rejected the request.'), SendText.REJECTED],
    ['reverted', new Error('execution reverted: ERC20: transfer amount exceeds balance'), SendText.REVERTED],
    ['insufficient funds', { message: 'Transaction failed', cause: { message: 'insufficient funds for gas * price + value' } }, SendText.INSUFFICIENT_FUNDS],
    ['nonce', new Error('nonce too low: next nonce 5, tx nonce 4'), SendText.NONCE],
  ]
  for (const [name, error, text] of chainErrors) {
    it(`a chain error (${name}) shows readable text and keeps the form`, async () => {
      const sender = fakeSender({ send: vi.fn(async () => Promise.reject(error)) })
      const { controller, calls } = await filled({ sender, token: USDC, amount: '2' })
      expect(await controller.send()).toBe(false)
      expect(controller.state).toMatchObject({ error: text, loading: false, token: USDC, sendTokenAmount: '2', receiverInput: TO, receiverAddress: TO })
      expect(calls.success).toEqual([])
      expect(calls.replace).toEqual([])
      expect(calls.track.map(([e]) => e)).toEqual(['SEND_INITIATED'])
    })
  }

  it('a reverted receipt is a readable failure, the form kept', async () => {
    const sender = fakeSender({ send: vi.fn(async () => ({ hash: '0x01', status: 'reverted' as const })) })
    const { controller, calls } = await filled({ sender, token: USDC, amount: '2' })
    expect(await controller.send()).toBe(false)
    expect(controller.state.error).toBe(SendText.REVERTED)
    expect(controller.state.sendTokenAmount).toBe('2')
    expect(calls.success).toEqual([])
  })

  it('SPEC §9: at most 99 pending transactions; the 100th send is refused', async () => {
    let n = 0
    const sender = fakeSender({ send: vi.fn(async () => ({ hash: `0x${(n++).toString(16)}`, status: 'pending' as const })) })
    const { controller } = setup({ sender })
    await controller.loadTokens()
    for (let i = 0; i < 99; i++) {
      controller.selectToken(USDC)
      controller.setAmount('0.01')
      await controller.setReceiver(TO)
      expect(await controller.send(), `send ${i + 1}`).toBe(true)
    }
    expect(controller.state.pending).toHaveLength(99)
    controller.selectToken(USDC)
    controller.setAmount('0.01')
    await controller.setReceiver(TO)
    expect(await controller.send()).toBe(false)
    expect(controller.state.error).toBe(SendText.TOO_MANY_PENDING)
    controller.settled('0x0')
    expect(await controller.send()).toBe(true)
  })
})

describe('receiver', () => {
  it('an account name resolves through the names lookup, with the profile name and avatar', async () => {
    const resolve = vi.fn(async () => ({ address: TO, name: 'bob.reown.id', avatar: 'https://example.com/bob.png' }))
    const { controller } = await filled({ token: USDC, receiver: 'bob.reown.id', deps: { names: () => ({ resolve }) } })
    expect(resolve).toHaveBeenCalledWith('bob.reown.id', 'eip155')
    expect(controller.state).toMatchObject({ receiverAddress: TO, receiverProfileName: 'bob.reown.id', receiverProfileImage: 'https://example.com/bob.png' })
    expect(controller.validate()).toBeUndefined()
  })

  it('an unknown name says so and blocks the preview', async () => {
    const { controller } = await filled({ token: USDC, receiver: 'nobody.reown.id', deps: { names: () => ({ resolve: async () => undefined }) } })
    expect(controller.state.error).toBe(SendText.NAME_NOT_FOUND)
    expect(controller.validate()).toBe(SendText.INVALID_RECEIVER)
  })

  it('an address shows its profile when one is known; a stale lookup does not overwrite a newer input', async () => {
    let release: (v: { address: string; name: string }) => void = () => undefined
    const profile = vi.fn((address: string) => (address === TO ? new Promise<{ address: string; name: string }>((r) => (release = r)) : Promise.resolve(undefined)))
    const { controller } = setup({ deps: { profile } })
    const first = controller.setReceiver(TO)
    await controller.setReceiver(FROM)
    release({ address: TO, name: 'bob.portico' })
    await first
    expect(controller.state).toMatchObject({ receiverAddress: FROM, receiverProfileName: undefined })
  })

  it('the USD price comes from the price service', async () => {
    const price = vi.fn(async () => 0.9998)
    const { controller } = setup({ deps: { price } })
    controller.selectToken(USDC)
    await vi.waitFor(() => expect(controller.state.tokenPrice).toBe(0.9998))
    expect(price).toHaveBeenCalledWith(USDC)
  })
})

describe('amounts', () => {
  it('parses plain decimals into base units', () => {
    expect(parseUnits('1.5', 6)).toBe(1_500_000n)
    expect(parseUnits('.5', 18)).toBe(5n * 10n ** 17n)
    expect(parseUnits('2.', 6)).toBe(2_000_000n)
    expect(parseUnits('0.000001', 6)).toBe(1n)
    expect(parseUnits('7', 0)).toBe(7n)
  })
})

describe('readable chain errors', () => {
  it('maps fee cap, gas and transaction type, and keeps other first lines', () => {
    expect(readableSendError(new Error('max fee per gas less than block base fee'))).toBe(SendText.FEE_CAP)
    expect(readableSendError(new Error('intrinsic gas too low'))).toBe(SendText.GAS)
    expect(readableSendError(new Error('transaction type not supported'))).toBe(SendText.TX_TYPE)
    expect(readableSendError(new Error('Something odd\nstack'))).toBe('Something odd')
  })
})

describe('eip155 sender', () => {
  const request = { network, from: FROM, to: TO, amount: 1_500_000n, token: USDC }
  function rpc(receipts: Array<{ status: string } | null> = [{ status: '0x1' }]) {
    const calls: Array<[string, readonly unknown[]]> = []
    const sent: unknown[] = []
    return {
      calls,
      sent,
      request: async (method: string, params: readonly unknown[]) => {
        calls.push([method, params])
        if (method === 'eth_estimateGas') return '0xea60' // 60000
        if (method === 'eth_gasPrice') return '0x3b9aca00' // 1 gwei
        if (method === 'eth_getTransactionReceipt') return receipts.shift() ?? null
        throw new Error(`unexpected ${method}`)
      },
      sendTransaction: async (tx: unknown) => {
        sent.push(tx)
        return `0x${'cd'.repeat(32)}` as `0x${string}`
      },
    }
  }

  it('ERC-20: transfer(to, amount) to the token contract; fee is eth_estimateGas × gas price', async () => {
    const r = rpc()
    const sender = eip155Sender(r, { sleep: async () => undefined })
    expect(await sender.estimateFee(request)).toEqual({ amount: 60_000n * 1_000_000_000n, decimals: 18, symbol: 'ETH' })
    expect(await sender.send(request)).toEqual({ hash: `0x${'cd'.repeat(32)}`, status: 'success' })
    const tx = r.sent[0] as { to: string; data: `0x${string}`; value?: string }
    expect(tx.to).toBe(USDC.address)
    expect(tx.value).toBeUndefined()
    expect(decodeFunctionData({ abi: erc20Abi, data: tx.data })).toEqual({ functionName: 'transfer', args: [TO, 1_500_000n] })
  })

  it('native: a value transfer to the receiver', async () => {
    const r = rpc()
    await eip155Sender(r, { sleep: async () => undefined }).send({ ...request, token: ETH, amount: 10n ** 18n })
    expect(r.sent[0]).toEqual({ to: TO, value: '0xde0b6b3a7640000' })
  })

  it('a reverted receipt is reported; no receipt in time is pending', async () => {
    expect((await eip155Sender(rpc([{ status: '0x0' }]), { sleep: async () => undefined }).send(request)).status).toBe('reverted')
    expect((await eip155Sender(rpc([null, null]), { sleep: async () => undefined, receiptPolls: 2 }).send(request)).status).toBe('pending')
  })
})

describe('the send plugin', () => {
  it('registers its action label and view titles as catalogue texts that resolve in German', async () => {
    const observed = recordRegistrations(send())
    const modal = createModal({ plugins: [observed.plugin] })
    await modal.ready
    const action = observed.registered.actions.find((a) => a.id === 'send')!
    expect(typeof action.label).not.toBe('string')
    const label = action.label as TranslatableText
    expect(label.en).toBe('Send')
    expect(await label.in('de')).toBe('Senden')
    const views = modal.views
    const title = (id: string) => views.meta(id)!.title as TranslatableText
    expect(title('WalletSendPreview').en).toBe('Review send')
    expect(await title('WalletSendPreview').in('de')).toBe('Senden prüfen')
    expect(await title('WalletSendSelectToken').in('de')).toBe('Token auswählen')
    expect(await title('WalletSend').in('fr')).toBe('Envoyer')
    modal.destroy()
  })

  it('registers the Send action (shown only where a sender exists), its views and the eip155 sender; destroy removes them', async () => {
    const observed = recordRegistrations(send())
    const modal = createModal({ plugins: [observed.plugin] })
    await modal.ready
    const { actions } = observed.registered
    const action = actions.find((a) => englishText(a.label) === 'Send')
    expect(action).toMatchObject({ view: 'WalletSend' })
    expect(action!.available!({ namespace: 'eip155' })).toBe(true)
    expect(action!.available!({ namespace: 'bip122' })).toBe(false)
    const views = modal.views
    for (const id of ['WalletSend', 'WalletSendSelectToken', 'WalletSendPreview'] as const) expect(views.has(id), id).toBe(true)
    expect(modal.get(SendTokens.Senders).namespaces()).toEqual(['eip155'])
    // One controller per modal, loaded on first use.
    const controller = await modal.get(SendTokens.Flow).controller()
    expect(await modal.get(SendTokens.Flow).controller()).toBe(controller)
    const other = createModal({ plugins: [send()] })
    await other.ready // a deferred plugin registers once its code has loaded (deferPlugin)
    expect(await other.get(SendTokens.Flow).controller()).not.toBe(controller)
    other.destroy()
    modal.destroy()
    // The kernel disposes every registration of the context with the modal (kernel tests); the views show it here.
    expect(views.has('WalletSend')).toBe(false)
  })

  it('maps a balance-API token (CAIP-10 address) to a send token', () => {
    expect(
      toSendToken({ name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:31337', address: `eip155:31337:${USDC.address}`, value: 10, price: 1, quantity: { decimals: '6', numeric: '10' } }),
    ).toEqual({ name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:31337', address: USDC.address, decimals: 6, balance: '10', price: 1, iconUrl: undefined })
  })
})
