import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, defineChain, erc20Abi, erc721Abi, getAddress, http, parseEther, parseUnits, type Address } from 'viem'
import { startDevChains, type DevChains } from '../chain/index.ts'
import { startApiServer, HISTORY_PAGE_SIZE, SEEDED_NAME, type ApiServer, type HistoryTransaction, type TokenBalance } from './index.ts'
import { callApi, countingRpcProxy, DB_BACKENDS, testStorage, type TestStorage } from './api-test-client.ts'

type History = { data: HistoryTransaction[]; next: string | null }

describe.each(DB_BACKENDS)('blockchain API on dev chains (%s)', (backend) => {
  let dev: DevChains
  let api: ApiServer
  let proxies: Array<Awaited<ReturnType<typeof countingRpcProxy>>> = []
  let storage: TestStorage

  beforeAll(async () => {
    storage = await testStorage(backend, 'chain')
    dev = await startDevChains({})
    proxies = await Promise.all(dev.chains.map((c) => countingRpcProxy(c.rpcUrl)))
    api = await startApiServer({
      ...storage.options,
      chains: dev.chains.map((c, i) => ({ ...c, rpcUrl: proxies[i]!.url })),
      deployment: dev.deployment,
      // Tests index on demand; the poller only makes the first pass.
      indexIntervalMs: 60_000,
    })
    await api.indexNow()
  })
  afterAll(async () => {
    await api?.stop()
    await Promise.all(proxies.map((p) => p.close()))
    await dev?.stop()
    await storage?.remove()
  })

  const chain1 = () => dev.chains.find((c) => c.chainId === 31337)!
  const wallet = (from: Address) =>
    createWalletClient({
      account: from,
      transport: http(chain1().rpcUrl),
      chain: defineChain({ id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain1().rpcUrl] } } }),
    })
  const contracts = () => dev.deployment.chains[31337]!.contracts
  const account = (i: number): Address => dev.deployment.accounts[i]!
  /**
   * Waits for the receipt: anvil may answer eth_sendTransaction before the block is visible to eth_blockNumber. No
   * timeout of its own (viem's default is 3 minutes of wall clock): the test fails by its runner's timeout instead.
   */
  const mined = async (hash: Promise<`0x${string}`>) =>
    createPublicClient({ transport: http(chain1().rpcUrl) }).waitForTransactionReceipt({ hash: await hash, pollingInterval: 20, timeout: 0 })

  describe('SPEC §7 blockchain API: supported chains and identity', () => {
    it('GET /v1/supported-chains lists the dev chains', async () => {
      const r = await callApi(api.url, '/v1/supported-chains')
      expect(r.body).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
    })

    it('GET /v1/identity/{address} names account 0 and returns nulls otherwise', async () => {
      const r = await callApi(api.url, `/v1/identity/${account(0)}`, { query: { sender: account(1) } })
      expect(r.status).toBe(200)
      expect(r.body.name).toBe(SEEDED_NAME)
      // The URL works in an <img>: it carries the caller's projectId.
      expect(r.body.avatar).toBe(`${api.url}/public/getAssetImage/avatar-${SEEDED_NAME}?projectId=test-project`)
      const avatar = await fetch(r.body.avatar as string)
      expect(avatar.headers.get('content-type')).toBe('image/svg+xml')
      // Lower-case input finds the same name.
      expect((await callApi(api.url, `/v1/identity/${account(0).toLowerCase()}`)).body.name).toBe(SEEDED_NAME)
      expect((await callApi(api.url, `/v1/identity/${account(5)}`)).body).toEqual({ name: null, avatar: null })
    })
  })

  describe('SPEC §7 GET /v1/account/{address}/balance', () => {
    it('reads native and ERC-20 balances from the chain in one eth_call per chain', async () => {
      for (const p of proxies) p.methods.length = 0
      const r = await callApi<{ balances: TokenBalance[] }>(api.url, `/v1/account/${account(0)}/balance`, {
        query: { currency: 'usd', chainId: 'eip155:31337', forceUpdate: 'true' },
      })
      expect(r.status).toBe(200)
      expect(proxies[0]!.methods).toEqual(['eth_call'])
      expect(proxies[1]!.methods).toEqual([])
      const bySymbol = Object.fromEntries(r.body.balances.map((b) => [b.symbol, b]))
      expect(Object.keys(bySymbol).sort()).toEqual(['DAI', 'ETH', 'USDC', 'ZERO'])
      const { usdc6, dai18, zero0 } = contracts()
      expect(bySymbol.ETH).toMatchObject({ chainId: 'eip155:31337', price: 3000, quantity: { decimals: '18' } })
      expect(bySymbol.ETH!.address).toBeUndefined()
      expect(Number(bySymbol.ETH!.quantity.numeric)).toBeGreaterThan(9000)
      expect(bySymbol.ETH!.value).toBeCloseTo(Number(bySymbol.ETH!.quantity.numeric) * 3000)
      expect(bySymbol.USDC).toMatchObject({ address: `eip155:31337:${getAddress(usdc6)}`, price: 1, value: 1000, quantity: { decimals: '6', numeric: '1000' } })
      expect(bySymbol.DAI).toMatchObject({ address: `eip155:31337:${getAddress(dai18)}`, price: 1, value: 250.5, quantity: { decimals: '18', numeric: '250.5' } })
      // The 0-decimal token is returned; dropping it is the client's rule (SPEC §5).
      expect(bySymbol.ZERO).toMatchObject({ address: `eip155:31337:${getAddress(zero0)}`, quantity: { decimals: '0', numeric: '7' } })
      expect(bySymbol.USDC!.iconUrl).toBe(`${api.url}/public/getTokenImage/USDC?projectId=test-project`)
      expect((await fetch(bySymbol.USDC!.iconUrl)).headers.get('content-type')).toBe('image/svg+xml')
    })

    it('covers every dev chain without chainId, still one eth_call each', async () => {
      for (const p of proxies) p.methods.length = 0
      const r = await callApi<{ balances: TokenBalance[] }>(api.url, `/v1/account/${account(1)}/balance`)
      expect(proxies.map((p) => p.methods)).toEqual([['eth_call'], ['eth_call']])
      expect(new Set(r.body.balances.map((b) => b.chainId))).toEqual(new Set(['eip155:31337', 'eip155:31338']))
    })

    it('leaves out zero balances and unsupported chains', async () => {
      const fresh = '0x000000000000000000000000000000000000dEaD'
      expect((await callApi(api.url, `/v1/account/${fresh}/balance`, { query: { chainId: 'eip155:31337' } })).body).toEqual({ balances: [] })
      expect((await callApi(api.url, `/v1/account/${account(0)}/balance`, { query: { chainId: 'eip155:1' } })).body).toEqual({ balances: [] })
    })
  })

  describe('SPEC §7 POST /v1/fungible/price', () => {
    it('prices ETH, USDC and DAI with the fixed demo prices and skips unknown tokens', async () => {
      const { usdc6, dai18, spam } = contracts()
      const r = await callApi(api.url, '/v1/fungible/price', {
        json: {
          currency: 'usd',
          projectId: 'test-project',
          addresses: [`eip155:31337:${usdc6}`, `eip155:31337:${dai18}`, 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', `eip155:31337:${spam}`, `eip155:1:${usdc6}`],
        },
      })
      expect(r.status).toBe(200)
      expect(r.body.fungibles.map((f: { symbol: string; price: number }) => [f.symbol, f.price])).toEqual([['USDC', 1], ['DAI', 1], ['ETH', 3000]])
      expect(r.body.fungibles[0]).toMatchObject({ address: `eip155:31337:${usdc6}`, iconUrl: expect.stringContaining('/public/getTokenImage/') })
    })
  })

  describe('SPEC §7 GET /v1/account/{address}/history', () => {
    it('indexes native, ERC-20 and ERC-721 transfers and lists them newest first', async () => {
      const [sender, receiver] = [account(1), account(7)]
      const { usdc6, nft } = contracts()
      const eth = await mined(wallet(sender).sendTransaction({ to: receiver, value: parseEther('0.5') }))
      const usdc = await mined(wallet(sender).writeContract({ address: usdc6, abi: erc20Abi, functionName: 'transfer', args: [receiver, parseUnits('12.5', 6)] }))
      const punk = await mined(wallet(sender).writeContract({ address: nft, abi: erc721Abi, functionName: 'transferFrom', args: [sender, receiver, 4n] }))
      const back = await mined(wallet(receiver).sendTransaction({ to: sender, value: parseEther('0.1') }))
      await api.indexNow()

      const r = await callApi<History>(api.url, `/v1/account/${receiver}/history`, { query: { chainId: 'eip155:31337' } })
      expect(r.status).toBe(200)
      expect(r.body.next).toBeNull()
      expect(r.body.data.map((t) => t.id)).toEqual([back, punk, usdc, eth].map((x) => x.transactionHash))
      const [tBack, tPunk, tUsdc, tEth] = r.body.data as [HistoryTransaction, HistoryTransaction, HistoryTransaction, HistoryTransaction]
      const times = r.body.data.map((t) => Date.parse(t.metadata.minedAt))
      expect([...times].sort((a, b) => b - a)).toEqual(times)

      expect(tBack.metadata).toMatchObject({ operationType: 'send', sentFrom: receiver, sentTo: sender, status: 'ONCHAIN_CONFIRMED', chain: 'eip155:31337', nonce: 0 })
      expect(tBack.transfers).toEqual([
        { fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: `${api.url}/public/getTokenImage/ETH?projectId=test-project` }, flags: { is_spam: false } }, direction: 'out', quantity: { numeric: '0.1' }, price: 3000, value: 300 },
      ])
      expect(tPunk.metadata).toMatchObject({ operationType: 'receive', sentFrom: sender, sentTo: expect.stringMatching(new RegExp(nft, 'i')) })
      expect(tPunk.transfers).toHaveLength(1)
      expect(tPunk.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Portico Punks #4', flags: { is_spam: false } } })
      expect(tPunk.transfers[0]!.nft_info!.content.preview.url).toMatch(/\/public\/getAssetImage\/nft-31337-/)
      expect(tUsdc.transfers).toEqual([
        expect.objectContaining({ direction: 'in', quantity: { numeric: '12.5' }, price: 1, value: 12.5, fungible_info: expect.objectContaining({ symbol: 'USDC', flags: { is_spam: false } }) }),
      ])
      expect(tEth.metadata.operationType).toBe('receive')
      expect(tEth.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '0.5' } })

      // The sender sees the same transactions from its side.
      const s = await callApi<History>(api.url, `/v1/account/${sender}/history`, { query: { chainId: 'eip155:31337' } })
      const usdcFromSender = s.body.data.find((t) => t.id === usdc.transactionHash)!
      expect(usdcFromSender.metadata.operationType).toBe('send')
      expect(usdcFromSender.transfers[0]!.direction).toBe('out')
    })

    it('flags the SPAM token transfers as spam, and only those', async () => {
      const r = await callApi<History>(api.url, `/v1/account/${account(0)}/history`, { query: { chainId: 'eip155:31337' } })
      const transfers = r.body.data.flatMap((t) => t.transfers)
      const spam = transfers.filter((x) => (x.fungible_info ?? x.nft_info)!.flags.is_spam)
      expect(spam.length).toBe(1)
      expect(spam[0]).toMatchObject({ direction: 'in', quantity: { numeric: '1000' }, fungible_info: { symbol: 'SPAM' } })
      // The airdrop transaction is "all spam" by the client's rule (SPEC §5); the seed mints are not.
      const allSpam = r.body.data.filter((t) => t.transfers.length > 0 && t.transfers.every((x) => (x.fungible_info ?? x.nft_info)!.flags.is_spam))
      expect(allSpam).toHaveLength(1)
      expect(r.body.data.some((t) => t.metadata.operationType === 'mint' && t.transfers.some((x) => x.nft_info))).toBe(true)
    })

    it(`pages by ${HISTORY_PAGE_SIZE} with an opaque cursor, newest first`, async () => {
      const [sender, receiver] = [account(4), account(5)]
      const hashes: string[] = []
      for (let i = 1; i <= 23; i++) hashes.push((await mined(wallet(sender).sendTransaction({ to: receiver, value: BigInt(i) * 1_000_000_000n }))).transactionHash)
      await api.indexNow()

      const first = await callApi<History>(api.url, `/v1/account/${receiver}/history`, { query: { chainId: 'eip155:31337' } })
      expect(first.body.data).toHaveLength(HISTORY_PAGE_SIZE)
      expect(first.body.next).toEqual(expect.any(String))
      const second = await callApi<History>(api.url, `/v1/account/${receiver}/history`, { query: { chainId: 'eip155:31337', cursor: first.body.next! } })
      expect(second.body.data).toHaveLength(3)
      expect(second.body.next).toBeNull()
      const ids = [...first.body.data, ...second.body.data].map((t) => t.id)
      expect(ids).toEqual([...hashes].reverse())
      expect(first.body.data[0]!.transfers[0]!.quantity.numeric).toBe('0.000000023')

      // The account has nothing on the other chain; without chainId both chains are merged.
      expect((await callApi<History>(api.url, `/v1/account/${receiver}/history`, { query: { chainId: 'eip155:31338' } })).body).toEqual({ data: [], next: null })
      const merged = await callApi<History>(api.url, `/v1/account/${receiver}/history`)
      expect(merged.body.data.map((t) => t.id)).toEqual(first.body.data.map((t) => t.id))
      // On-ramp history is empty on the stack.
      expect((await callApi<History>(api.url, `/v1/account/${receiver}/history`, { query: { onramp: 'coinbase' } })).body).toEqual({ data: [], next: null })
    })

    it('keeps the index and the last indexed block per chain in the database', async () => {
      const head = await createPublicClient({ transport: http(chain1().rpcUrl) }).getBlockNumber()
      const state = await api.db.query<{ chain_id: number; last_block: number }>('select chain_id, last_block from index_state order by chain_id')
      expect(state.rows.map((r) => r.chain_id)).toEqual([31337, 31338])
      expect(state.rows[0]!.last_block).toBe(Number(head))
    })

    it('re-indexes a chain whose blocks changed under it (a restarted dev chain)', async () => {
      const client = createPublicClient({ transport: http(chain1().rpcUrl) })
      const snapshot = (await client.request({ method: 'evm_snapshot' as never })) as `0x${string}`
      const before = await callApi<History>(api.url, `/v1/account/${account(6)}/history`, { query: { chainId: 'eip155:31337' } })
      expect(before.body.data).toHaveLength(0)
      await mined(wallet(account(2)).sendTransaction({ to: account(6), value: 1n }))
      await api.indexNow()
      expect((await callApi<History>(api.url, `/v1/account/${account(6)}/history`, { query: { chainId: 'eip155:31337' } })).body.data).toHaveLength(1)
      // Revert and mine a different block at the same height: the stored hash no longer matches.
      await client.request({ method: 'evm_revert' as never, params: [snapshot] as never })
      await mined(wallet(account(3)).sendTransaction({ to: account(8), value: 2n }))
      await api.indexNow()
      expect((await callApi<History>(api.url, `/v1/account/${account(6)}/history`, { query: { chainId: 'eip155:31337' } })).body.data).toHaveLength(0)
      expect((await callApi<History>(api.url, `/v1/account/${account(8)}/history`, { query: { chainId: 'eip155:31337' } })).body.data).toHaveLength(1)
    })
  })
})
