import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, type Address, type Chain, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, createPaymasterClient, type SmartAccount } from 'viem/account-abstraction'
import { startDevChains, toPorticoSmartAccount, type DevChains } from '../chain/index.ts'
import { startBundler, type Bundler } from '../bundler/index.ts'
import { DevDefaultError } from '../production.ts'
import { devSponsorSignerKey, parsePolicies, startSponsor, type Sponsor } from './index.ts'

// The dev mnemonic's account 23 (m/44'/60'/0'/0/23): the dev sponsor signer the seeded paymaster trusts.
const DEV_SIGNER = '0x5E661B79FE2D3F6cE70F5AAC07d8Cd9abb2743F1'
const PROJECT = 'demo-app'
const DAY = 86_400_000
const ENTRY_POINT_ABI = parseAbi(['function balanceOf(address) view returns (uint256)'])

let chains: DevChains
let bundler: Bundler
let sponsor: Sponsor
let client: PublicClient
let chain: Chain
// The injected clock: fixed at the real time (validUntil is checked against the chain's block time), moved by hand.
let clock = Date.now()
let contracts: DevChains['deployment']['chains'][number]['contracts']

beforeAll(async () => {
  chains = await startDevChains({ chains: [{ chainId: 31337, name: 'Portico Local' }] })
  const { rpcUrl } = chains.chains[0]!
  chain = { id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
  client = createPublicClient({ chain, transport: http(rpcUrl) })
  contracts = chains.deployment.chains[31337]!.contracts
  bundler = await startBundler({ rpcUrl, entryPoint: contracts.entryPoint })
  sponsor = await startSponsor({
    chains: [{ chainId: 31337, entryPoint: contracts.entryPoint, paymaster: contracts.verifyingPaymaster }],
    // One sponsored operation with the explicit gas limits below (760 000 gas in all) fits in a user's day, two do not.
    policies: parsePolicies({
      projects: {
        [PROJECT]: {
          name: 'Demo App',
          contracts: [{ address: contracts.usdc6, methods: ['transfer(address,uint256)'] }, { address: contracts.dai18, methods: '*' }],
          perUserGasPerDay: '1500000',
          perProjectGasPerDay: '100000000',
        },
        upgrades: { name: 'Upgrades', contracts: [{ address: contracts.usdc6, methods: ['transfer(address,uint256)'] }], perUserGasPerDay: 1_000_000, perProjectGasPerDay: 10_000_000, eip7702Upgrades: true },
        expired: { name: 'Old', contracts: [{ address: contracts.usdc6, methods: '*' }], perUserGasPerDay: 1_000_000, perProjectGasPerDay: 1_000_000, expiresAt: '2026-01-01T00:00:00Z' },
      },
    }),
    now: () => clock,
    validitySeconds: 3600,
  })
}, 180_000)

afterAll(async () => {
  await sponsor?.stop()
  await bundler?.stop()
  await chains?.stop()
})

const account = (): Promise<SmartAccount> =>
  toPorticoSmartAccount({ client, owner: privateKeyToAccount(generatePrivateKey()), entryPoint: contracts.entryPoint, factoryAddress: contracts.porticoAccountFactory })

function clients(smart: SmartAccount, project = PROJECT) {
  const paymaster = createPaymasterClient({ transport: http(`${sponsor.url}/${project}`) })
  return createBundlerClient({ account: smart, client, paymaster, transport: http(bundler.url), pollingInterval: 100 })
}

const transfer = (to: Address, amount = 0n): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

async function rpc(path: string, body: unknown): Promise<{ status: number; json: { result?: unknown; error?: { code: number; message: string; data?: { reason: string } } } }> {
  const res = await fetch(`${sponsor.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as never }
}

/** A raw ERC-7677 user operation of a fresh account calling `to` with `data`. */
async function rawOp(to: Address, data: Hex): Promise<Record<string, string>> {
  const smart = await account()
  const { factory, factoryData } = await smart.getFactoryArgs()
  return {
    sender: smart.address,
    nonce: '0x0',
    factory: factory!,
    factoryData: factoryData!,
    callData: await smart.encodeCalls([{ to, data }]),
    maxFeePerGas: '0x3b9aca00',
    maxPriorityFeePerGas: '0x3b9aca00',
  }
}

describe('stack/sponsor: ERC-7677 sponsor service for the verifying paymaster', () => {
  it('seeding deployed the paymaster with the dev signer and a deposit', async () => {
    expect(sponsor.signer).toBe(privateKeyToAccount(devSponsorSignerKey()).address)
    const signer = await client.readContract({ address: contracts.verifyingPaymaster, abi: parseAbi(['function signer() view returns (address)']), functionName: 'signer' })
    expect(signer).toBe(sponsor.signer)
    expect(await client.readContract({ address: contracts.entryPoint, abi: ENTRY_POINT_ABI, functionName: 'balanceOf', args: [contracts.verifyingPaymaster] })).toBe(100n * 10n ** 18n)
  })

  it('a smart account with 0 ETH sends a sponsored user operation through viem\'s paymaster and bundler clients; it lands', async () => {
    const smart = await account()
    expect(await client.getBalance({ address: smart.address })).toBe(0n)
    const depositBefore = await client.readContract({ address: contracts.entryPoint, abi: ENTRY_POINT_ABI, functionName: 'balanceOf', args: [contracts.verifyingPaymaster] })
    const bundlerClient = clients(smart)
    const hash = await bundlerClient.sendUserOperation({ calls: [{ to: contracts.usdc6, data: transfer(smart.address) }] })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster?.toLowerCase()).toBe(contracts.verifyingPaymaster.toLowerCase())
    expect((await client.getCode({ address: smart.address }))?.length).toBeGreaterThan(2)
    expect(await client.getBalance({ address: smart.address })).toBe(0n)
    const depositAfter = await client.readContract({ address: contracts.entryPoint, abi: ENTRY_POINT_ABI, functionName: 'balanceOf', args: [contracts.verifyingPaymaster] })
    expect(depositBefore - depositAfter).toBe(receipt.actualGasCost)
    expect(receipt.actualGasCost).toBeGreaterThan(0n)
    expect(sponsor.gasUsedToday(PROJECT, smart.address)).toBeGreaterThan(0n)
  }, 120_000)

  it('the stub names the sponsor and returns the paymaster gas limits (ERC-7677)', async () => {
    const paymaster = createPaymasterClient({ transport: http(`${sponsor.url}/${PROJECT}`) })
    const op = await rawOp(contracts.dai18, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [contracts.usdc6, 1n] }))
    const stub = await paymaster.getPaymasterStubData({
      sender: op.sender as Address,
      nonce: 0n,
      factory: op.factory as Address,
      factoryData: op.factoryData as Hex,
      callData: op.callData as Hex,
      maxFeePerGas: 10n ** 9n,
      maxPriorityFeePerGas: 10n ** 9n,
      chainId: 31337,
      entryPointAddress: contracts.entryPoint,
    })
    expect(stub.sponsor).toEqual({ name: 'Demo App' })
    expect(stub.paymaster).toBe(contracts.verifyingPaymaster)
    expect(stub.paymasterVerificationGasLimit).toBe(60_000n)
    expect(stub.paymasterPostOpGasLimit).toBe(0n)
  })

  it('EIP-7702 marker (factory 0x7702, EntryPoint v0.8): accepted; calls judged by the policy; an upgrade alone only with eip7702Upgrades', async () => {
    const batchAbi = parseAbi(['struct Call { address target; uint256 value; bytes data; }', 'function executeBatch(Call[] calls)'])
    const eoa = privateKeyToAccount(generatePrivateKey()).address
    const op = (calls: { target: Address; value: bigint; data: Hex }[], factory = '0x7702') => ({
      sender: eoa,
      nonce: '0x0',
      factory,
      factoryData: '0x',
      callData: encodeFunctionData({ abi: batchAbi, functionName: 'executeBatch', args: [calls] }),
      maxFeePerGas: '0x3b9aca00',
      maxPriorityFeePerGas: '0x3b9aca00',
    })
    const stub = (project: string, o: unknown) => rpc(`/${project}`, { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [o, contracts.entryPoint, '0x7a69', {}] })
    const usdcTransfer = { target: contracts.usdc6, value: 0n, data: transfer(eoa) }

    // With a call inside the policy, the marker is simply accepted.
    const inside = await stub(PROJECT, op([usdcTransfer]))
    expect(inside.json.error).toBeUndefined()
    expect((inside.json.result as { paymaster: string }).paymaster).toBe(contracts.verifyingPaymaster)
    // A call outside the policy is refused as before.
    const outside = await stub(PROJECT, op([{ target: contracts.nft, value: 0n, data: '0x' }]))
    expect(outside.json.error?.data?.reason).toBe('target')
    // The upgrade alone (no call): refused unless the policy sponsors upgrades.
    const bare = await stub(PROJECT, op([]))
    expect(bare.json.error?.code).toBe(-32001)
    expect(bare.json.error?.data?.reason).toBe('upgrade')
    expect(bare.json.error?.message).toBe('project "demo-app" does not sponsor EIP-7702 upgrades without a call (policy eip7702Upgrades)')
    expect((await stub('upgrades', op([]))).json.result).toMatchObject({ sponsor: { name: 'Upgrades' } })
    const signed = await rpc('/upgrades', { jsonrpc: '2.0', id: 2, method: 'pm_getPaymasterData', params: [{ ...op([]), callGasLimit: '0x1', verificationGasLimit: '0x1', preVerificationGas: '0x1' }, contracts.entryPoint, '0x7a69', {}] })
    expect((signed.json.result as { paymasterData: string }).paymasterData).toMatch(/^0x[0-9a-f]{154}$/)
    // Without the marker, no call is still refused, and any other non-address factory still names the field.
    expect((await stub('upgrades', { ...op([]), factory: undefined })).json.error?.message).toBe('the user operation makes no call')
    expect((await stub(PROJECT, op([usdcTransfer], '0x7703'))).json.error?.message).toBe('params[0].factory must be an address, got "0x7703"')
  })

  it('a call to another contract, or another method, is refused with a JSON-RPC error naming it', async () => {
    const other = await rpc(`/${PROJECT}`, { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [await rawOp(contracts.nft, '0x'), contracts.entryPoint, '0x7a69', {}] })
    expect(other.json.error?.code).toBe(-32001)
    expect(other.json.error?.data?.reason).toBe('target')
    expect(other.json.error?.message).toContain(`calls to ${contracts.nft} are not sponsored`)

    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [contracts.dai18, 1n] })
    const method = await rpc(`/${PROJECT}`, { jsonrpc: '2.0', id: 2, method: 'pm_getPaymasterData', params: [{ ...(await rawOp(contracts.usdc6, approve)), callGasLimit: '0x1', verificationGasLimit: '0x1', preVerificationGas: '0x1' }, contracts.entryPoint, '0x7a69', {}] })
    expect(method.json.error?.code).toBe(-32001)
    expect(method.json.error?.data?.reason).toBe('method')
    expect(method.json.error?.message).toContain('method 0x095ea7b3')
    expect(method.json.error?.message).toContain('0xa9059cbb')

    // viem's client surfaces the same message: a wallet can fall back to the user paying and say why.
    const smart = await account()
    await expect(clients(smart).sendUserOperation({ calls: [{ to: contracts.nft, data: '0x' }] })).rejects.toThrow(/are not sponsored/)
  }, 60_000)

  it('a user whose daily gas budget is spent is refused with a message; the next UTC day it is sponsored again', async () => {
    const smart = await account()
    const bundlerClient = clients(smart)
    // Explicit gas limits, so the charge is known: 100 000 + 500 000 + 100 000 + the paymaster's 60 000 + 0.
    const gas = { callGasLimit: 100_000n, verificationGasLimit: 500_000n, preVerificationGas: 100_000n }
    const send = () => bundlerClient.sendUserOperation({ calls: [{ to: contracts.usdc6, data: transfer(smart.address) }], ...gas })
    const first = await send()
    expect((await bundlerClient.waitForUserOperationReceipt({ hash: first, timeout: 60_000 })).success).toBe(true)
    expect(sponsor.gasUsedToday(PROJECT, smart.address)).toBe(760_000n)
    await expect(send()).rejects.toThrow(
      `the daily gas budget of ${smart.address} for project "${PROJECT}" is exhausted: 760000 of 1500000 gas used today (UTC), this operation needs up to 760000`,
    )
    // Another user of the same project is not affected.
    const stranger = await rpc(`/${PROJECT}`, { jsonrpc: '2.0', id: 3, method: 'pm_getPaymasterStubData', params: [await rawOp(contracts.usdc6, transfer(smart.address)), contracts.entryPoint, '0x7a69', {}] })
    expect(stranger.json.result).toBeDefined()

    clock += DAY
    expect(sponsor.gasUsedToday(PROJECT, smart.address)).toBe(0n)
    const next = await send()
    expect((await bundlerClient.waitForUserOperationReceipt({ hash: next, timeout: 60_000 })).success).toBe(true)
    expect(sponsor.gasUsedToday(PROJECT, smart.address)).toBe(760_000n)
    expect(await client.getBalance({ address: smart.address })).toBe(0n)
  }, 120_000)

  it('an expired policy, an unknown project and another chain are refused', async () => {
    const op = await rawOp(contracts.usdc6, transfer(contracts.dai18))
    const expired = await rpc('/expired', { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [op, contracts.entryPoint, '0x7a69', {}] })
    expect(expired.json.error?.message).toBe('the sponsorship policy of project "expired" expired at 2026-01-01T00:00:00.000Z')
    const unknown = await rpc('/nobody', { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [op, contracts.entryPoint, '0x7a69', {}] })
    expect(unknown.json.error?.message).toBe('project "nobody" has no sponsorship policy')
    const chainId = await rpc(`/${PROJECT}`, { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [op, contracts.entryPoint, '0x1', {}] })
    expect(chainId.json.error?.message).toBe('the sponsor has no paymaster on chain 1: it serves 31337')
  })

  it('malformed requests are refused with clear JSON-RPC errors', async () => {
    const op = await rawOp(contracts.usdc6, transfer(contracts.dai18))
    expect((await rpc(`/${PROJECT}`, '{nope')).json.error).toEqual({ code: -32700, message: 'parse error: the request body is not JSON' })
    expect((await rpc(`/${PROJECT}`, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })).json.error).toEqual({
      code: -32601,
      message: 'eth_chainId is not a method of the sponsor: it serves pm_getPaymasterStubData and pm_getPaymasterData (ERC-7677)',
    })
    expect((await rpc(`/${PROJECT}`, { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [op] })).json.error?.message).toBe(
      'pm_getPaymasterStubData takes [userOperation, entryPoint, chainId, context?]',
    )
    expect((await rpc(`/${PROJECT}`, { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [{ ...op, sender: '0x1234' }, contracts.entryPoint, '0x7a69'] })).json.error).toEqual({
      code: -32602,
      message: 'params[0].sender must be an address, got "0x1234"',
    })
    expect((await rpc(`/${PROJECT}`, { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [op, contracts.entryPoint, '0x7a69'] })).json.error?.message).toBe(
      'params[0].callGasLimit must be a hex quantity, got undefined',
    )
    expect((await rpc(`/${PROJECT}`, { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [{ sender: op.sender, nonce: op.nonce, callData: op.callData, initCode: '0x' }, contracts.entryPoint, '0x7a69'] })).json.error?.message).toContain(
      'EntryPoint v0.6 user operation',
    )
    expect((await rpc(`/${PROJECT}`, { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [op, contracts.usdc6, '0x7a69'] })).json.error?.message).toBe(
      `the paymaster on chain 31337 serves EntryPoint ${contracts.entryPoint}, not ${contracts.usdc6}`,
    )
    expect((await rpc(`/${PROJECT}`, { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [{ ...op, callData: '0xdeadbeef' }, contracts.entryPoint, '0x7a69'] })).json.error?.data?.reason).toBe('callData')
    const noProject = await rpc('/', { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [] })
    expect(noProject.status).toBe(404)
    expect(noProject.json.error?.message).toBe('the URL names no project: POST JSON-RPC to /<projectId>')
  })
})

describe('stack/sponsor: production mode', () => {
  const chainsOpt = [{ chainId: 1, entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108' as Address, paymaster: '0x000000000000000000000000000000000000dEaD' as Address }]

  it('refuses the dev signer key and a missing policy, naming each', async () => {
    const missing = await startSponsor({ production: true, chains: chainsOpt }).catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(DevDefaultError)
    expect((missing as DevDefaultError).problems).toEqual([
      "signerPrivateKey is missing: the dev signer (the dev mnemonic's account 23, a publicly known key) would sign sponsorships",
      'policyFile is missing: the dev policy (the demo project sponsoring the seeded contracts) would be used',
    ])
    const devKey = await startSponsor({ production: true, chains: chainsOpt, signerPrivateKey: devSponsorSignerKey(), policies: {} }).catch((e: unknown) => e)
    expect((devKey as DevDefaultError).problems).toEqual(["signerPrivateKey is the dev signer's key (the dev mnemonic's account 23): anyone can sign sponsorships with it"])
    expect(privateKeyToAccount(devSponsorSignerKey()).address.toLowerCase()).toBe(DEV_SIGNER.toLowerCase())
  })

  it('starts with its own key and a policy file, and reports a bad policy file by field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sponsor-'))
    const file = join(dir, 'policy.json')
    writeFileSync(file, JSON.stringify({ projects: { app: { name: 'App', contracts: [{ address: '0x000000000000000000000000000000000000dEaD', methods: ['mint(uint256)'] }], perUserGasPerDay: 1, perProjectGasPerDay: 2 } } }))
    const key = generatePrivateKey()
    const prod = await startSponsor({ production: true, chains: chainsOpt, signerPrivateKey: key, policyFile: file })
    expect(prod.signer).toBe(privateKeyToAccount(key).address)
    await prod.stop()
    writeFileSync(file, JSON.stringify({ projects: { app: { name: 'App', contracts: [{ address: '0x000000000000000000000000000000000000dEaD', methods: ['mint'] }], perUserGasPerDay: 1, perProjectGasPerDay: 2 } } }))
    await expect(startSponsor({ production: true, chains: chainsOpt, signerPrivateKey: key, policyFile: file })).rejects.toThrow(
      'projects.app.contracts[0].methods[0] "mint" is neither a signature like transfer(address,uint256), a 4-byte selector, nor 0x',
    )
  })
})
