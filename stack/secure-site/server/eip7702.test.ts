/**
 * Issue 29 part 2 on the real dev chain: anvil on Prague with the seeded PorticoDelegate, the real Alto bundler and
 * the stack's ERC-7677 sponsor service. Requests go through the secure site's /api/rpc handler (handleRpc) with the
 * EIP-7702 module, as the frame sends them after the user approved the panel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, getAddress, http, parseAbi, parseEther, parseUnits, zeroAddress, type Address, type Chain, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startDevChains, type DevChains } from '../../chain/index.ts'
import { porticoDelegateAddress } from '../../chain/7702/index.ts'
import { startBundler, type Bundler } from '../../bundler/index.ts'
import { parsePolicies, startSponsor, type Sponsor } from '../../sponsor/index.ts'
import { handleRpc } from './rpc.ts'
import { createEip7702, type Eip7702 } from './eip7702.ts'
import type { RpcResponse } from './api-types.ts'

const CHAIN = 31337
const PROJECT = 'demo-app'
/** A project whose policy also pays for an EIP-7702 upgrade alone (stack/sponsor: eip7702Upgrades). */
const UPGRADES = 'upgrades-app'
const A: Address = '0x000000000000000000000000000000000000a11c'
const B: Address = '0x000000000000000000000000000000000000b0b0'
const DELEGATE_ABI = parseAbi(['function delegateName() view returns (string)', 'struct Call { address target; uint256 value; bytes data; }', 'function executeBatch(Call[] calls)'])

let dev: DevChains
let bundler: Bundler
let sponsor: Sponsor
let client: PublicClient
let chain: Chain
let contracts: DevChains['deployment']['chains'][number]['contracts']
let eip7702: Eip7702

beforeAll(async () => {
  dev = await startDevChains({ chains: [{ chainId: CHAIN, name: 'Portico Local' }] })
  const { rpcUrl } = dev.chains[0]!
  chain = { id: CHAIN, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
  client = createPublicClient({ chain, transport: http(rpcUrl) })
  contracts = dev.deployment.chains[CHAIN]!.contracts
  bundler = await startBundler({ rpcUrl, entryPoint: contracts.entryPoint })
  sponsor = await startSponsor({
    chains: [{ chainId: CHAIN, entryPoint: contracts.entryPoint, paymaster: contracts.verifyingPaymaster }],
    policies: parsePolicies({
      projects: {
        [PROJECT]: { name: 'Demo App', contracts: [{ address: contracts.usdc6, methods: ['transfer(address,uint256)'] }], perUserGasPerDay: '5000000', perProjectGasPerDay: '100000000' },
        [UPGRADES]: { name: 'Upgrades App', contracts: [{ address: contracts.usdc6, methods: ['transfer(address,uint256)'] }], perUserGasPerDay: '5000000', perProjectGasPerDay: '100000000', eip7702Upgrades: true },
      },
    }),
    validitySeconds: 3600,
  })
}, 180_000)

afterAll(async () => {
  await sponsor?.stop()
  await bundler?.stop()
  await dev?.stop()
})

/** A fresh embedded-wallet user: its key, as the secure site opens it, with `eth` ETH and `usdc` USDC (from account 0). */
async function newUser(eth = '1', usdc = '10') {
  const key = generatePrivateKey()
  const account = privateKeyToAccount(key)
  await client.request({ method: 'anvil_setBalance' as never, params: [account.address, `0x${parseEther(eth).toString(16)}`] as never })
  const funder = createWalletClient({ chain, transport: http(dev.chains[0]!.rpcUrl) })
  const hash = await funder.writeContract({ account: dev.deployment.accounts[0]!, address: contracts.usdc6, abi: erc20Abi, functionName: 'transfer', args: [account.address, parseUnits(usdc, 6)] })
  await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  const user = { eip155Address: account.address, solanaAddress: 'unused' }
  const keys = { evm: () => Buffer.from(key.slice(2), 'hex'), solana: () => new Uint8Array(32) }
  return { key, account, user, keys }
}

type User = Awaited<ReturnType<typeof newUser>>

type Answer = { result?: unknown; error?: { code: number; message: string } }

/** `projectId` (default PROJECT) and `paymasterUrl` are the session's project and the host's paymaster URL. */
function rpc(u: User, method: string, params: unknown, opts: { approved?: boolean; chainId?: number; module?: Eip7702; projectId?: string; paymasterUrl?: string } = {}): Promise<Answer> {
  const m = opts.module ?? eip7702
  return handleRpc(
    { method, params, chainId: opts.chainId ?? CHAIN, approved: opts.approved ?? true },
    u.user,
    u.keys,
    { evmRpcUrls: { [CHAIN]: dev.chains[0]!.rpcUrl } },
    undefined,
    m.forUser(u.user, u.keys, { projectId: opts.projectId ?? PROJECT, ...(opts.paymasterUrl && { paymasterUrl: opts.paymasterUrl }) }),
  ) as Promise<RpcResponse & Answer>
}

const usdc = (to: Address, amount: string): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] })
const balanceOf = (who: Address) => client.readContract({ address: contracts.usdc6, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const codeOf = async (who: Address) => (await client.getCode({ address: who })) ?? '0x'

async function upgrade(u: User): Promise<void> {
  const res = await rpc(u, 'portico_setDelegation', [{ chainId: '0x7a69', address: contracts.porticoDelegate }])
  expect(res.error).toBeUndefined()
}

async function status(u: User, id: string, projectId?: string): Promise<{ status: number; atomic: boolean; receipts?: Array<{ status: Hex }> }> {
  for (let i = 0; i < 400; i++) {
    const res = await rpc(u, 'wallet_getCallsStatus', [id], { approved: false, ...(projectId && { projectId }) })
    expect(res.error).toBeUndefined()
    const r = res.result as { status: number; atomic: boolean }
    if (r.status !== 100) return r
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`batch ${id} still pending`)
}

describe('issue 29 part 2: EIP-7702 delegation for the embedded wallet EOA (real anvil on Prague, Alto, sponsor)', () => {
  beforeAll(() => {
    eip7702 = createEip7702({
      delegates: { [CHAIN]: contracts.porticoDelegate },
      evmRpcUrls: { [CHAIN]: dev.chains[0]!.rpcUrl },
      bundlerUrl: bundler.url,
      // The smart account's rule: the host's paymasterUrl, else <sponsorUrl>/<projectId>.
      sponsorUrl: sponsor.url,
      pollMs: 50,
    })
  })

  it('the dev chain runs Prague and the stack deployed the delegate at its deterministic address', async () => {
    const info = (await client.request({ method: 'anvil_nodeInfo' as never })) as { hardFork: string }
    expect(info.hardFork.toLowerCase()).toBe('prague')
    expect(contracts.porticoDelegate).toBe(porticoDelegateAddress())
    expect(await client.readContract({ address: contracts.porticoDelegate, abi: DELEGATE_ABI, functionName: 'delegateName' })).toBe('Portico Delegate')
  })

  it('authorize: after approval the EOA code designates the delegate (0xef0100 || delegate); capabilities turn atomic', async () => {
    const u = await newUser()
    const before = await rpc(u, 'wallet_getCapabilities', [u.account.address, ['0x7a69']], { approved: false })
    expect(before.result).toMatchObject({ '0x7a69': { atomic: { status: 'unsupported' }, portico_delegation: { status: 'available', delegate: contracts.porticoDelegate, name: 'Portico Delegate' } } })

    // Not approved in the panel: nothing is signed.
    expect((await rpc(u, 'portico_setDelegation', [{ chainId: '0x7a69', address: contracts.porticoDelegate }], { approved: false })).error).toEqual({ code: 4001, message: 'User rejected the request.' })
    expect(await codeOf(u.account.address)).toBe('0x')

    const res = await rpc(u, 'portico_setDelegation', [{ chainId: '0x7a69', address: contracts.porticoDelegate }])
    expect(res.error).toBeUndefined()
    expect(res.result).toMatchObject({ chainId: '0x7a69', delegate: contracts.porticoDelegate })
    expect((await codeOf(u.account.address)).toLowerCase()).toBe(`0xef0100${contracts.porticoDelegate.slice(2).toLowerCase()}`)
    // The EOA now answers the delegate's own view through its code.
    expect(await client.readContract({ address: u.account.address, abi: DELEGATE_ABI, functionName: 'delegateName' })).toBe('Portico Delegate')

    const after = await rpc(u, 'wallet_getCapabilities', [u.account.address, ['0x7a69']], { approved: false })
    expect(after.result).toMatchObject({ '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true }, portico_delegation: { status: 'active' } } })
  }, 60_000)

  it('sponsored upgrade: a user with 0 ETH upgrades through one user operation carrying the authorization; ETH stays 0', async () => {
    const sponsoredUpgrades = UPGRADES // the session's project: <sponsorUrl>/upgrades-app pays
    const u = await newUser('0', '10')
    expect(await client.getBalance({ address: u.account.address })).toBe(0n)
    const res = await rpc(u, 'portico_setDelegation', [{ chainId: '0x7a69', address: contracts.porticoDelegate }], { projectId: sponsoredUpgrades })
    expect(res.error).toBeUndefined()
    expect(res.result).toMatchObject({ chainId: '0x7a69', delegate: contracts.porticoDelegate, sponsored: true })
    const { transactionHash, userOperationHash } = res.result as { transactionHash: Hex; userOperationHash: Hex }
    expect(userOperationHash).toMatch(/^0x[0-9a-f]{64}$/)
    // The bundler's transaction carried the EOA's authorization (type 4) and landed.
    const tx = await client.getTransaction({ hash: transactionHash })
    expect(tx.type).toBe('eip7702')
    expect(tx.authorizationList?.map((a) => getAddress(a.address))).toEqual([contracts.porticoDelegate])
    expect((await codeOf(u.account.address)).toLowerCase()).toBe(`0xef0100${contracts.porticoDelegate.slice(2).toLowerCase()}`)
    expect(await client.getBalance({ address: u.account.address })).toBe(0n)
    expect(sponsor.gasUsedToday(UPGRADES, u.account.address)).toBeGreaterThan(0n)

    // The upgraded 0-ETH account then sends a sponsored batch, and its ETH is still 0.
    const sent = await rpc(u, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: contracts.usdc6, data: usdc(A, '1') }, { to: contracts.usdc6, data: usdc(B, '1') }] }], { projectId: sponsoredUpgrades })
    expect(sent.error).toBeUndefined()
    expect(await status(u, (sent.result as { id: string }).id, sponsoredUpgrades)).toMatchObject({ status: 200, atomic: true })
    expect(await client.getBalance({ address: u.account.address })).toBe(0n)

    // The revoke is never sponsored (no account code would be left for the EntryPoint to call): with 0 ETH it fails.
    const revoke = await rpc(u, 'portico_setDelegation', [{ chainId: '0x7a69', address: zeroAddress }], { projectId: sponsoredUpgrades })
    expect(revoke.error?.code).toBe(-32603)
    expect((await codeOf(u.account.address)).toLowerCase()).toBe(`0xef0100${contracts.porticoDelegate.slice(2).toLowerCase()}`)
  }, 120_000)

  it('the sponsor refuses the upgrade by policy: a user with ETH pays it (sponsored: false, reason); with 0 ETH a clear message', async () => {
    // The default module's project sponsors USDC transfers but not an upgrade alone.
    const poor = await newUser('0', '10')
    const refused = await rpc(poor, 'portico_setDelegation', [{ chainId: '0x7a69', address: contracts.porticoDelegate }])
    expect(refused.error?.code).toBe(-32603)
    expect(refused.error?.message).toMatch(/^The sponsor did not pay for the upgrade \(.*project "demo-app" does not sponsor EIP-7702 upgrades without a call.*\) and the account has no ETH to pay for it itself$/)
    expect(await codeOf(poor.account.address)).toBe('0x')

    const u = await newUser('1', '10')
    const eth = await client.getBalance({ address: u.account.address })
    const paid = await rpc(u, 'portico_setDelegation', [{ chainId: '0x7a69', address: contracts.porticoDelegate }])
    expect(paid.error).toBeUndefined()
    expect(paid.result).toMatchObject({ delegate: contracts.porticoDelegate, sponsored: false, reason: expect.stringMatching(/does not sponsor EIP-7702 upgrades/) })
    expect((await codeOf(u.account.address)).toLowerCase()).toBe(`0xef0100${contracts.porticoDelegate.slice(2).toLowerCase()}`)
    expect(await client.getBalance({ address: u.account.address })).toBeLessThan(eth)
  }, 120_000)

  it("one rule with the smart account: the host's paymasterUrl is asked over <sponsorUrl>/<projectId>; a bad one is refused by name", async () => {
    // The session's project would pay the upgrade (upgrades-app), but the host named demo-app's URL: demo-app decides.
    const poor = await newUser('0', '10')
    const refused = await rpc(poor, 'portico_setDelegation', [{ chainId: '0x7a69', address: contracts.porticoDelegate }], { projectId: UPGRADES, paymasterUrl: `${sponsor.url}/${PROJECT}` })
    expect(refused.error?.message).toMatch(/project "demo-app" does not sponsor EIP-7702 upgrades without a call/)
    expect(await codeOf(poor.account.address)).toBe('0x')
    const bad = await rpc(poor, 'portico_setDelegation', [{ chainId: '0x7a69', address: contracts.porticoDelegate }], { projectId: UPGRADES, paymasterUrl: 'ftp://pm.example/x' })
    expect(bad.error).toEqual({ code: -32602, message: 'Invalid params: paymasterUrl must be an http(s) URL' })
    expect(await codeOf(poor.account.address)).toBe('0x')
  }, 60_000)

  it('refuses an authorization for another chain id, for chain id 0, or to another contract; nothing is signed', async () => {
    const u = await newUser()
    const other = await rpc(u, 'portico_setDelegation', [{ chainId: '0x7a6a', address: contracts.porticoDelegate }])
    expect(other.error?.code).toBe(4902)
    expect(other.error?.message).toBe('The authorization is for chain 31338, but the session is on chain 31337; the embedded wallet signs authorizations only for the current network')
    const zero = await rpc(u, 'portico_setDelegation', [{ chainId: '0x0', address: contracts.porticoDelegate }])
    expect(zero.error?.code).toBe(-32602)
    expect(zero.error?.message).toMatch(/chain id 0 would be valid on every chain/)
    const foreign = await rpc(u, 'portico_setDelegation', [{ chainId: '0x7a69', address: contracts.usdc6 }])
    expect(foreign.error?.code).toBe(4100)
    expect(foreign.error?.message).toBe(`The embedded wallet delegates only to Portico Delegate (${contracts.porticoDelegate}) on chain 31337, not to ${contracts.usdc6}`)
    expect(await codeOf(u.account.address)).toBe('0x')
    expect(await client.getTransactionCount({ address: u.account.address })).toBe(0)
  }, 60_000)

  it('wallet_sendCalls on the upgraded EOA (no sponsor) runs two calls atomically in one transaction the EOA pays', async () => {
    const u = await newUser()
    await upgrade(u)
    const plain = createEip7702({ delegates: { [CHAIN]: contracts.porticoDelegate }, evmRpcUrls: { [CHAIN]: dev.chains[0]!.rpcUrl }, pollMs: 50 })
    const [a0, b0, eth0] = await Promise.all([balanceOf(A), balanceOf(B), client.getBalance({ address: u.account.address })])
    const sent = await rpc(u, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: contracts.usdc6, data: usdc(A, '1') }, { to: contracts.usdc6, data: usdc(B, '2') }] }], { module: plain })
    expect(sent.error).toBeUndefined()
    const { id } = sent.result as { id: Hex }
    const s = await (async () => {
      for (;;) {
        const r = (await rpc(u, 'wallet_getCallsStatus', [id], { approved: false, module: plain })).result as { status: number; atomic: boolean; receipts: Array<{ transactionHash: Hex }> }
        if (r.status !== 100) return r
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    expect(s).toMatchObject({ status: 200, atomic: true })
    expect(s.receipts).toHaveLength(1)
    expect(await balanceOf(A)).toBe(a0 + 1_000_000n)
    expect(await balanceOf(B)).toBe(b0 + 2_000_000n)
    expect(await client.getBalance({ address: u.account.address })).toBeLessThan(eth0)
  }, 60_000)

  it('one reverting call rolls the whole batch back: refused before sending, and on chain a mined batch reverts both', async () => {
    const u = await newUser('1', '5')
    await upgrade(u)
    const a0 = await balanceOf(A)
    const mine = await balanceOf(u.account.address)
    // Call 2 moves more USDC than the account holds: the batch cannot succeed, so nothing is sent.
    const calls = [{ to: contracts.usdc6, data: usdc(A, '1') }, { to: contracts.usdc6, data: usdc(B, '500') }]
    const refused = await rpc(u, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls }], {
      module: createEip7702({ delegates: { [CHAIN]: contracts.porticoDelegate }, evmRpcUrls: { [CHAIN]: dev.chains[0]!.rpcUrl }, pollMs: 50 }),
    })
    expect(refused.error?.code).toBe(-32603)
    expect(await balanceOf(A)).toBe(a0)

    // The same batch forced on chain (a gas limit, so no estimation stops it): mined, reverted, call 1 undone too.
    const wallet = createWalletClient({ account: u.account, chain, transport: http(dev.chains[0]!.rpcUrl) })
    const hash = await wallet.sendTransaction({
      to: u.account.address,
      gas: 300_000n,
      data: encodeFunctionData({ abi: DELEGATE_ABI, functionName: 'executeBatch', args: [calls.map((c) => ({ target: c.to, value: 0n, data: c.data }))] }),
    })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('reverted')
    expect(await balanceOf(A)).toBe(a0)
    expect(await balanceOf(u.account.address)).toBe(mine)
  }, 60_000)

  it('sponsored batch: the ERC-7677 sponsor pays a user operation of the upgraded EOA; its ETH is unchanged', async () => {
    const u = await newUser('0.01', '10')
    await upgrade(u)
    const eth = await client.getBalance({ address: u.account.address })
    const [a0, b0] = await Promise.all([balanceOf(A), balanceOf(B)])
    const sent = await rpc(u, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        atomicRequired: true,
        calls: [{ to: contracts.usdc6, data: usdc(A, '3') }, { to: contracts.usdc6, data: usdc(B, '4') }],
        capabilities: { paymasterService: { url: `${sponsor.url}/${PROJECT}` } },
      },
    ])
    expect(sent.error).toBeUndefined()
    const s = await status(u, (sent.result as { id: string }).id)
    expect(s).toMatchObject({ status: 200, atomic: true })
    expect(await balanceOf(A)).toBe(a0 + 3_000_000n)
    expect(await balanceOf(B)).toBe(b0 + 4_000_000n)
    expect(await client.getBalance({ address: u.account.address })).toBe(eth)
    expect(sponsor.gasUsedToday(PROJECT, u.account.address)).toBeGreaterThan(0n)
  }, 120_000)

  it('a batch outside the sponsor policy: refused when the dapp asked for the sponsor, paid by the user when it was only the default', async () => {
    const u = await newUser('1', '10')
    await upgrade(u)
    const dai = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [A, 1n] })
    const asked = await rpc(u, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: contracts.dai18, data: dai }], capabilities: { paymasterService: { url: `${sponsor.url}/${PROJECT}` } } }])
    expect(asked.error?.code).toBe(-32603)
    expect(asked.error?.message).toMatch(/^The sponsor did not pay for this batch: .*not sponsored/)
    const eth = await client.getBalance({ address: u.account.address })
    const byDefault = await rpc(u, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: contracts.dai18, data: dai }] }])
    expect(byDefault.error).toBeUndefined()
    expect(byDefault.result).toMatchObject({ capabilities: { paymasterService: { sponsored: false } } })
    expect(await status(u, (byDefault.result as { id: string }).id)).toMatchObject({ status: 200 })
    expect(await client.getBalance({ address: u.account.address })).toBeLessThan(eth)
    // A paymaster on another host is never fetched by the secure site.
    const elsewhere = await rpc(u, 'wallet_sendCalls', [{ calls: [{ to: contracts.usdc6, data: usdc(A, '1') }], capabilities: { paymasterService: { url: 'http://198.51.100.7/pm' } } }])
    expect(elsewhere.error?.code).toBe(5700)
  }, 120_000)

  it('revoke: an authorization to address 0 clears the code; batches then need the smart account again (5760)', async () => {
    const u = await newUser()
    await upgrade(u)
    expect(await codeOf(u.account.address)).not.toBe('0x')
    const res = await rpc(u, 'portico_setDelegation', [{ chainId: '0x7a69', address: zeroAddress }])
    expect(res.error).toBeUndefined()
    expect(res.result).toMatchObject({ delegate: null })
    expect(await codeOf(u.account.address)).toBe('0x')
    const caps = await rpc(u, 'wallet_getCapabilities', [u.account.address, ['0x7a69']], { approved: false })
    expect(caps.result).toMatchObject({ '0x7a69': { atomic: { status: 'unsupported' }, portico_delegation: { status: 'available' } } })
    const batch = await rpc(u, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: contracts.usdc6, data: usdc(A, '1') }] }])
    expect(batch.error?.code).toBe(5760)
    expect(getAddress(u.account.address)).toBe(u.account.address)
  }, 60_000)
})
