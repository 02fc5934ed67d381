import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { BaseError, ContractFunctionRevertedError, encodeFunctionData, erc20Abi, getAddress, maxUint256, type Address, type Hex } from 'viem'
import { uniswapV2RouterAbi } from '../chain/uniswap.ts'
import { chainByCaip2, NATIVE_NAME, NATIVE_SYMBOL, NATIVE_TOKEN_PLACEHOLDER, tokenIconUrl, type ChainRuntime, type ImageLink } from './chains.ts'
import { badRequest, CAIP2_PATTERN, COMMON_QUERY, requestProjectId } from './http.ts'

/**
 * SPEC §7 /v1/convert/*: swaps on the dev chains, answered from the seeded Uniswap V2 pool (stack/chain/uniswap.ts):
 * quotes from the router's getAmountsOut, allowances from the token, gas prices from eth_gasPrice, and calldata for
 * the router's swapExact* functions. Shapes as AppKit's client reads them; token and user addresses are CAIP-10.
 */

/** Error texts of SPEC §8, sent as the 400 message for a chain without a pool. */
export const SWAPS_UNSUPPORTED = 'Network not supported for Swaps'
export const GAS_PRICE_UNSUPPORTED = 'Network not supported for Gas Price'

/** Gas limits when the node's estimate is not asked for (disableEstimate) or cannot be made (allowance not yet set). */
export const APPROVE_GAS = 60_000n
export const SWAP_GAS = 250_000n
/** Seconds a built swap stays valid (the router's deadline), from the chain's latest block time. */
export const SWAP_DEADLINE_SECONDS = 20n * 60n
/** fast and instant over eth_gasPrice, in percent. */
const GAS_TIERS = { standard: 100n, fast: 120n, instant: 150n }

type Pool = { router: Address; weth: Address; usdc: Address; dai: Address }

/** The pool of a chain, or undefined when the deployment has none. */
export function poolOf(chain: ChainRuntime | undefined): Pool | undefined {
  const c = chain?.contracts as Record<string, string | undefined> | undefined
  if (!c?.uniswapV2Router02 || !c.weth9 || !c.usdc6 || !c.dai18) return undefined
  return { router: getAddress(c.uniswapV2Router02), weth: getAddress(c.weth9), usdc: getAddress(c.usdc6), dai: getAddress(c.dai18) }
}

type SwapToken = { name: string; symbol: string; address: string; decimals: number; logoUri: string; eip2612: boolean }

function swapTokens(chain: ChainRuntime, pool: Pool, imageLink: ImageLink): SwapToken[] {
  const caip10 = (a: string) => `${chain.caip2}:${a}`
  return [
    { name: NATIVE_NAME, symbol: NATIVE_SYMBOL, address: caip10(NATIVE_TOKEN_PLACEHOLDER), decimals: 18, logoUri: tokenIconUrl(imageLink, NATIVE_SYMBOL), eip2612: false },
    { name: 'USD Coin', symbol: 'USDC', address: caip10(pool.usdc), decimals: 6, logoUri: tokenIconUrl(imageLink, 'USDC'), eip2612: false },
    { name: 'Dai', symbol: 'DAI', address: caip10(pool.dai), decimals: 18, logoUri: tokenIconUrl(imageLink, 'DAI'), eip2612: false },
  ]
}

/** A request-level failure: answered as `status` with `message`. */
class ConvertError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message)
  }
}

type Side = { chain: ChainRuntime; pool: Pool; native: boolean; token: Address; caip10: string }

const CAIP10 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/

/** A CAIP-10 address on a chain with a pool: the chain, and the address (checksummed). */
function parseAccount(chains: ChainRuntime[], value: string, field: string): { chain: ChainRuntime; pool: Pool; address: Address } {
  const m = CAIP10.exec(value)
  if (!m) throw new ConvertError(`${field}: Invalid CAIP-10 address`)
  const chain = chainByCaip2(chains, `${m[1]}:${m[2]}`)
  const pool = poolOf(chain)
  if (!chain || !pool) throw new ConvertError(SWAPS_UNSUPPORTED)
  if (!/^0x[0-9a-fA-F]{40}$/.test(m[3]!)) throw new ConvertError(`${field}: not an EVM address`)
  return { chain, pool, address: getAddress(m[3]!.toLowerCase()) }
}

/** A swappable token: native (0xeeee...), USDC or DAI of a chain with a pool. */
function parseToken(chains: ChainRuntime[], value: string, field: string): Side {
  const { chain, pool, address } = parseAccount(chains, value, field)
  const native = address.toLowerCase() === NATIVE_TOKEN_PLACEHOLDER
  if (!native && address !== pool.usdc && address !== pool.dai) throw new ConvertError(`${field}: token not supported for Swaps`)
  return { chain, pool, native, token: native ? pool.weth : address, caip10: value }
}

function parsePair(chains: ChainRuntime[], from: string, to: string, user?: string): { from: Side; to: Side; user?: Address } {
  const a = parseToken(chains, from, 'from')
  const b = parseToken(chains, to, 'to')
  if (a.chain !== b.chain) throw new ConvertError('from and to must be on the same network')
  if (a.token === b.token) throw new ConvertError('from and to must be different tokens')
  let userAddress: Address | undefined
  if (user !== undefined) {
    const u = parseAccount(chains, user, 'userAddress')
    if (u.chain !== a.chain) throw new ConvertError('userAddress must be on the network of the tokens')
    userAddress = u.address
  }
  return { from: a, to: b, user: userAddress }
}

/** A positive amount in base units, below 2^256 (decimal string). */
function parseAmount(raw: string): bigint {
  if (!/^[0-9]{1,78}$/.test(raw)) throw new ConvertError('amount must be a whole number of base units')
  const n = BigInt(raw)
  if (n <= 0n) throw new ConvertError('amount must be greater than 0')
  if (n > maxUint256) throw new ConvertError('amount is too large')
  return n
}

/** Runs a chain read; a revert becomes a 400 with `revertMessage`, an unreachable node a 502. */
async function onChain<T>(fn: () => Promise<T>, revertMessage: string): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof BaseError && err.walk((e) => e instanceof ContractFunctionRevertedError)) throw new ConvertError(revertMessage)
    throw new ConvertError('Chain unavailable', 502)
  }
}

async function quoteOut(from: Side, to: Side, amount: bigint): Promise<bigint> {
  // All three pairs exist (USDC/WETH, DAI/WETH, USDC/DAI), so every route is one hop.
  const amounts = await onChain(
    () => from.chain.client.readContract({ address: from.pool.router, abi: uniswapV2RouterAbi, functionName: 'getAmountsOut', args: [amount, [from.token, to.token]] }),
    'No quote for this amount: the pool cannot take it',
  )
  const out = amounts[amounts.length - 1]!
  if (out <= 0n) throw new ConvertError('No quote for this amount: it is too small for the pool')
  return out
}

/** Slippage in percent as AppKit sends it ("1", "0.5"), to basis points; 0 to 50 %. */
function parseSlippageBps(raw: string | number | undefined): bigint {
  if (raw === undefined) return 100n
  const s = String(raw)
  if (!/^[0-9]{1,2}(\.[0-9]{1,2})?$/.test(s)) throw new ConvertError('eip155.slippage must be a percentage such as 1 or 0.5')
  const bps = BigInt(Math.round(Number(s) * 100))
  if (bps > 5000n) throw new ConvertError('eip155.slippage must be at most 50')
  return bps
}

async function gasPrice(chain: ChainRuntime): Promise<bigint> {
  return onChain(() => chain.client.getGasPrice(), 'Chain unavailable')
}

/**
 * The node's gas estimate with 20 % headroom, or `fallback` when the call would revert now (e.g. the approval is not
 * yet mined). The estimate runs on the latest block and the transaction in a later one: a Uniswap V2 pair writes its
 * price accumulators only in the first swap of a new second, about 20k gas the estimate may not have seen (a swap sent
 * with the bare estimate ran out of gas now and then in CI).
 */
async function estimateOr(chain: ChainRuntime, tx: { from: Address; to: Address; data: Hex; value: bigint }, fallback: bigint): Promise<bigint> {
  try {
    const estimate = await chain.client.estimateGas({ account: tx.from, to: tx.to, data: tx.data, value: tx.value })
    return estimate + estimate / 5n
  } catch {
    return fallback
  }
}

function send(reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof ConvertError) return err.status === 400 ? badRequest(reply, err.message) : reply.code(err.status).send({ error: err.message })
  throw err
}

const CAIP10_PATTERN = '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$'
const caip10 = { type: 'string', pattern: CAIP10_PATTERN } as const
const amountSchema = { type: 'string', pattern: '^[0-9]{1,78}$' } as const
const query = (required: string[], extra: Record<string, object>) =>
  ({ ...COMMON_QUERY, required, properties: { ...COMMON_QUERY.properties, ...extra } }) as const

export type ConvertOptions = { chains: ChainRuntime[]; baseUrl: () => string }

export function registerConvertRoutes(app: FastifyInstance, opts: ConvertOptions): void {
  // Icon URLs carry the caller's projectId, as every image path of this server needs one.
  const o = {
    chains: opts.chains,
    imageLink: (req: FastifyRequest): ImageLink => (path) => `${opts.baseUrl()}${path}?projectId=${encodeURIComponent(requestProjectId(req) ?? '')}`,
  }
  app.get<{ Querystring: { chainId: string } }>(
    '/v1/convert/tokens',
    { schema: { querystring: query(['chainId'], { chainId: { type: 'string', pattern: CAIP2_PATTERN } }) } },
    async (req) => {
      const chain = chainByCaip2(o.chains, req.query.chainId)
      const pool = poolOf(chain)
      // SPEC §4: an unsupported network gives an empty result.
      if (!chain || !pool) return { tokens: [] }
      return { tokens: swapTokens(chain, pool, o.imageLink(req)) }
    },
  )

  app.get<{ Querystring: { amount: string; userAddress: string; from: string; to: string; gasPrice?: string } }>(
    '/v1/convert/quotes',
    {
      schema: {
        querystring: query(['amount', 'userAddress', 'from', 'to'], {
          amount: amountSchema,
          userAddress: caip10,
          from: caip10,
          to: caip10,
          gasPrice: { type: 'string', pattern: '^[0-9]{1,78}$' },
        }),
      },
    },
    async (req, reply) => {
      try {
        const { from, to } = parsePair(o.chains, req.query.from, req.query.to, req.query.userAddress)
        const amount = parseAmount(req.query.amount)
        const out = await quoteOut(from, to, amount)
        return {
          quotes: [
            { id: `uniswap-v2:${from.chain.chainId}:${from.token}:${to.token}:${amount}`, fromAccount: from.caip10, toAccount: to.caip10, fromAmount: amount.toString(), toAmount: out.toString() },
          ],
        }
      } catch (err) {
        return send(reply, err)
      }
    },
  )

  app.get<{ Querystring: { tokenAddress: string; userAddress: string } }>(
    '/v1/convert/allowance',
    { schema: { querystring: query(['tokenAddress', 'userAddress'], { tokenAddress: caip10, userAddress: caip10 }) } },
    async (req, reply) => {
      try {
        const token = parseToken(o.chains, req.query.tokenAddress, 'tokenAddress')
        const user = parseAccount(o.chains, req.query.userAddress, 'userAddress')
        if (user.chain !== token.chain) throw new ConvertError('userAddress must be on the network of the token')
        // The native token needs no approval.
        if (token.native) return { allowance: maxUint256.toString() }
        const allowance = await onChain(
          () => token.chain.client.readContract({ address: token.token, abi: erc20Abi, functionName: 'allowance', args: [user.address, token.pool.router] }),
          'Chain unavailable',
        )
        return { allowance: allowance.toString() }
      } catch (err) {
        return send(reply, err)
      }
    },
  )

  app.get<{ Querystring: { chainId: string } }>(
    '/v1/convert/gas-price',
    { schema: { querystring: query(['chainId'], { chainId: { type: 'string', pattern: CAIP2_PATTERN } }) } },
    async (req, reply) => {
      try {
        const chain = chainByCaip2(o.chains, req.query.chainId)
        if (!chain) throw new ConvertError(GAS_PRICE_UNSUPPORTED)
        const price = await gasPrice(chain)
        const tier = (pct: bigint) => ((price * pct) / 100n).toString()
        return { standard: tier(GAS_TIERS.standard), fast: tier(GAS_TIERS.fast), instant: tier(GAS_TIERS.instant) }
      } catch (err) {
        return send(reply, err)
      }
    },
  )

  app.get<{ Querystring: { userAddress: string; from: string; to: string; amount?: string } }>(
    '/v1/convert/build-approve',
    {
      schema: {
        querystring: query(['userAddress', 'from', 'to'], { userAddress: caip10, from: caip10, to: caip10, amount: amountSchema }),
      },
    },
    async (req, reply) => {
      try {
        const { from, user } = parsePair(o.chains, req.query.from, req.query.to, req.query.userAddress)
        if (from.native) throw new ConvertError('from: the native token needs no approval')
        // The amount to swap when given (an exact approval), else unlimited as AppKit's hosted API does.
        const amount = req.query.amount === undefined ? maxUint256 : parseAmount(req.query.amount)
        const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [from.pool.router, amount] })
        const price = await gasPrice(from.chain)
        const gas = await estimateOr(from.chain, { from: user!, to: from.token, data, value: 0n }, APPROVE_GAS)
        return {
          tx: { from: `${from.chain.caip2}:${user}`, to: `${from.chain.caip2}:${from.token}`, data, value: '0', eip155: { gas: gas.toString(), gasPrice: price.toString() } },
        }
      } catch (err) {
        return send(reply, err)
      }
    },
  )

  app.post<{
    Body: { amount: string; from: string; to: string; userAddress: string; eip155?: { slippage?: string | number }; disableEstimate?: boolean; projectId?: string }
  }>(
    '/v1/convert/build-transaction',
    {
      schema: {
        querystring: COMMON_QUERY,
        body: {
          type: 'object',
          required: ['amount', 'from', 'to', 'userAddress'],
          properties: {
            amount: amountSchema,
            from: caip10,
            to: caip10,
            userAddress: caip10,
            // A number slippage (1) is coerced to its string ("1").
            eip155: { type: 'object', properties: { slippage: { type: 'string', maxLength: 10 } } },
            disableEstimate: { type: 'boolean' },
            projectId: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (req, reply) => {
      try {
        const body = req.body
        const { from, to, user } = parsePair(o.chains, body.from, body.to, body.userAddress)
        const amount = parseAmount(body.amount)
        const bps = parseSlippageBps(body.eip155?.slippage)
        const out = await quoteOut(from, to, amount)
        const minOut = (out * (10_000n - bps)) / 10_000n
        const chain = from.chain
        const block = await onChain(() => chain.client.getBlock(), 'Chain unavailable')
        const deadline = block.timestamp + SWAP_DEADLINE_SECONDS
        const path = [from.token, to.token]
        const data = from.native
          ? encodeFunctionData({ abi: uniswapV2RouterAbi, functionName: 'swapExactETHForTokens', args: [minOut, path, user!, deadline] })
          : to.native
            ? encodeFunctionData({ abi: uniswapV2RouterAbi, functionName: 'swapExactTokensForETH', args: [amount, minOut, path, user!, deadline] })
            : encodeFunctionData({ abi: uniswapV2RouterAbi, functionName: 'swapExactTokensForTokens', args: [amount, minOut, path, user!, deadline] })
        const value = from.native ? amount : 0n
        const price = await gasPrice(chain)
        const gas = body.disableEstimate ? SWAP_GAS : await estimateOr(chain, { from: user!, to: from.pool.router, data, value }, SWAP_GAS)
        return {
          tx: {
            from: `${chain.caip2}:${user}`,
            to: `${chain.caip2}:${from.pool.router}`,
            data,
            value: value.toString(),
            eip155: { gas: gas.toString(), gasPrice: price.toString() },
          },
        }
      } catch (err) {
        return send(reply, err)
      }
    },
  )
}

/**
 * USD price of ETH, USDC or DAI on a chain with a pool, from the pool's reserves (USDC = 1 USD): ETH from USDC/WETH,
 * DAI from USDC/DAI. Undefined when the chain has no pool or the token is not one of them.
 */
export async function poolPriceUsd(chain: ChainRuntime, address: string): Promise<number | undefined> {
  const pool = poolOf(chain)
  if (!pool) return undefined
  const a = address.toLowerCase()
  if (a === pool.usdc.toLowerCase()) return 1
  const token = a === NATIVE_TOKEN_PLACEHOLDER ? pool.weth : a === pool.dai.toLowerCase() ? pool.dai : undefined
  if (!token) return undefined
  const decimals = 18
  const one = 10n ** BigInt(decimals)
  // The spot price: USDC per whole token at the reserves (getAmountsOut of a tiny amount would include the fee).
  const c = chain.contracts as Record<string, string | undefined>
  const pair = token === pool.weth ? c.pairUsdcWeth : c.pairUsdcDai
  if (!pair) return undefined
  const [reserves, token0] = await Promise.all([
    chain.client.readContract({ address: getAddress(pair), abi: PAIR_ABI, functionName: 'getReserves' }),
    chain.client.readContract({ address: getAddress(pair), abi: PAIR_ABI, functionName: 'token0' }),
  ])
  const [usdcReserve, tokenReserve] = getAddress(token0) === pool.usdc ? [reserves[0], reserves[1]] : [reserves[1], reserves[0]]
  if (tokenReserve === 0n) return undefined
  // Micro-dollars per whole token, then a number rounded to 6 decimals.
  const micro = (usdcReserve * one) / tokenReserve
  return Number(micro) / 1e6
}

const PAIR_ABI = [
  {
    type: 'function',
    name: 'getReserves',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'reserve0', type: 'uint112' },
      { name: 'reserve1', type: 'uint112' },
      { name: 'blockTimestampLast', type: 'uint32' },
    ],
  },
  { type: 'function', name: 'token0', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'address' }] },
] as const
