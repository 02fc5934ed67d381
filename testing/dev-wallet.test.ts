// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPublicClient, custom, erc20Abi, parseEther, parseUnits, verifyMessage, verifyTypedData, type Address, type Hex } from 'viem'
import { startDevChains, type DevChains } from '../stack/chain/index.ts'
import { createDevWallet, DEV_WALLET_STORAGE_KEY, type DevWallet, type DevWalletOptions } from './index.ts'

const ACCOUNT0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT5: Address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'

let dev: DevChains
const wallets: DevWallet[] = []

beforeAll(async () => {
  dev = await startDevChains()
})
afterAll(async () => {
  await dev?.stop()
})
afterEach(() => {
  // Settle what a failing test left open, drop prompts and the remembered connection.
  for (const w of wallets.splice(0)) for (const p of w.pendingRequests()) w.reject(p.id)
  document.body.replaceChildren()
  localStorage.clear()
})

function wallet(opts: Partial<DevWalletOptions> = {}): DevWallet {
  const w = createDevWallet({ chains: [dev.chains[0]!], ...opts })
  wallets.push(w)
  return w
}

const dialogs = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>('[role="dialog"][aria-label="Portico Dev Wallet"]')]
const button = (name: string): HTMLButtonElement =>
  [...dialogs()[0]!.querySelectorAll('button')].find((b) => b.textContent === name)!

async function untilPrompt(): Promise<HTMLElement> {
  await vi.waitFor(() => expect(dialogs()).toHaveLength(1), { timeout: 10_000 })
  return dialogs()[0]!
}

async function rejection(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p
  } catch (err) {
    return err as { code: number; message: string }
  }
  throw new Error('expected the request to fail')
}

describe('dev wallet: connecting', () => {
  it('answers eth_accounts [] until connected, then eth_requestAccounts gives account 0 and emits accountsChanged', async () => {
    const w = wallet({ autoApprove: true })
    const changes: unknown[] = []
    w.on('accountsChanged', (a: unknown) => changes.push(a))
    expect(w.isPorticoDevWallet).toBe(true)
    expect(await w.request({ method: 'eth_accounts' })).toEqual([])
    expect(await w.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNT0])
    expect(await w.request({ method: 'eth_accounts' })).toEqual([ACCOUNT0])
    expect(changes).toEqual([[ACCOUNT0]])
    expect(await w.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await w.request({ method: 'net_version' })).toBe('31337')
  })

  it('remembers the connection in localStorage so a reload stays connected, and disconnectSite forgets it', async () => {
    const w = wallet({ autoApprove: true })
    await w.request({ method: 'eth_requestAccounts' })
    expect(localStorage.getItem(DEV_WALLET_STORAGE_KEY)).not.toBeNull()
    const reloaded = wallet()
    expect(await reloaded.request({ method: 'eth_accounts' })).toEqual([ACCOUNT0])
    reloaded.disconnectSite()
    expect(localStorage.getItem(DEV_WALLET_STORAGE_KEY)).toBeNull()
    expect(await wallet().request({ method: 'eth_accounts' })).toEqual([])
  })

  it('shows an in-page prompt; Approve resolves the request and removes the prompt', async () => {
    const w = wallet()
    const answer = w.request({ method: 'eth_requestAccounts' })
    const dialog = await untilPrompt()
    expect(dialog.style.zIndex).toBe('2147483647')
    expect(dialog.textContent).toContain(location.origin)
    expect(dialog.textContent).toContain('eth_requestAccounts')
    expect(dialog.textContent).toContain(ACCOUNT0)
    expect(w.pendingRequests().map((p) => p.method)).toEqual(['eth_requestAccounts'])
    button('Approve').click()
    expect(await answer).toEqual([ACCOUNT0])
    expect(dialogs()).toHaveLength(0)
    expect(w.pendingRequests()).toEqual([])
  })

  it('SPEC §8 Reject answers EIP-1193 4001 "User rejected the request."', async () => {
    const w = wallet()
    const answer = rejection(w.request({ method: 'eth_requestAccounts' }))
    await untilPrompt()
    button('Reject').click()
    expect(await answer).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(dialogs()).toHaveLength(0)
    expect(await w.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('settles a pending request through the approve() control and closes its prompt', async () => {
    const w = wallet()
    const answer = w.request({ method: 'eth_requestAccounts' })
    await untilPrompt()
    w.approve()
    expect(await answer).toEqual([ACCOUNT0])
    expect(dialogs()).toHaveLength(0)
  })

  it('shares one prompt between concurrent eth_requestAccounts calls', async () => {
    const w = wallet()
    const a = w.request({ method: 'eth_requestAccounts' })
    const b = w.request({ method: 'eth_requestAccounts' })
    await untilPrompt()
    expect(w.pendingRequests()).toHaveLength(1)
    button('Approve').click()
    expect(await Promise.all([a, b])).toEqual([[ACCOUNT0], [ACCOUNT0]])
  })

  it('renders dapp-supplied text as text, never as HTML', async () => {
    const w = wallet({ autoApprove: true })
    await w.request({ method: 'eth_requestAccounts' })
    w.setAutoApprove(false)
    const hostile = '<img src=x onerror="window.__pwned=1"><b>bold</b>'
    const answer = w.request({ method: 'personal_sign', params: [hostile, ACCOUNT0] })
    const dialog = await untilPrompt()
    expect(dialog.querySelector('img')).toBeNull()
    expect(dialog.querySelector('b')).toBeNull()
    expect(dialog.textContent).toContain(hostile)
    button('Approve').click()
    expect(await answer).toMatch(/^0x[0-9a-f]{130}$/)
  })
})

describe('dev wallet: chains', () => {
  it('SPEC §8 answers 4902 for an unknown chain; after wallet_addEthereumChain the switch works and emits chainChanged', async () => {
    const second = dev.chains[1]!
    const w = wallet()
    const changed: unknown[] = []
    w.on('chainChanged', (id: unknown) => changed.push(id))
    const unknown = await rejection(w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }))
    expect(unknown).toMatchObject({
      code: 4902,
      message: 'Unrecognized chain ID "0x7a6a". Try adding the chain using wallet_addEthereumChain first.',
    })

    const added = w.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x7a6a', chainName: second.name, rpcUrls: [second.rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    })
    expect((await untilPrompt()).textContent).toContain(second.rpcUrl)
    button('Approve').click()
    expect(await added).toBeNull()
    expect(changed).toEqual([])

    const switched = w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect((await untilPrompt()).textContent).toContain('Portico Local 2')
    button('Approve').click()
    expect(await switched).toBeNull()
    expect(changed).toEqual(['0x7a6a'])
    expect(await w.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    // Reads now go to the second chain's node.
    expect(await createPublicClient({ transport: custom(w) }).getChainId()).toBe(31338)
  })

  it('proxies reads to the current chain: eth_blockNumber, eth_call through viem custom transport', async () => {
    const w = wallet()
    const client = createPublicClient({ transport: custom(w) })
    expect(typeof (await client.getBlockNumber())).toBe('bigint')
    const usdc = dev.deployment.chains[31337]!.contracts.usdc6
    expect(await client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT0] })).toBeGreaterThanOrEqual(
      parseUnits('1', 6),
    )
    expect(await w.request({ method: 'wallet_getCapabilities' })).toEqual({ '0x7a69': {} })
    expect(await rejection(w.request({ method: 'eth_coinbase_unknown_method' }))).toMatchObject({ code: 4200 })
  })
})

describe('dev wallet: signing and sending', () => {
  it('SPEC §8 refuses to sign before connecting (4100)', async () => {
    const w = wallet({ autoApprove: true })
    expect(await rejection(w.request({ method: 'personal_sign', params: ['0x68690a', ACCOUNT0] }))).toMatchObject({ code: 4100 })
  })

  it('personal_sign signs the raw hex message; viem verifyMessage accepts it', async () => {
    const w = wallet({ autoApprove: true })
    await w.request({ method: 'eth_requestAccounts' })
    const message = 'Sign in to Portico\nNonce: 42'
    const hex = `0x${Buffer.from(message, 'utf8').toString('hex')}` as Hex
    const signature = (await w.request({ method: 'personal_sign', params: [hex, ACCOUNT0] })) as Hex
    expect(await verifyMessage({ address: ACCOUNT0, message, signature })).toBe(true)
  })

  it('eth_signTypedData_v4 signs EIP-712 data; viem verifyTypedData accepts it', async () => {
    const w = wallet({ autoApprove: true })
    await w.request({ method: 'eth_requestAccounts' })
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' as Address },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Mail' as const,
      message: { to: ACCOUNT5, contents: 'Hello', amount: '1000000000000000000000' },
    }
    const signature = (await w.request({ method: 'eth_signTypedData_v4', params: [ACCOUNT0, JSON.stringify(typed)] })) as Hex
    const { EIP712Domain: _domainType, ...types } = typed.types
    expect(
      await verifyTypedData({ address: ACCOUNT0, signature, domain: typed.domain, types, primaryType: 'Mail', message: { ...typed.message, amount: 10n ** 21n } }),
    ).toBe(true)
  })

  it('eth_sendTransaction fills nonce, gas and fees, sends raw, mines and moves the balance', async () => {
    const w = wallet()
    w.setAutoApprove(true)
    await w.request({ method: 'eth_requestAccounts' })
    w.setAutoApprove(false)
    const client = createPublicClient({ transport: custom(w) })
    const before = await client.getBalance({ address: ACCOUNT5 })
    const sent = w.request({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT0, to: ACCOUNT5, value: `0x${parseEther('1.5').toString(16)}` }] })
    const dialog = await untilPrompt()
    expect(dialog.textContent).toContain('Value: 1.5 ETH')
    button('Approve').click()
    const hash = (await sent) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(ACCOUNT0.toLowerCase())
    expect(await client.getBalance({ address: ACCOUNT5 })).toBe(before + parseEther('1.5'))
  })
})

describe('dev wallet: failure injection and EIP-1193 events', () => {
  it('SPEC §8 failures.reject answers 4001 without a prompt', async () => {
    const w = wallet({ failures: { reject: ['eth_requestAccounts'] } })
    expect(await rejection(w.request({ method: 'eth_requestAccounts' }))).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(dialogs()).toHaveLength(0)
  })

  it('failures.delayMs delays the answer', async () => {
    const w = wallet({ autoApprove: true, failures: { delayMs: 120 } })
    const t0 = performance.now()
    expect(await w.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNT0])
    expect(performance.now() - t0).toBeGreaterThanOrEqual(110)
  })

  it('failures.wrongChain reports another chain after connect until the dapp switches', async () => {
    const w = wallet({ autoApprove: true, failures: { wrongChain: 1 } })
    const changed: unknown[] = []
    w.on('chainChanged', (id: unknown) => changed.push(id))
    expect(await w.request({ method: 'eth_chainId' })).toBe('0x7a69')
    await w.request({ method: 'eth_requestAccounts' })
    expect(await w.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(await w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })).toBeNull()
    expect(await w.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(changed).toEqual(['0x1', '0x7a69'])
  })

  it('SPEC §8 emits connect on creation, and disconnect (4900) on emitDisconnect; requests then fail with 4900', async () => {
    const w = wallet({ autoApprove: true })
    const events: Array<[string, unknown]> = []
    w.on('connect', (info: unknown) => events.push(['connect', info]))
    w.on('disconnect', (err: unknown) => events.push(['disconnect', err]))
    await Promise.resolve()
    expect(events).toEqual([['connect', { chainId: '0x7a69' }]])
    w.emitDisconnect()
    expect(events[1]).toEqual(['disconnect', expect.objectContaining({ code: 4900 })])
    expect(await rejection(w.request({ method: 'eth_chainId' }))).toMatchObject({ code: 4900 })
    w.reconnect()
    expect(await w.request({ method: 'eth_chainId' })).toBe('0x7a69')
    const listener = (): void => {
      throw new Error('removed listener called')
    }
    w.on('accountsChanged', listener)
    w.removeListener('accountsChanged', listener)
    expect(await w.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNT0])
  })

  it('setAccounts changes the exposed accounts and emits accountsChanged', async () => {
    const w = wallet({ autoApprove: true, accountCount: 2 })
    const accounts = (await w.request({ method: 'eth_requestAccounts' })) as Address[]
    expect(accounts).toEqual([ACCOUNT0, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
    const changes: unknown[] = []
    w.on('accountsChanged', (a: unknown) => changes.push(a))
    w.setAccounts([5])
    expect(changes).toEqual([[ACCOUNT5]])
    const signature = (await w.request({ method: 'personal_sign', params: ['0x6869', ACCOUNT5] })) as Hex
    expect(await verifyMessage({ address: ACCOUNT5, message: { raw: '0x6869' }, signature })).toBe(true)
    expect(await rejection(w.request({ method: 'personal_sign', params: ['0x6869', ACCOUNT0] }))).toMatchObject({ code: 4100 })
  })
})
