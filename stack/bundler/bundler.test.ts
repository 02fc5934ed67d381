import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, type Address, type Chain, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, type BundlerClient } from 'viem/account-abstraction'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { startDevChains, toPorticoSmartAccount, type DevChains } from '../chain/index.ts'
import { startBundler, type Bundler } from './index.ts'

// The canonical EntryPoint v0.8 address (eth-infinitism release; the same on every public network).
const ENTRY_POINT_V08 = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'
const SINK: Address = '0x000000000000000000000000000000000000dEaD'

let chains: DevChains
let bundler: Bundler
let client: PublicClient
let chain: Chain

beforeAll(async () => {
  chains = await startDevChains({ chains: [{ chainId: 31337, name: 'Portico Local' }] })
  const { rpcUrl } = chains.chains[0]!
  chain = { id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
  client = createPublicClient({ chain, transport: http(rpcUrl) })
  bundler = await startBundler({ rpcUrl, entryPoint: chains.deployment.chains[31337]!.contracts.entryPoint })
}, 180_000)

afterAll(async () => {
  await bundler?.stop()
  await chains?.stop()
})

async function smartAccount(): Promise<{ bundlerClient: BundlerClient; address: Address }> {
  const contracts = chains.deployment.chains[31337]!.contracts
  const account = await toSimpleSmartAccount({
    client,
    owner: privateKeyToAccount(generatePrivateKey()),
    entryPoint: { address: contracts.entryPoint, version: '0.8' },
    factoryAddress: contracts.simpleAccountFactory,
  })
  const bundlerClient = createBundlerClient({ account, client, transport: http(bundler.url), pollingInterval: 100 })
  return { bundlerClient, address: account.address }
}

async function fund(address: Address, ether: string): Promise<void> {
  await client.request({ method: 'anvil_setBalance' as never, params: [address, `0x${parseEther(ether).toString(16)}`] as never })
}

describe('stack/bundler: Alto against the dev chain', () => {
  it('seeding put the EntryPoint v0.8 at its canonical address, and the bundler serves it', async () => {
    expect(chains.deployment.chains[31337]!.contracts.entryPoint).toBe(ENTRY_POINT_V08)
    expect((await client.getCode({ address: ENTRY_POINT_V08 }))?.length).toBeGreaterThan(2)
    const res = await fetch(bundler.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }) })
    expect(((await res.json()) as { result: string[] }).result.map((a) => a.toLowerCase())).toEqual([ENTRY_POINT_V08.toLowerCase()])
  })

  it('the first user operation deploys the counterfactual account, the second reuses it', async () => {
    const { bundlerClient, address } = await smartAccount()
    expect(await client.getCode({ address })).toBeUndefined()
    await fund(address, '1')
    const before = await client.getBalance({ address: SINK })

    const first = await bundlerClient.sendUserOperation({ calls: [{ to: SINK, value: parseEther('0.1') }] })
    const r1 = await bundlerClient.waitForUserOperationReceipt({ hash: first, timeout: 60_000 })
    expect(r1.success).toBe(true)
    expect(r1.sender.toLowerCase()).toBe(address.toLowerCase())
    expect((await client.getCode({ address }))?.length).toBeGreaterThan(2)
    const op1 = await bundlerClient.getUserOperation({ hash: first })
    expect(op1.userOperation.factory?.toLowerCase()).toBe(chains.deployment.chains[31337]!.contracts.simpleAccountFactory.toLowerCase())

    const second = await bundlerClient.sendUserOperation({ calls: [{ to: SINK, value: parseEther('0.2') }] })
    const r2 = await bundlerClient.waitForUserOperationReceipt({ hash: second, timeout: 60_000 })
    expect(r2.success).toBe(true)
    const op2 = await bundlerClient.getUserOperation({ hash: second })
    expect(op2.userOperation.factory ?? null).toBeNull()
    expect((await client.getBalance({ address: SINK })) - before).toBe(parseEther('0.3'))
    // The bundle went on chain as a real handleOps transaction.
    const tx = await client.getTransaction({ hash: r2.receipt.transactionHash })
    expect(tx.to?.toLowerCase()).toBe(ENTRY_POINT_V08.toLowerCase())
    expect(tx.input.slice(0, 10)).toBe(encodeFunctionData({ abi: parseAbi(['function handleOps((address,uint256,bytes,bytes,bytes32,uint256,bytes32,bytes,bytes)[],address)']), functionName: 'handleOps', args: [[], SINK] }).slice(0, 10))
  }, 120_000)

  it('a user operation whose call reverts is mined with success false in its receipt', async () => {
    const { bundlerClient, address } = await smartAccount()
    await fund(address, '1')
    // Deploy the account with a good operation first, then send more than it holds with explicit gas limits.
    const ok = await bundlerClient.sendUserOperation({ calls: [{ to: SINK, value: 1n }] })
    await bundlerClient.waitForUserOperationReceipt({ hash: ok, timeout: 60_000 })
    const hash = await bundlerClient.sendUserOperation({
      calls: [{ to: SINK, value: parseEther('50') }],
      callGasLimit: 200_000n,
      verificationGasLimit: 300_000n,
      preVerificationGas: 100_000n,
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })
    // Validation passed (the owner signed it), so it was bundled; the call itself reverted inside handleOps.
    expect(receipt.success).toBe(false)
    expect(receipt.receipt.status).toBe('success')
    expect(await client.getBalance({ address })).toBeLessThan(parseEther('1'))
  }, 120_000)

  it('a PorticoAccount signs through ERC-1271: ERC-6492 before deployment, plain after; bound to its account and owner', async () => {
    const contracts = chains.deployment.chains[31337]!.contracts
    const owner = privateKeyToAccount(generatePrivateKey())
    const make = (index: bigint, who = owner) =>
      toPorticoSmartAccount({ client, owner: who, entryPoint: contracts.entryPoint, factoryAddress: contracts.porticoAccountFactory, index })
    const account = await make(0n)
    const message = 'Sign in to Portico'
    const counterfactual = await account.signMessage({ message })
    // ERC-6492 magic suffix while the account has no code.
    expect(counterfactual.endsWith('6492649264926492649264926492649264926492649264926492649264926492')).toBe(true)
    expect(await client.verifyMessage({ address: account.address, message, signature: counterfactual })).toBe(true)

    await fund(account.address, '1')
    const bundlerClient = createBundlerClient({ account, client, transport: http(bundler.url), pollingInterval: 100 })
    const hash = await bundlerClient.sendUserOperation({ calls: [{ to: SINK, value: 1n }] })
    expect((await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })).success).toBe(true)
    const deployed = await account.signMessage({ message })
    expect(deployed.length).toBe(132)
    expect(await client.verifyMessage({ address: account.address, message, signature: deployed })).toBe(true)
    expect(await client.verifyMessage({ address: account.address, message: 'something else', signature: deployed })).toBe(false)

    // The same owner's signature for its second account does not pass for the first (replay-safe hash).
    const second = await make(1n)
    expect(second.address).not.toBe(account.address)
    const forSecond = await second.signMessage({ message })
    expect(await client.verifyMessage({ address: account.address, message, signature: forSecond })).toBe(false)
    // Nor does a stranger's.
    const stranger = await make(0n, privateKeyToAccount(generatePrivateKey()))
    const strangers = await stranger.signMessage({ message })
    expect(await client.verifyMessage({ address: account.address, message, signature: strangers })).toBe(false)
  }, 120_000)

  it('an unknown user operation hash has no receipt (null), as the bundler RPC defines', async () => {
    const res = await fetch(bundler.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [`0x${'11'.repeat(32)}`] }),
    })
    expect(((await res.json()) as { result: unknown }).result).toBeNull()
  })
})
