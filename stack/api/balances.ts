import { decodeFunctionResult, encodeFunctionData, erc20Abi, formatUnits, getAddress, hexToBigInt, multicall3Abi, toFunctionSelector, type Address, type Hex } from 'viem'
import { NATIVE_NAME, NATIVE_PRICE_USD, NATIVE_SYMBOL, tokenIconUrl, tokenPriceUsd, type ChainRuntime, type ImageLink } from './chains.ts'

/** SPEC §3 token balance. */
export type TokenBalance = {
  name: string
  symbol: string
  chainId: string
  address?: string
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

type TokenMeta = { decimals: number; symbol: string; name: string }
/**
 * One account's raw balances on one chain: the native balance, then each token's (undefined where that read failed),
 * with the tokens' metadata the answer was read with.
 */
export type RawBalances = { native: bigint | undefined; tokens: Array<bigint | undefined>; meta: readonly TokenMeta[] }

const GET_ETH_BALANCE = toFunctionSelector('getEthBalance(address)')
const BALANCE_OF = toFunctionSelector('balanceOf(address)')
/**
 * Accounts per eth_call at most: each costs four reads (about 15,000 gas), so 250 stay far below a node's eth_call
 * gas cap (anvil and geth: 30 to 50 million). A larger batch is split; each part fails or succeeds on its own.
 */
export const MAX_ACCOUNTS_PER_CALL = 250
const META_FUNCTIONS = ['decimals', 'symbol', 'name'] as const

const word = (account: string): string => account.slice(2).toLowerCase().padStart(64, '0')
/** A uint256 return value, or undefined for a failed read or one that answered something else (a non-contract: `0x`). */
const uint = (r: { success: boolean; returnData: Hex } | undefined): bigint | undefined =>
  r?.success && r.returnData.length === 66 ? hexToBigInt(r.returnData) : undefined

type Waiter = { resolve: (r: RawBalances) => void; reject: (e: unknown) => void }

/**
 * Reads balances of one chain's native token and its deployment tokens for many accounts at once: the reads asked
 * for in one turn of the event loop go out together, after that turn, as one Multicall3 `aggregate3` eth_call
 * (issue 31: an eth_call per request, with viem encoding and decoding each of its reads, was this path's limit).
 * Nothing is cached: every read is sent after it was asked for, so a balance is never older than the chain's state
 * at that moment. Each read may fail on its own (`allowFailure`); only a failed eth_call fails its accounts.
 */
export class ChainBalanceReader {
  private waiting = new Map<string, Waiter[]>()
  private scheduled = false
  /** The tokens' decimals, symbol and name, once read completely (they do not change for a deployed token). */
  private meta: TokenMeta[] | undefined

  constructor(
    private readonly chain: ChainRuntime,
    private readonly multicall3: Address,
    readonly tokens: readonly Address[],
  ) {}

  read(account: Address): Promise<RawBalances> {
    return new Promise((resolve, reject) => {
      const key = account.toLowerCase()
      const list = this.waiting.get(key)
      if (list) list.push({ resolve, reject })
      else this.waiting.set(key, [{ resolve, reject }])
      if (!this.scheduled) {
        this.scheduled = true
        setImmediate(() => this.flush())
      }
    })
  }

  private flush(): void {
    this.scheduled = false
    const all = [...this.waiting]
    this.waiting = new Map()
    for (let i = 0; i < all.length; i += MAX_ACCOUNTS_PER_CALL) void this.send(all.slice(i, i + MAX_ACCOUNTS_PER_CALL))
  }

  private async send(batch: Array<[string, Waiter[]]>): Promise<void> {
    const perAccount = 1 + this.tokens.length
    // Until the tokens' metadata is known, the same eth_call reads it first.
    const askMeta = this.meta === undefined
    const calls: Array<{ target: Address; allowFailure: boolean; callData: Hex }> = []
    if (askMeta) {
      for (const target of this.tokens) {
        for (const functionName of META_FUNCTIONS) calls.push({ target, allowFailure: true, callData: encodeFunctionData({ abi: erc20Abi, functionName }) })
      }
    }
    for (const [account] of batch) {
      calls.push({ target: this.multicall3, allowFailure: true, callData: `${GET_ETH_BALANCE}${word(account)}` })
      for (const target of this.tokens) calls.push({ target, allowFailure: true, callData: `${BALANCE_OF}${word(account)}` })
    }
    let results: readonly { success: boolean; returnData: Hex }[]
    try {
      const data = encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] })
      const answer = await this.chain.client.request({ method: 'eth_call', params: [{ to: this.multicall3, data }, 'latest'] })
      results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: answer })
      if (results.length !== calls.length) throw new Error(`Multicall3 answered ${results.length} results for ${calls.length} calls`)
    } catch (error) {
      for (const [, waiters] of batch) for (const w of waiters) w.reject(error)
      return
    }
    let at = 0
    let meta = this.meta
    if (askMeta) {
      const fresh = this.tokens.map(() => {
        const [dec, sym, name] = META_FUNCTIONS.map((functionName) => {
          const r = results[at++]!
          if (!r.success) return undefined
          try {
            return decodeFunctionResult({ abi: erc20Abi, functionName, data: r.returnData }) as unknown
          } catch {
            return undefined
          }
        })
        const symbol = sym === undefined ? '???' : String(sym)
        return {
          decimals: dec === undefined ? 18 : Number(dec),
          symbol,
          name: name === undefined ? symbol : String(name),
          complete: dec !== undefined && sym !== undefined && name !== undefined,
        }
      })
      // Kept only when every read succeeded (a token not deployed yet is asked again next time).
      meta = fresh.map(({ decimals, symbol, name }) => ({ decimals, symbol, name }))
      if (this.meta === undefined && fresh.every((m) => m.complete)) this.meta = meta
    }
    for (const [, waiters] of batch) {
      const native = uint(results[at])
      const tokens = this.tokens.map((_, i) => uint(results[at + 1 + i]))
      at += perAccount
      for (const w of waiters) w.resolve({ native, tokens, meta: meta! })
    }
  }
}

const readers = new WeakMap<ChainRuntime, ChainBalanceReader>()

/** The batching reader of a chain with the deployment's contracts (one per chain for the process). */
function readerOf(chain: ChainRuntime & { contracts: NonNullable<ChainRuntime['contracts']> }): ChainBalanceReader {
  let reader = readers.get(chain)
  if (!reader) {
    const { multicall3, usdc6, dai18, zero0 } = chain.contracts
    reader = new ChainBalanceReader(chain, multicall3, [usdc6, dai18, zero0])
    readers.set(chain, reader)
  }
  return reader
}

/**
 * The native balance and the deployment's fungible tokens (USDC, DAI, ZERO; not the spam token, which a portfolio
 * API hides) of `account` on one chain, read through Multicall3 together with the other accounts asked for in the
 * same turn (ChainBalanceReader). Zero balances are left out, as the hosted API does; 0-decimal tokens stay in
 * (dropping them is the client's rule, SPEC §5).
 */
export async function readChainBalances(chain: ChainRuntime, account: Address, imageLink: ImageLink): Promise<TokenBalance[]> {
  const native = (raw: bigint): TokenBalance => {
    const numeric = formatUnits(raw, 18)
    return {
      name: NATIVE_NAME,
      symbol: NATIVE_SYMBOL,
      chainId: chain.caip2,
      value: Number(numeric) * NATIVE_PRICE_USD,
      price: NATIVE_PRICE_USD,
      quantity: { decimals: '18', numeric },
      iconUrl: tokenIconUrl(imageLink, NATIVE_SYMBOL),
    }
  }
  if (!chain.contracts) {
    const raw = await chain.client.getBalance({ address: account })
    return raw > 0n ? [native(raw)] : []
  }
  const reader = readerOf(chain as ChainRuntime & { contracts: NonNullable<ChainRuntime['contracts']> })
  const raw = await reader.read(account)
  const balances: TokenBalance[] = []
  if (raw.native !== undefined && raw.native > 0n) balances.push(native(raw.native))
  reader.tokens.forEach((address, i) => {
    const amount = raw.tokens[i]
    if (amount === undefined || amount === 0n) return
    const { decimals, symbol, name } = raw.meta[i]!
    const numeric = formatUnits(amount, decimals)
    const price = tokenPriceUsd(chain, address) ?? 0
    balances.push({
      name,
      symbol,
      chainId: chain.caip2,
      address: `${chain.caip2}:${getAddress(address)}`,
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(decimals), numeric },
      iconUrl: tokenIconUrl(imageLink, symbol, address),
    })
  })
  return balances
}
