// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { verifyMessage as verifyWithEthers } from 'ethers'
import { verifyMessage } from 'viem'
import { createTestModal, type TestModal } from 'portico/testing'
import { eip155, type EvmChainInput } from 'portico/plugins/eip155'
import { signWithEthers } from '../../docs/examples/providers/ethers.ts'
import { signWithViem } from '../../docs/examples/providers/viem.ts'

const chain = (id: number, name: string): EvmChainInput => ({
  id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
})
const DEV_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let t: TestModal | undefined
afterEach(() => {
  t?.dispose()
  t = undefined
})

async function setup(autoApprove = true) {
  t = await createTestModal({
    plugins: [eip155({ networks: [chain(31337, 'Local'), chain(31338, 'Local 2')], builtinNetworks: false })],
    wallets: {
      namespaces: ['eip155'],
      autoApprove,
      chains: { eip155: [{ chainId: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:9' }, { chainId: 31338, name: 'Local 2', rpcUrl: 'http://127.0.0.1:9' }] },
    },
  })
  return t
}

describe("modal.getProvider('eip155'): EIP-1193 over the modal's connection (issue 25 §2)", () => {
  it('rejects every request with 4900 while no eip155 account is connected', async () => {
    const { modal } = await setup()
    const provider = modal.getProvider('eip155')
    for (const method of ['eth_accounts', 'eth_chainId', 'personal_sign', 'eth_requestAccounts']) {
      await expect(provider.request({ method })).rejects.toMatchObject({ code: 4900 })
    }
  })

  it('answers eth_accounts and eth_chainId from the connection and emits connect, chainChanged, accountsChanged, disconnect', async () => {
    const t = await setup()
    const provider = t.modal.getProvider('eip155')
    const seen: Array<[string, unknown]> = []
    for (const event of ['connect', 'accountsChanged', 'chainChanged', 'disconnect'] as const) provider.on(event, (arg: unknown) => seen.push([event, arg]))
    await t.connect()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([DEV_ACCOUNT_0])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(seen).toContainEqual(['connect', { chainId: '0x7a69' }])
    expect(seen).toContainEqual(['accountsChanged', [DEV_ACCOUNT_0]])

    seen.length = 0
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(seen).toEqual([['chainChanged', '0x7a6a']])
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({ code: 4902 })

    seen.length = 0
    await t.modal.connection.disconnect()
    expect(seen.map(([e]) => e)).toEqual(['accountsChanged', 'disconnect'])
    expect(seen[1]![1]).toMatchObject({ code: 4900 })
    await expect(provider.request({ method: 'eth_accounts' })).rejects.toMatchObject({ code: 4900 })
  })

  it('created while connected, it answers at once and emits no connect for the connection it started with', async () => {
    const t = await setup()
    await t.connect()
    const provider = t.modal.getProvider('eip155')
    const seen: string[] = []
    for (const event of ['connect', 'accountsChanged', 'chainChanged'] as const) provider.on(event, () => seen.push(event))
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([DEV_ACCOUNT_0])
    expect(seen).toEqual([])
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(seen).toEqual(['chainChanged'])
  })

  it('a listener removed with removeListener hears nothing more; one that throws does not stop the others', async () => {
    const t = await setup()
    const provider = t.modal.getProvider('eip155')
    const removed = vi.fn()
    const after = vi.fn()
    provider.on('accountsChanged', removed)
    provider.on('accountsChanged', () => {
      throw new Error('host bug')
    })
    provider.on('accountsChanged', after)
    provider.removeListener('accountsChanged', removed)
    await t.connect()
    expect(removed).not.toHaveBeenCalled()
    expect(after).toHaveBeenCalledWith([DEV_ACCOUNT_0])
  })

  it("the docs' viem custom() example signs with the connected wallet", async () => {
    const t = await setup()
    await t.connect()
    const { address, signature } = await signWithViem(t.modal, 'hello from viem')
    expect(address).toBe(DEV_ACCOUNT_0)
    expect(await verifyMessage({ address, message: 'hello from viem', signature })).toBe(true)
  })

  it("the docs' ethers v6 BrowserProvider example signs with the connected wallet and reads the chain", async () => {
    const t = await setup()
    await t.connect()
    const { address, signature, chainId } = await signWithEthers(t.modal, 'hello from ethers')
    expect(address).toBe(DEV_ACCOUNT_0)
    expect(chainId).toBe(31337n)
    expect(verifyWithEthers('hello from ethers', signature)).toBe(DEV_ACCOUNT_0)
  })

  it('a rejection in the wallet reaches viem and ethers as 4001', async () => {
    const t = await setup(false)
    await t.connect()
    const viem = signWithViem(t.modal, 'no')
    await t.wallets.nextRequest()
    t.wallets.reject()
    await expect(viem).rejects.toMatchObject({ code: 4001 })
    const ethers = signWithEthers(t.modal, 'no')
    await t.wallets.nextRequest()
    t.wallets.reject()
    await expect(ethers).rejects.toMatchObject({ code: 'ACTION_REJECTED' })
  })
})
