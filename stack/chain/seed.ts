import {
  createPublicClient,
  getAddress,
  createWalletClient,
  custom,
  parseUnits,
  type Address,
  type Hex,
  type Abi,
  type Chain,
  type PublicClient,
  erc20Abi,
} from 'viem'
import { deployErc4337, type Erc4337Contracts } from './erc4337.ts'
import { deployPorticoDelegate } from './7702/index.ts'
import type { CompiledContracts } from './compile.ts'
import { nodeJsonRpc } from './rpc.ts'
import {
  SEED_DEADLINE,
  SEED_DEPLOYER_TOKENS,
  SEED_POOLS,
  pairAddress,
  uniswapArtifacts,
  uniswapV2RouterAbi,
  type UniswapContracts,
} from './uniswap.ts'

/** The canonical Multicall3 address; viem's chain definitions and most tooling look for it here. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** Index of the account that deploys everything and sends the spam airdrop, so account 0 starts with nonce 0. */
export const DEPLOYER_INDEX = 9

export type SeededContracts = {
  usdc6: Address
  dai18: Address
  zero0: Address
  spam: Address
  nft: Address
  multicall3: Address
} & UniswapContracts &
  Erc4337Contracts & {
    /** The EIP-7702 delegate (7702/PorticoDelegate.sol), CREATE2 at the same address on every chain. */
    porticoDelegate: Address
  }

/** Token amounts given to accounts 0-3 (in whole units); SPAM goes only to account 0, from the deployer. */
export const SEED_BALANCES = { usdc6: '1000', dai18: '250.5', zero0: '7', spamAirdrop: '1000', spamSupply: '1000000' }
/** NFT ids minted per account index. */
export const SEED_NFTS: Array<{ accountIndex: number; tokenIds: number[] }> = [
  { accountIndex: 0, tokenIds: [1, 2, 3] },
  { accountIndex: 1, tokenIds: [4] },
]

/**
 * Deploys the seed contracts with the deployer account (anvil keeps the dev accounts unlocked). The order is fixed,
 * so the deployer's nonces, and with them the contract addresses, are the same on every start.
 */
export async function seedChain(
  chainId: number,
  rpcUrl: string,
  accounts: Address[],
  compiled: CompiledContracts,
): Promise<{ contracts: SeededContracts; nftTokenIds: Record<Address, number[]> }> {
  const transport = custom({ request: ({ method, params }) => nodeJsonRpc(rpcUrl, method, params) }, { retryCount: 0 })
  const publicClient = createPublicClient({ transport })
  const deployer = accounts[DEPLOYER_INDEX]
  if (!deployer) throw new Error(`need at least ${DEPLOYER_INDEX + 1} dev accounts`)
  const chain: Chain = {
    id: chainId,
    name: `dev ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }
  const wallet = createWalletClient({ transport, account: deployer, chain })

  const deploy = async (abi: Abi, bytecode: Hex, args: readonly unknown[]): Promise<Address> => {
    const hash = await wallet.deployContract({ abi, bytecode, args } as Parameters<typeof wallet.deployContract>[0])
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('seed deployment reverted')
    return getAddress(receipt.contractAddress)
  }

  const holders = accounts.slice(0, 4)
  const token = compiled.PorticoToken
  // `poolFunds`: minted to the deployer as well, for the Uniswap pools below.
  const erc20 = (name: string, symbol: string, decimals: number, amount: string, poolFunds?: string): Promise<Address> => {
    const to = poolFunds ? [...holders, deployer] : holders
    const amounts = to.map((_, i) => parseUnits(i < holders.length ? amount : poolFunds!, decimals))
    return deploy(token.abi, token.bytecode, [name, symbol, decimals, to, amounts])
  }

  const usdc6 = await erc20('USD Coin (Portico)', 'USDC', 6, SEED_BALANCES.usdc6, SEED_DEPLOYER_TOKENS.usdc6)
  const dai18 = await erc20('Dai (Portico)', 'DAI', 18, SEED_BALANCES.dai18, SEED_DEPLOYER_TOKENS.dai18)
  const zero0 = await erc20('Zero Token', 'ZERO', 0, SEED_BALANCES.zero0)
  const spam = await deploy(token.abi, token.bytecode, [
    'Spam Airdrop',
    'SPAM',
    18,
    [deployer],
    [parseUnits(SEED_BALANCES.spamSupply, 18)],
  ])

  const nftOwners: Address[] = []
  const nftIds: bigint[] = []
  const nftTokenIds: Record<Address, number[]> = {}
  for (const { accountIndex, tokenIds } of SEED_NFTS) {
    const owner = accounts[accountIndex]
    if (!owner) continue
    nftTokenIds[owner] = [...tokenIds]
    for (const id of tokenIds) {
      nftOwners.push(owner)
      nftIds.push(BigInt(id))
    }
  }
  const nft = await deploy(compiled.PorticoPunks.abi, compiled.PorticoPunks.bytecode, [nftOwners, nftIds])

  // The airdrop is a plain transfer from an unknown sender, which is what the history marks as spam later.
  const airdrop = await wallet.writeContract({
    address: spam,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [accounts[0]!, parseUnits(SEED_BALANCES.spamAirdrop, 18)],
  })
  await publicClient.waitForTransactionReceipt({ hash: airdrop, pollingInterval: 20 })

  // Not a transaction: no nonce is used, and the code sits where viem expects Multicall3.
  await publicClient.request({
    method: 'anvil_setCode' as never,
    params: [MULTICALL3_ADDRESS, compiled.Multicall3.deployedBytecode] as never,
  })

  // Uniswap V2 after everything above, so the earlier addresses do not move. Fixed order, fixed amounts.
  const uni = uniswapArtifacts()
  const weth9 = await deploy(uni.weth9.abi, uni.weth9.bytecode, [])
  const uniswapV2Factory = await deploy(uni.factory.abi, uni.factory.bytecode, [deployer])
  const uniswapV2Router02 = await deploy(uni.router02.abi, uni.router02.bytecode, [uniswapV2Factory, weth9])
  const send = async (hash: Hex): Promise<void> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    if (receipt.status !== 'success') throw new Error('seed pool transaction reverted')
  }
  const maxUint = 2n ** 256n - 1n
  for (const t of [usdc6, dai18]) {
    await send(await wallet.writeContract({ address: t, abi: erc20Abi, functionName: 'approve', args: [uniswapV2Router02, maxUint] }))
  }
  await send(
    await wallet.writeContract({
      address: uniswapV2Router02,
      abi: uniswapV2RouterAbi,
      functionName: 'addLiquidity',
      args: [
        usdc6,
        dai18,
        parseUnits(SEED_POOLS.usdcDai.usdc6, 6),
        parseUnits(SEED_POOLS.usdcDai.dai18, 18),
        0n,
        0n,
        deployer,
        SEED_DEADLINE,
      ],
    }),
  )
  for (const [t, amount] of [
    [usdc6, parseUnits(SEED_POOLS.usdcWeth.usdc6, 6)],
    [dai18, parseUnits(SEED_POOLS.daiWeth.dai18, 18)],
  ] as const) {
    const eth = parseUnits(t === usdc6 ? SEED_POOLS.usdcWeth.eth : SEED_POOLS.daiWeth.eth, 18)
    await send(
      await wallet.writeContract({
        address: uniswapV2Router02,
        abi: uniswapV2RouterAbi,
        functionName: 'addLiquidityETH',
        args: [t, amount, 0n, 0n, deployer, SEED_DEADLINE],
        value: eth,
      }),
    )
  }
  const uniswap: UniswapContracts = {
    weth9,
    uniswapV2Factory,
    uniswapV2Router02,
    pairUsdcWeth: pairAddress(uniswapV2Factory, usdc6, weth9),
    pairDaiWeth: pairAddress(uniswapV2Factory, dai18, weth9),
    pairUsdcDai: pairAddress(uniswapV2Factory, usdc6, dai18),
  }

  // ERC-4337 last (CREATE2 through the deterministic deployer: its addresses do not depend on nonces either).
  const erc4337 = await deployErc4337(publicClient as PublicClient, wallet)
  const delegate = await deployPorticoDelegate(publicClient as PublicClient, wallet)

  return { contracts: { usdc6, dai18, zero0, spam, nft, multicall3: MULTICALL3_ADDRESS, ...uniswap, ...erc4337, ...delegate }, nftTokenIds }
}
