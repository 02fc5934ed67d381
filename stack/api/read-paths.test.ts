import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPublicClient, createWalletClient, defineChain, erc20Abi, http, parseEther, type Address, type Hex } from 'viem'
import { startDevChains, type DevChains } from '../chain/index.ts'
import { startApiServer, type ApiServer, type HistoryTransaction, type TokenBalance } from './index.ts'
import { ChainBalanceReader } from './balances.ts'
import { buildChainRuntimes, type ChainRuntime } from './chains.ts'
import { HistoryReadCache, type HistoryRows } from './history.ts'
import { callApi, countingRpcProxy, testStorage, type TestStorage } from './api-test-client.ts'

type History = { data: HistoryTransaction[]; next: string | null }

// Issue 31 item 4: the balance path batches the reads of one turn into one Multicall3 eth_call, and on PGlite the
// history path keeps pages until the indexer writes. Neither may answer anything older than the chain or the index.
describe('API read paths under load: batched balances, cached history', () => {
  let dev: DevChains
  let proxy: Awaited<ReturnType<typeof countingRpcProxy>>
  let chain: ChainRuntime
  const servers: ApiServer[] = []
  const storages: TestStorage[] = []

  beforeAll(async () => {
    dev = await startDevChains({})
    const info = dev.chains.find((c) => c.chainId === 31337)!
    proxy = await countingRpcProxy(info.rpcUrl)
    chain = buildChainRuntimes([{ ...info, rpcUrl: proxy.url }], dev.deployment)[0]!
  })
  afterAll(async () => {
    for (const s of servers) await s.stop()
    await proxy?.close()
    await dev?.stop()
    for (const s of storages) await s.remove()
  })

  const contracts = () => dev.deployment.chains[31337]!.contracts as unknown as Record<'usdc6' | 'dai18' | 'zero0' | 'multicall3', Address>
  const account = (i: number): Address => dev.deployment.accounts[i]!
  const rpcUrl = () => dev.chains.find((c) => c.chainId === 31337)!.rpcUrl
  const direct = () => createPublicClient({ transport: http(rpcUrl()) })
  const send = async (from: Address, to: Address, value: bigint): Promise<Hex> => {
    const wallet = createWalletClient({
      account: from,
      transport: http(rpcUrl()),
      chain: defineChain({ id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl()] } } }),
    })
    const hash = await wallet.sendTransaction({ to, value })
    await direct().waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 0 })
    return hash
  }
  const reader = (tokens: Address[]) => new ChainBalanceReader(chain, contracts().multicall3, tokens)
  const tokenBalance = (token: Address, owner: Address) => direct().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const apiServer = async (storage: TestStorage): Promise<ApiServer> => {
    const server = await startApiServer({
      ...storage.options,
      chains: [dev.chains.find((c) => c.chainId === 31337)!],
      deployment: dev.deployment,
      // Tests index on demand; the poller only makes the first pass.
      indexIntervalMs: 60_000,
    })
    servers.push(server)
    await server.indexNow()
    return server
  }

  describe('balances: one Multicall3 eth_call per chain per turn', () => {
    it('reads the accounts asked for in one turn in one eth_call, each with its own balances', async () => {
      const { usdc6, dai18 } = contracts()
      const accounts = [account(0), account(1), account(2), account(0)]
      proxy.methods.length = 0
      const results = await Promise.all(accounts.map((a) => reader([usdc6, dai18]).read(a)))
      // Four readers, four eth_calls: batching is per reader (one per chain in the server).
      expect(proxy.methods).toEqual(['eth_call', 'eth_call', 'eth_call', 'eth_call'])

      proxy.methods.length = 0
      const one = reader([usdc6, dai18])
      const batched = await Promise.all(accounts.map((a) => one.read(a)))
      expect(proxy.methods).toEqual(['eth_call'])
      for (const [i, a] of accounts.entries()) {
        expect(batched[i]!.native).toBe(await direct().getBalance({ address: a }))
        expect(batched[i]!.tokens).toEqual([await tokenBalance(usdc6, a), await tokenBalance(dai18, a)])
        expect(batched[i]).toEqual(results[i])
      }
      // Account 0 holds 1,000 USDC and 250.5 DAI in the deployment; the metadata came in the same eth_call.
      expect(batched[0]!.tokens).toEqual([1_000_000_000n, 250_500_000_000_000_000_000n])
      expect(batched[0]!.meta).toEqual([
        { decimals: 6, symbol: 'USDC', name: 'USD Coin (Portico)' },
        { decimals: 18, symbol: 'DAI', name: 'Dai (Portico)' },
      ])
      // The next turn is a new eth_call: nothing is kept between turns.
      proxy.methods.length = 0
      await one.read(account(0))
      expect(proxy.methods).toEqual(['eth_call'])
    })

    it('splits a turn of more than 250 accounts into eth_calls of 250', async () => {
      const { usdc6 } = contracts()
      const many = Array.from({ length: 300 }, (_, i) => `0x${(0xabc000 + i).toString(16).padStart(40, '0')}` as Address)
      proxy.methods.length = 0
      const one = reader([usdc6])
      const results = await Promise.all([...many, account(0)].map((a) => one.read(a)))
      expect(proxy.methods).toEqual(['eth_call', 'eth_call'])
      expect(results.slice(0, 300).every((r) => r.native === 0n && r.tokens[0] === 0n)).toBe(true)
      expect(results[300]!.tokens).toEqual([1_000_000_000n])
    })

    it('a read that fails fails only itself, in the same eth_call as the others', async () => {
      const { usdc6, multicall3 } = contracts()
      // An account (no code: answers nothing) and Multicall3 (no balanceOf: reverts) in place of tokens.
      const one = reader([usdc6, account(9), multicall3])
      proxy.methods.length = 0
      const [a, b] = await Promise.all([one.read(account(0)), one.read(account(1))])
      expect(proxy.methods).toEqual(['eth_call'])
      expect(a!.tokens).toEqual([1_000_000_000n, undefined, undefined])
      expect(a!.native).toBe(await direct().getBalance({ address: account(0) }))
      expect(b!.tokens).toEqual([await tokenBalance(usdc6, account(1)), undefined, undefined])
      expect(a!.meta[0]).toEqual({ decimals: 6, symbol: 'USDC', name: 'USD Coin (Portico)' })
      expect(a!.meta[1]).toEqual({ decimals: 18, symbol: '???', name: '???' })
    })

    it('a failed eth_call fails the reads of its batch, and the next turn reads again', async () => {
      const down = buildChainRuntimes([{ chainId: 31337, name: 'down', rpcUrl: 'http://127.0.0.1:9' }], dev.deployment)[0]!
      const one = new ChainBalanceReader(down, contracts().multicall3, [contracts().usdc6])
      const settled = await Promise.allSettled([one.read(account(0)), one.read(account(1))])
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected'])
      // The reader is still usable: a working chain's reader answers in the same process.
      expect((await reader([contracts().usdc6]).read(account(0))).tokens).toEqual([1_000_000_000n])
    })

    it('GET /balance answers concurrent users each with their own balances, and a new block at once', async () => {
      const storage = await testStorage('pglite', 'reads-bal')
      storages.push(storage)
      const api = await apiServer(storage)
      const ask = (a: Address) =>
        callApi<{ balances: TokenBalance[] }>(api.url, `/v1/account/${a}/balance`, { query: { currency: 'usd', chainId: 'eip155:31337' } })
      const accounts = [0, 1, 2, 3, 4, 5, 6, 7].map(account)
      const alone: TokenBalance[][] = []
      for (const a of accounts) alone.push((await ask(a)).body.balances)
      const together = await Promise.all(accounts.map(ask))
      expect(together.map((r) => r.body.balances)).toEqual(alone)

      const eth = (bs: TokenBalance[]) => bs.find((b) => b.symbol === 'ETH')!.quantity.numeric
      const before = eth((await ask(account(3))).body.balances)
      await send(account(2), account(3), parseEther('1.25'))
      // The block that moved the ETH is in the very next answer.
      const after = eth((await ask(account(3))).body.balances)
      expect(Number(after) - Number(before)).toBeCloseTo(1.25, 9)
    })
  })

  describe('history: pages kept until the indexer writes (PGlite only)', () => {
    it('serves a repeated page without the database, and a newly indexed row at once', async () => {
      const storage = await testStorage('pglite', 'reads-hist')
      storages.push(storage)
      const api = await apiServer(storage)
      const page = () => callApi<History>(api.url, `/v1/account/${account(5)}/history`, { query: { chainId: 'eip155:31337' } })
      const queries = vi.spyOn(api.db, 'query')
      const first = await page()
      expect(first.status).toBe(200)
      expect(queries.mock.calls.length).toBeGreaterThan(0)
      queries.mockClear()
      expect((await page()).body).toEqual(first.body)
      expect(queries).not.toHaveBeenCalled()

      const hash = await send(account(6), account(5), parseEther('0.5'))
      await api.indexNow()
      queries.mockClear()
      const next = await page()
      expect(queries).toHaveBeenCalled()
      expect(next.body.data[0]).toMatchObject({ id: hash, metadata: { operationType: 'receive' } })
      expect(next.body.data.slice(1)).toEqual(first.body.data.slice(0, next.body.data.length - 1))
      queries.mockRestore()
    })

    it('on PostgreSQL keeps nothing: another server indexing the same database is seen at once', async () => {
      const storage = await testStorage('postgres', 'reads-pg')
      storages.push(storage)
      const a = await apiServer(storage)
      const b = await apiServer(storage)
      const page = () => callApi<History>(a.url, `/v1/account/${account(7)}/history`, { query: { chainId: 'eip155:31337' } })
      const before = (await page()).body.data
      const hash = await send(account(8), account(7), parseEther('0.25'))
      // Only server b indexes the new block; a's poller waits a minute.
      await b.indexNow()
      const after = (await page()).body.data
      expect(after[0]!.id).toBe(hash)
      expect(after.length).toBe(Math.min(before.length + 1, 20))
    })

    it('HistoryReadCache: shares a load, drops a page read across a write, a failed load, and the oldest page', async () => {
      const rows = (n: number): HistoryRows => ({ txs: [{ nonce: n } as HistoryRows['txs'][number]], transfers: [] })
      const cache = new HistoryReadCache(2)
      let loads = 0
      const load = (n: number) => async () => {
        loads++
        return rows(n)
      }
      const [x, y] = await Promise.all([cache.get('a', load(1)), cache.get('a', load(2))])
      expect(x).toBe(y)
      expect(loads).toBe(1)

      // A write starts while a page is read: the page is not kept.
      let release!: () => void
      const gate = new Promise<void>((resolve) => (release = resolve))
      const slow = cache.get('b', async () => {
        loads++
        await gate
        return rows(3)
      })
      cache.invalidate()
      release()
      await slow
      loads = 0
      expect((await cache.get('b', load(4))).txs[0]!.nonce).toBe(4)
      expect(loads).toBe(1)

      // A failed load is not kept.
      await expect(cache.get('c', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
      expect((await cache.get('c', load(5))).txs[0]!.nonce).toBe(5)

      // Two entries at most: 'b' (least recently used) goes when 'd' comes; 'c' stays.
      await cache.get('d', load(6))
      loads = 0
      expect((await cache.get('c', load(7))).txs[0]!.nonce).toBe(5)
      expect(loads).toBe(0)
      expect((await cache.get('b', load(8))).txs[0]!.nonce).toBe(8)
      expect(loads).toBe(1)
    })
  })
})
