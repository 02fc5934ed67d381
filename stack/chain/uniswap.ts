import { createRequire } from 'node:module'
import { getContractAddress, keccak256, encodePacked, parseAbi, type Abi, type Address, type Hex } from 'viem'

/**
 * Uniswap V2 from the published npm artifacts (@uniswap/v2-core 1.0.1, @uniswap/v2-periphery 1.1.0-beta.0): the
 * real bytecode in their build/*.json, not a re-implementation. The router's UniswapV2Library computes pair
 * addresses with a hardcoded init code hash; it equals keccak256 of the published core pair bytecode, which
 * `UNISWAP_V2_INIT_CODE_HASH` records and stack/chain/chain.test.ts checks.
 */
export const UNISWAP_V2_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

/** Far-future deadline for the seed's router calls, so the seed does not depend on the block time. */
export const SEED_DEADLINE = 2n ** 40n

/**
 * Pool reserves put in by the deployer (whole units). ETH is priced at 3000 USD (the API's fixed demo price), USDC and DAI at
 * 1 USD.
 */
export const SEED_POOLS = {
  usdcWeth: { usdc6: '300000', eth: '100' },
  daiWeth: { dai18: '300000', eth: '100' },
  usdcDai: { usdc6: '100000', dai18: '100000' },
} as const

/** What the deployer is minted on top of accounts 0-3, to fund the pools. */
export const SEED_DEPLOYER_TOKENS = { usdc6: '400000', dai18: '400000' } as const

export type UniswapContracts = {
  weth9: Address
  uniswapV2Factory: Address
  uniswapV2Router02: Address
  /** Pair contracts (CREATE2 from the factory, so identical on every chain and start). */
  pairUsdcWeth: Address
  pairDaiWeth: Address
  pairUsdcDai: Address
}

type Artifact = { abi: Abi; bytecode: string }
const require = createRequire(import.meta.url)
const load = (path: string): { abi: Abi; bytecode: Hex } => {
  const a = require(path) as Artifact
  return { abi: a.abi, bytecode: (a.bytecode.startsWith('0x') ? a.bytecode : `0x${a.bytecode}`) as Hex }
}

export function uniswapArtifacts(): Record<'factory' | 'pair' | 'router02' | 'weth9', { abi: Abi; bytecode: Hex }> {
  return {
    factory: load('@uniswap/v2-core/build/UniswapV2Factory.json'),
    pair: load('@uniswap/v2-core/build/UniswapV2Pair.json'),
    router02: load('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
    weth9: load('@uniswap/v2-periphery/build/WETH9.json'),
  }
}

/** The pair address as UniswapV2Library.pairFor computes it (tokens sorted, CREATE2 with the init code hash). */
export function pairAddress(factory: Address, tokenA: Address, tokenB: Address): Address {
  const [t0, t1] = tokenA.toLowerCase() < tokenB.toLowerCase() ? [tokenA, tokenB] : [tokenB, tokenA]
  return getContractAddress({
    opcode: 'CREATE2',
    from: factory,
    salt: keccak256(encodePacked(['address', 'address'], [t0, t1])),
    bytecodeHash: UNISWAP_V2_INIT_CODE_HASH,
  })
}

/** Minimal router ABI for the calls the stack makes (the full ABI is in the artifact), as Solidity signatures. */
export const uniswapV2RouterAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
  'function WETH() view returns (address)',
  'function factory() view returns (address)',
])
