import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConnection } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, createWalletClient, erc20Abi, erc721Abi, http, keccak256, parseUnits, type Address, type Chain } from 'viem'
import {
  startDevChains,
  readDeployment,
  uniswapArtifacts,
  uniswapV2RouterAbi,
  DEV_MNEMONIC,
  DEFAULT_DEV_CHAINS,
  type DevChains,
} from './index.ts'

function clientFor(dev: DevChains, chainId: number) {
  const c = dev.chains.find((x) => x.chainId === chainId)!
  const chain: Chain = {
    id: c.chainId,
    name: c.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [c.rpcUrl] } },
    contracts: { multicall3: { address: dev.deployment.chains[chainId]!.contracts.multicall3 } },
  }
  return createPublicClient({ chain, transport: http(c.rpcUrl, { retryCount: 0 }) })
}

function portOpen(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

describe('stack/chain dev chains', () => {
  let dev: DevChains
  let dir: string
  const account0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portico-chain-'))
    dev = await startDevChains({ deploymentFile: join(dir, 'deployment.json') })
  })
  afterAll(async () => {
    await dev?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('starts the two default chains, each answering its own chain id', async () => {
    expect(dev.chains.map((c) => [c.chainId, c.name])).toEqual(DEFAULT_DEV_CHAINS.map((c) => [c.chainId, c.name]))
    for (const c of dev.chains) {
      expect(c.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(await clientFor(dev, c.chainId).getChainId()).toBe(c.chainId)
    }
  })

  it('writes the deployment file, which reads back equal', () => {
    const file = readDeployment(join(dir, 'deployment.json'))
    expect(file).toEqual(dev.deployment)
    expect(file.mnemonic).toBe(DEV_MNEMONIC)
    expect(file.accounts).toHaveLength(10)
    expect(file.accounts[0]).toBe(account0)
  })

  it('funds accounts 0-3 with ETH and the seeded ERC-20 balances and decimals', async () => {
    for (const c of dev.chains) {
      const client = clientFor(dev, c.chainId)
      const { usdc6, dai18, zero0 } = dev.deployment.chains[c.chainId]!.contracts
      const expected: Array<[Address, string, number, string]> = [
        [usdc6, 'USDC', 6, '1000'],
        [dai18, 'DAI', 18, '250.5'],
        [zero0, 'ZERO', 0, '7'],
      ]
      for (const [address, symbol, decimals, amount] of expected) {
        expect(await client.readContract({ address, abi: erc20Abi, functionName: 'symbol' })).toBe(symbol)
        expect(await client.readContract({ address, abi: erc20Abi, functionName: 'decimals' })).toBe(decimals)
        for (const holder of dev.deployment.accounts.slice(0, 4)) {
          const balance = await client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })
          expect(balance).toBe(parseUnits(amount, decimals))
        }
      }
      expect(await client.readContract({ address: usdc6, abi: erc20Abi, functionName: 'name' })).toBe('USD Coin (Portico)')
      expect(await client.getBalance({ address: account0 })).toBe(parseUnits('10000', 18))
    }
  })

  it('airdrops SPAM to account 0 by a transfer from account 9', async () => {
    const client = clientFor(dev, 31337)
    const spam = dev.deployment.chains[31337]!.contracts.spam
    expect(await client.readContract({ address: spam, abi: erc20Abi, functionName: 'balanceOf', args: [account0] })).toBe(
      parseUnits('1000', 18),
    )
    const logs = await client.getContractEvents({
      address: spam,
      abi: erc20Abi,
      eventName: 'Transfer',
      args: { to: account0 },
      fromBlock: 0n,
    })
    expect(logs).toHaveLength(1)
    expect(logs[0]!.args.from).toBe(dev.deployment.accounts[9])
  })

  it('mints Portico Punks 1-3 to account 0 and 4 to account 1, with a data: tokenURI', async () => {
    const client = clientFor(dev, 31337)
    const { nft } = dev.deployment.chains[31337]!.contracts
    const owners = await Promise.all(
      [1n, 2n, 3n, 4n].map((tokenId) => client.readContract({ address: nft, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] })),
    )
    expect(owners).toEqual([account0, account0, account0, dev.deployment.accounts[1]])
    expect(dev.deployment.chains[31337]!.nftTokenIds).toEqual({ [account0]: [1, 2, 3], [dev.deployment.accounts[1]!]: [4] })
    expect(await client.readContract({ address: nft, abi: erc721Abi, functionName: 'symbol' })).toBe('PPUNK')
    const uri = await client.readContract({ address: nft, abi: erc721Abi, functionName: 'tokenURI', args: [2n] })
    expect(uri.startsWith('data:application/json;base64,')).toBe(true)
    const meta = JSON.parse(Buffer.from(uri.slice('data:application/json;base64,'.length), 'base64').toString('utf8')) as {
      name: string
      image: string
    }
    expect(meta.name).toBe('Portico Punk #2')
    expect(meta.image.startsWith('data:image/svg+xml;base64,')).toBe(true)
    expect(Buffer.from(meta.image.split(',')[1]!, 'base64').toString('utf8')).toMatch(/^<svg [^]*#2<\/text><\/svg>$/)
    const mints = await client.getContractEvents({ address: nft, abi: erc721Abi, eventName: 'Transfer', fromBlock: 0n })
    expect(mints.map((l) => l.args.tokenId)).toEqual([1n, 2n, 3n, 4n])
  })

  it('serves Multicall3 aggregate3 at the canonical address through viem multicall', async () => {
    const client = clientFor(dev, 31338)
    const { usdc6, dai18, multicall3 } = dev.deployment.chains[31338]!.contracts
    expect(multicall3).toBe('0xcA11bde05977b3631167028862bE2a173976CA11')
    const results = await client.multicall({
      contracts: [
        { address: usdc6, abi: erc20Abi, functionName: 'balanceOf', args: [account0] },
        { address: dai18, abi: erc20Abi, functionName: 'decimals' },
        { address: account0, abi: erc20Abi, functionName: 'decimals' }, // no code there: this one fails
      ],
    })
    expect(results[0]).toEqual({ status: 'success', result: parseUnits('1000', 6) })
    expect(results[1]).toEqual({ status: 'success', result: 18 })
    expect(results[2]!.status).toBe('failure')
    const ethBalance = await client.readContract({
      address: multicall3,
      abi: [{ type: 'function', name: 'getEthBalance', stateMutability: 'view', inputs: [{ name: 'addr', type: 'address' }], outputs: [{ type: 'uint256' }] }],
      functionName: 'getEthBalance',
      args: [account0],
    })
    expect(ethBalance).toBe(parseUnits('10000', 18))
  })

  it('gives identical contract addresses on every start and on both chains, and stop() closes the ports', async () => {
    // No wall-clock bound on the restart (it breaks under load); how long a start takes is a benchmark's concern.
    const again = await startDevChains()
    try {
      expect(again.deployment.chains[31337]!.contracts).toEqual(dev.deployment.chains[31337]!.contracts)
      expect(again.deployment.chains[31338]!.contracts).toEqual(dev.deployment.chains[31337]!.contracts)
      expect(again.chains[0]!.rpcUrl).not.toBe(dev.chains[0]!.rpcUrl)
    } finally {
      await again.stop()
    }
    for (const c of again.chains) expect(await portOpen(c.rpcUrl)).toBe(false)
    for (const c of dev.chains) expect(await portOpen(c.rpcUrl)).toBe(true)
  })

  it('refuses a fixed port that is already taken', async () => {
    const port = Number(new URL(dev.chains[0]!.rpcUrl).port)
    await expect(startDevChains({ port, chains: [{ chainId: 31337, name: 'Clash' }] })).rejects.toThrow(/in use/)
  })
})

describe('stack/chain Uniswap V2 pool', () => {
  let dev: DevChains
  const account2: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  const pairAbi = [
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
  const factoryAbi = [
    {
      type: 'function',
      name: 'getPair',
      stateMutability: 'view',
      inputs: [
        { name: 'a', type: 'address' },
        { name: 'b', type: 'address' },
      ],
      outputs: [{ name: '', type: 'address' }],
    },
  ] as const

  beforeAll(async () => {
    dev = await startDevChains()
  })
  afterAll(async () => {
    await dev?.stop()
  })

  it('uses the published pair bytecode, whose hash is the init code hash the published router has built in', () => {
    const { pair, router02 } = uniswapArtifacts()
    expect(keccak256(pair.bytecode)).toBe('0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f')
    expect(router02.bytecode.includes('96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f')).toBe(true)
  })

  it('creates the three pairs at the recorded addresses with the seeded reserves, on both chains', async () => {
    for (const chainId of [31337, 31338]) {
      const client = clientFor(dev, chainId)
      const c = dev.deployment.chains[chainId]!.contracts
      const pairs: Array<[Address, Address, Address, bigint, bigint]> = [
        [c.pairUsdcWeth, c.usdc6, c.weth9, parseUnits('300000', 6), parseUnits('100', 18)],
        [c.pairDaiWeth, c.dai18, c.weth9, parseUnits('300000', 18), parseUnits('100', 18)],
        [c.pairUsdcDai, c.usdc6, c.dai18, parseUnits('100000', 6), parseUnits('100000', 18)],
      ]
      for (const [pair, a, b, ra, rb] of pairs) {
        expect(await client.readContract({ address: c.uniswapV2Factory, abi: factoryAbi, functionName: 'getPair', args: [a, b] })).toBe(pair)
        const [r0, r1] = await client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' })
        const token0 = await client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' })
        expect(token0 === a ? [r0, r1] : [r1, r0]).toEqual([ra, rb])
      }
      expect(await client.readContract({ address: c.uniswapV2Router02, abi: uniswapV2RouterAbi, functionName: 'WETH' })).toBe(c.weth9)
    }
    // CREATE/CREATE2 addresses: the same on both chains.
    expect(dev.deployment.chains[31338]!.contracts).toEqual(dev.deployment.chains[31337]!.contracts)
  })

  it('swaps 10 USDC to DAI through the router at the getAmountsOut quote, moving both balances', async () => {
    const chainId = 31338
    const c = dev.deployment.chains[chainId]!.contracts
    const rpcUrl = dev.chains.find((x) => x.chainId === chainId)!.rpcUrl
    const client = clientFor(dev, chainId)
    const chain: Chain = {
      id: chainId,
      name: 'dev',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    }
    const wallet = createWalletClient({ chain, transport: http(rpcUrl, { retryCount: 0 }), account: account2 })
    const amountIn = parseUnits('10', 6)
    const path = [c.usdc6, c.dai18]
    const amounts = await client.readContract({ address: c.uniswapV2Router02, abi: uniswapV2RouterAbi, functionName: 'getAmountsOut', args: [amountIn, path] })
    // x*y=k with the 0.3 % fee: 10 USDC into 100,000/100,000 gives a little under 9.97 DAI.
    expect(amounts[1]).toBeGreaterThan(parseUnits('9.96', 18))
    expect(amounts[1]).toBeLessThan(parseUnits('9.97', 18))
    const usdcBefore = await client.readContract({ address: c.usdc6, abi: erc20Abi, functionName: 'balanceOf', args: [account2] })
    const daiBefore = await client.readContract({ address: c.dai18, abi: erc20Abi, functionName: 'balanceOf', args: [account2] })
    const approve = await wallet.writeContract({ address: c.usdc6, abi: erc20Abi, functionName: 'approve', args: [c.uniswapV2Router02, amountIn] })
    await client.waitForTransactionReceipt({ hash: approve, pollingInterval: 20 })
    const swap = await wallet.writeContract({
      address: c.uniswapV2Router02,
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, amounts[1]!, path, account2, 2n ** 40n],
    })
    expect((await client.waitForTransactionReceipt({ hash: swap, pollingInterval: 20 })).status).toBe('success')
    expect(await client.readContract({ address: c.usdc6, abi: erc20Abi, functionName: 'balanceOf', args: [account2] })).toBe(usdcBefore - amountIn)
    expect(await client.readContract({ address: c.dai18, abi: erc20Abi, functionName: 'balanceOf', args: [account2] })).toBe(daiBefore + amounts[1]!)
    // The same call again reverts: the exact allowance is spent and the pool has moved past the old quote.
    await expect(
      client.simulateContract({
        account: account2,
        address: c.uniswapV2Router02,
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactTokensForTokens',
        args: [amountIn, amounts[1]!, path, account2, 2n ** 40n],
      }),
    ).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT|allowance|TRANSFER_FROM_FAILED/)
  })
})
