import { erc20Abi, formatUnits, getAddress, multicall3Abi, type Address } from 'viem'
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

/** Per chain, the deployment tokens' decimals, symbol and name, in the order readChainBalances lists the tokens. */
const tokenMeta = new WeakMap<ChainRuntime, { decimals: number; symbol: string; name: string }[]>()

/**
 * Reads the native balance and the deployment's fungible tokens (USDC, DAI, ZERO; not the spam token, which a
 * portfolio API hides) of `account` on one chain in a single eth_call through Multicall3. Zero balances are left
 * out, as the hosted API does; 0-decimal tokens stay in (dropping them is the client's rule, SPEC §5).
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
  const { multicall3 } = chain.contracts
  const tokens: Address[] = [chain.contracts.usdc6, chain.contracts.dai18, chain.contracts.zero0]
  // A deployed token's decimals, symbol and name do not change: read once per chain, then only the balances
  // (4 calls in the eth_call instead of 13; ABI encoding and decoding were most of this path's CPU, issue 31).
  const known = tokenMeta.get(chain)
  const calls = [
    { address: multicall3, abi: multicall3Abi, functionName: 'getEthBalance', args: [account] } as const,
    ...tokens.flatMap((address) => [
      { address, abi: erc20Abi, functionName: 'balanceOf', args: [account] } as const,
      ...(known
        ? []
        : ([
            { address, abi: erc20Abi, functionName: 'decimals' },
            { address, abi: erc20Abi, functionName: 'symbol' },
            { address, abi: erc20Abi, functionName: 'name' },
          ] as const)),
    ]),
  ]
  // batchSize 0: never split, so one chain costs exactly one eth_call.
  const results = await chain.client.multicall({ contracts: calls, multicallAddress: multicall3, allowFailure: true, batchSize: 0 })
  const per = known ? 1 : 4
  const fresh = known
    ? undefined
    : tokens.map((_, i) => {
      const [, dec, sym, name] = results.slice(1 + i * per, 1 + (i + 1) * per)
      const symbol = sym?.status === 'success' ? String(sym.result) : '???'
      return {
        decimals: dec?.status === 'success' ? Number(dec.result) : 18,
        symbol,
        name: name?.status === 'success' ? String(name.result) : symbol,
        complete: dec?.status === 'success' && sym?.status === 'success' && name?.status === 'success',
      }
    })
  // Kept only when every read succeeded (a token not deployed yet is asked again next time).
  if (fresh?.every((m) => m.complete)) tokenMeta.set(chain, fresh)
  const meta = known ?? fresh!
  const balances: TokenBalance[] = []
  const nativeRaw = results[0]
  if (nativeRaw?.status === 'success' && typeof nativeRaw.result === 'bigint' && nativeRaw.result > 0n) balances.push(native(nativeRaw.result))
  tokens.forEach((address, i) => {
    const bal = results[1 + i * per]
    if (bal?.status !== 'success' || typeof bal.result !== 'bigint' || bal.result === 0n) return
    const { decimals, symbol, name } = meta[i]!
    const numeric = formatUnits(bal.result, decimals)
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
