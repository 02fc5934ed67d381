import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { createMemoryAdapter, createModal, KernelTokens } from 'portico'
import { polkadot } from 'portico/plugins/polkadot'
import { createPolkadotDevWallet } from 'portico/testing'
import { startPolkadotChain, type PolkadotChain } from './index.ts'

type AccountInfo = { data: { free: { toBigInt(): bigint }; reserved: { toBigInt(): bigint } }; nonce: { toNumber(): number } }

describe('local polkadot chain (chopsticks, Rococo Asset Hub runtime, offline)', () => {
  let chain: PolkadotChain
  let api: ApiPromise

  beforeAll(async () => {
    chain = await startPolkadotChain()
    api = await ApiPromise.create({ provider: new WsProvider(chain.wsUrl), noInitWarn: true })
    await cryptoWaitReady()
  }, 240_000)

  afterAll(async () => {
    await api?.disconnect()
    await chain?.stop()
  })

  const account = async (address: string) => (await api.query.system.account(address)) as unknown as AccountInfo

  it('listens on 127.0.0.1 and names itself by its genesis hash (CAIP-13)', async () => {
    expect(chain.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    expect(chain.genesisHash).toBe(api.genesisHash.toHex())
    expect(chain.caipNetworkId).toBe(`polkadot:${api.genesisHash.toHex().slice(2, 34)}`)
    expect(chain.caipNetworkId).toMatch(/^polkadot:[0-9a-f]{32}$/)
  })

  it('serves the real runtime: ROC, 12 decimals, SS58 prefix 2', async () => {
    expect(api.registry.chainDecimals[0]).toBe(12)
    expect(api.registry.chainTokens[0]).toBe('ROC')
    expect(api.registry.chainSS58).toBe(2)
    expect(api.tx.balances.transferKeepAlive).toBeTypeOf('function')
  })

  it('funds //Alice .. //Eve with 1,000,000 ROC each', async () => {
    expect(chain.accounts.map((a) => `${a.uri}/${a.type}`)).toContain('//Eve/ed25519')
    const alice = chain.accounts.find((a) => a.uri === '//Alice' && a.type === 'sr25519')!
    // The well-known //Alice sr25519 key.
    expect(alice.publicKey).toBe('0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d')
    for (const a of chain.accounts) {
      const info = await account(a.address)
      expect(info.data.free.toBigInt()).toBe(1_000_000_000_000_000_000n)
    }
  })

  it('executes a signed balances transfer in its own block and charges a fee', async () => {
    const keyring = new Keyring({ type: 'sr25519', ss58Format: 2 })
    const alice = keyring.addFromUri('//Alice')
    const dave = chain.accounts.find((a) => a.uri === '//Dave' && a.type === 'ed25519')!
    const before = await account(alice.address)
    const daveBefore = (await account(dave.address)).data.free.toBigInt()
    const headBefore = (await api.rpc.chain.getHeader()).number.toNumber()

    const amount = 1_234_500_000_000n
    const finalized = await new Promise<{ blockHash: string; success: boolean }>((resolve, reject) => {
      api.tx.balances
        .transferKeepAlive(dave.address, amount)
        .signAndSend(alice, ({ status, dispatchError, events }) => {
          if (dispatchError) return reject(new Error(dispatchError.toString()))
          if (status.isInBlock) {
            const success = events.some(({ event }) => api.events.system.ExtrinsicSuccess.is(event))
            resolve({ blockHash: status.asInBlock.toHex(), success })
          }
        })
        .catch(reject)
    })
    expect(finalized.success).toBe(true)

    const after = await account(alice.address)
    expect((await account(dave.address)).data.free.toBigInt()).toBe(daveBefore + amount)
    const spent = before.data.free.toBigInt() - after.data.free.toBigInt()
    expect(spent > amount).toBe(true) // amount plus a fee
    expect(after.nonce.toNumber()).toBe(before.nonce.toNumber() + 1)
    expect((await api.rpc.chain.getHeader()).number.toNumber()).toBe(headBefore + 1)
  })

  it('rejects a transfer signed by an unfunded key', async () => {
    const stranger = new Keyring({ type: 'sr25519', ss58Format: 2 }).addFromUri('//Nobody')
    const bob = chain.accounts.find((a) => a.uri === '//Bob')!
    await expect(api.tx.balances.transferKeepAlive(bob.address, 1_000_000_000_000n).signAndSend(stranger)).rejects.toThrow(
      /Inability to pay some fees|1010/,
    )
  })

  describe('the polkadot plugin and the dev wallet against it', () => {
    const setup = async (opts: Parameters<typeof createPolkadotDevWallet>[0] = { autoApprove: true }) => {
      const wallet = createPolkadotDevWallet(opts)
      const modal = createModal({
        plugins: [polkadot({ chain: { wsUrl: chain.wsUrl, caipNetworkId: chain.caipNetworkId, name: 'Portico Polkadot' }, injectedWeb3: () => ({ 'portico-dev-wallet': wallet }) })],
        storage: createMemoryAdapter(),
      })
      await modal.ready
      const { accounts } = await modal.connection.connect('polkadot:portico-dev-wallet', 'polkadot')
      return { wallet, modal, address: accounts[0]!.address }
    }

    it('shows the account with the chain\'s own SS58 prefix and its balance in ROC', async () => {
      const { modal, address } = await setup()
      // No ss58Prefix was given: the plugin asked the chain (2).
      expect(address).toBe(chain.accounts.find((a) => a.uri === '//Alice' && a.type === 'sr25519')!.address)
      const balance = await modal.request('polkadot:getBalance', {})
      const info = await account(address)
      expect(balance).toMatchObject({ free: info.data.free.toBigInt().toString(), reserved: '0', symbol: 'ROC', decimals: 12 })
      const planck = info.data.free.toBigInt()
      const fraction = (planck % 10n ** 12n).toString().padStart(12, '0').replace(/0+$/, '')
      const display = `${planck / 10n ** 12n}${fraction ? `.${fraction}` : ''}`
      expect(balance.freeBalance).toBe(display)
      const network = modal.state.networks('polkadot')[0]!
      await expect(modal.get(KernelTokens.Chains).adapter('polkadot')!.getBalance!(address, network)).resolves.toEqual({ balance: display, symbol: 'ROC' })
      modal.destroy()
    })

    it('signs and sends a transfer with the wallet (signPayload) and the chain executes it', async () => {
      const { modal } = await setup()
      const eve = chain.accounts.find((a) => a.uri === '//Eve' && a.type === 'sr25519')!
      const before = (await account(eve.address)).data.free.toBigInt()
      const { hash, blockHash } = await modal.request('polkadot:transfer', { to: eve.address, amount: '2.5' })
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
      const block = await api.rpc.chain.getBlock(blockHash)
      expect(block.block.extrinsics.map((x) => x.hash.toHex())).toContain(hash)
      expect((await account(eve.address)).data.free.toBigInt()).toBe(before + 2_500_000_000_000n)
      modal.destroy()
    })

    it('refuses a bad recipient or amount with the SPEC message, and a rejected signature with 4001', async () => {
      const { modal, wallet } = await setup()
      const eve = chain.accounts.find((a) => a.uri === '//Eve')!
      await expect(modal.request('polkadot:transfer', { to: 'nope', amount: '1' })).rejects.toThrow('An amount and receiver address are required')
      await expect(modal.request('polkadot:transfer', { to: eve.address, amount: '0' })).rejects.toThrow('An amount and receiver address are required')
      wallet.setFailures({ reject: ['signPayload'] })
      await expect(modal.request('polkadot:transfer', { to: eve.address, amount: '1' })).rejects.toMatchObject({ code: 4001 })
      modal.destroy()
    })

    it('a transfer the runtime refuses rejects with its dispatch error, and nothing moves', async () => {
      const { modal, address } = await setup()
      const bob = chain.accounts.find((a) => a.uri === '//Bob' && a.type === 'sr25519')!
      const before = (await account(bob.address)).data.free.toBigInt()
      await expect(modal.request('polkadot:transfer', { to: bob.address, amount: '5000000' })).rejects.toThrow(/^Transfer failed: \S+/)
      expect((await account(bob.address)).data.free.toBigInt()).toBe(before)
      expect((await account(address)).data.free.toBigInt() < 1_000_000_000_000_000_000n).toBe(true)
      modal.destroy()
    })

    it('an ed25519 dev key signs transfers too', async () => {
      const { modal, address } = await setup({ autoApprove: true, keyType: 'ed25519', accounts: ['//Bob'] })
      expect(address).toBe(chain.accounts.find((a) => a.uri === '//Bob' && a.type === 'ed25519')!.address)
      const charlie = chain.accounts.find((a) => a.uri === '//Charlie')!
      const before = (await account(charlie.address)).data.free.toBigInt()
      await modal.request('polkadot:transfer', { to: charlie.address, amount: '0.000000000001' })
      expect((await account(charlie.address)).data.free.toBigInt()).toBe(before + 1n)
      modal.destroy()
    })
  })
})
