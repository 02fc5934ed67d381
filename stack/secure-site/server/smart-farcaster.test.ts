/**
 * Smart accounts and Farcaster sign-in on the secure site (issue 14) against real parts: the EVM dev chain with the
 * EntryPoint v0.8 and PorticoAccountFactory, the Alto bundler, the API server (smart sessions, PGlite), the Farcaster
 * auth relay with its registries and demo app, and the mail sink for email logins. Runs in order.
 */
import { parseSigningRequest } from '../requests.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { base58, base64 } from '@scure/base'
import { deriveKey, open, parseMasterKey } from './crypto.ts'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getAddress, keccak256, parseEther, toHex, verifyTypedData, type Address, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { authenticate, buildSignInMessage, createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client'
import { addressedTo, type MailSink } from '../../mail/index.ts'
import type { DevChains } from '../../chain/index.ts'
import type { Bundler } from '../../bundler/index.ts'
import { startApiServer, type ApiServer } from '../../api/index.ts'
import { startFarcasterRelay, type FarcasterRelay } from '../../farcaster/index.ts'
import { startSecureSite, type SecureSite } from './index.ts'
import { startSmartAccountParts, TEST_HOST as HOST, type SmartAccountParts } from './test-site.fixtures.ts'
import { createSmartAccounts } from './smart.ts'
import { RpcError } from './rpc.ts'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

const PROJECT = 'smart-test-project'
const SINK: Address = '0x000000000000000000000000000000000000dEaD'
const ACCOUNT_DEPLOYED_TOPIC = keccak256(toHex('AccountDeployed(bytes32,address,address,address)'))

let parts: SmartAccountParts
let mail: MailSink
let chains: DevChains
let bundler: Bundler
let api: ApiServer
let relay: FarcasterRelay
let site: SecureSite
let client: PublicClient
let rpcUrl: string
let apiDir: string
let offsetMs = 0
const clock = () => Date.now() + offsetMs
const MASTER = randomBytes(32).toString('hex')
/** Every reply body the tests saw from the secure site (scanned for key material at the end). */
const seen: string[] = []

type Res = { status: number; body: any }

async function call(method: 'GET' | 'POST', path: string, o: { body?: unknown; token?: string } = {}): Promise<Res> {
  const headers: Record<string, string> = { 'x-portico-project-id': PROJECT, 'x-portico-host-origin': HOST }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  if (o.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${site.url}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) })
  const text = await res.text()
  seen.push(text)
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}

const rpc = async (token: string, method: string, params: unknown, extra: Record<string, unknown> = {}) =>
  (await call('POST', '/api/rpc', { token, body: { method, params, chainId: 31337, approved: true, ...extra } })).body

async function emailLogin(email: string, device: string): Promise<{ token: string; user: any }> {
  offsetMs += 31_000 // past the 30 s mail throttle of a previous login with the same email
  const since = new Date().toISOString()
  const c = await call('POST', '/api/email/connect', { body: { email, deviceId: device } })
  expect(c.body).toEqual({ action: 'VERIFY_OTP' })
  const m = await mail.waitFor((x) => addressedTo(x, email) && x.subject === 'Your Portico login code' && x.receivedAt >= since, 15_000)
  const r = await call('POST', '/api/email/otp', { body: { email, otp: /\b(\d{6})\b/.exec(m.text)![1], deviceId: device } })
  expect(r.status).toBe(200)
  return r.body
}

const fund = (address: Address, ether: string) =>
  client.request({ method: 'anvil_setBalance' as never, params: [address, toHex(parseEther(ether))] as never })

beforeAll(async () => {
  apiDir = mkdtempSync(join(tmpdir(), 'secure-smart-api-'))
  parts = await startSmartAccountParts('smart')
  ;({ mail, chains, rpcUrl, client, bundler } = parts)
  ;[api, relay] = await Promise.all([
    startApiServer({ dataDir: apiDir, adminToken: 'test-admin-token-0123456789abcdef', chains: [{ chainId: 31337, name: 'Portico Local', rpcUrl }], indexIntervalMs: 60_000 }),
    startFarcasterRelay({ rpcUrl }),
  ])
  site = await startSecureSite({
    ...parts.siteOptions(PROJECT),
    sessionsApiUrl: api.url,
    farcasterRelayUrl: relay.url,
    farcasterRpcUrl: rpcUrl,
    farcasterWaitMs: 1500,
    masterKey: MASTER,
    clock,
  })
}, 240_000)

afterAll(async () => {
  await Promise.allSettled([site?.stop(), relay?.stop(), api?.stop()])
  await parts?.stop()
  if (apiDir) rmSync(apiDir, { recursive: true, force: true })
})

describe('smart accounts', () => {
  const email = 'sam@example.com'
  const device = randomBytes(12).toString('base64url')
  let token: string
  let eoa: Address
  let smart: Address

  it('each user has an EOA and a counterfactual smart account; the preferred type starts as eoa', async () => {
    const login = await emailLogin(email, device)
    token = login.token
    eoa = login.user.address
    expect(login.user).toMatchObject({ preferredAccountType: 'eoa', smartAccountDeployed: false, chainId: 31337 })
    const entry = login.user.accounts.find((a: any) => a.type === 'smartAccount')
    expect(entry.namespace).toBe('eip155')
    smart = entry.address
    expect(smart).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(smart.toLowerCase()).not.toBe(eoa.toLowerCase())
    expect(await client.getCode({ address: smart })).toBeUndefined()

    expect((await call('GET', '/api/smart-account/networks')).body).toEqual({ smartAccountEnabledNetworks: [31337] })
    expect((await call('POST', '/api/smart-account', { token, body: { chainId: 31337 } })).body).toEqual({ address: smart, isDeployed: false })
  })

  it('a chain where smart accounts are not enabled answers the SPEC text and stores nothing', async () => {
    const init = await call('POST', '/api/smart-account', { token, body: { chainId: 1 } })
    expect(init.status).toBe(400)
    expect(init.body.error).toBe('This application might not support Smart Accounts.')
    const pref = await call('POST', '/api/preferred-account', { token, body: { type: 'smartAccount', chainId: 1 } })
    expect(pref.body.error).toBe('This application might not support Smart Accounts.')
    expect((await call('GET', '/api/user?chainId=31337', { token })).body.preferredAccountType).toBe('eoa')
  })

  it('switching to the smart account changes the address, and the choice survives a new session', async () => {
    const set = await call('POST', '/api/preferred-account', { token, body: { type: 'smartAccount', chainId: 31337 } })
    expect(set.body).toEqual({ type: 'smartAccount', address: smart })
    expect((await call('GET', '/api/user?chainId=31337', { token })).body).toMatchObject({ address: smart, preferredAccountType: 'smartAccount' })
    await call('POST', '/api/sign-out', { token, body: {} })
    const again = await emailLogin(email, device)
    token = again.token
    expect(again.user).toMatchObject({ address: smart, preferredAccountType: 'smartAccount', smartAccountDeployed: false })
    expect(await rpc(token, 'eth_accounts', [])).toEqual({ result: [smart] })
  })

  it("the host's default applies only while the user has not chosen", async () => {
    const other = await emailLogin('noa@example.com', randomBytes(12).toString('base64url'))
    const viaDefault = (await call('GET', '/api/user?chainId=31337&preferredAccountType=smartAccount', { token: other.token })).body
    expect(viaDefault.preferredAccountType).toBe('smartAccount')
    expect(viaDefault.address).toBe(viaDefault.accounts.find((a: any) => a.type === 'smartAccount').address)
    // This user chose the smart account; a host default of eoa does not override it.
    expect((await call('GET', '/api/user?chainId=31337&preferredAccountType=eoa', { token })).body.address).toBe(smart)
    expect(await rpc(other.token, 'wallet_getCapabilities', [other.user.address, ['0x7a69']])).toEqual({ result: { '0x7a69': { atomic: { status: 'unsupported' } } } })
    expect(await rpc(token, 'wallet_getCapabilities', [smart, ['0x7a69']])).toEqual({ result: { '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } } } })
  })

  it('a counterfactual smart account signs with ERC-6492 and viem verifies it', async () => {
    const message = 'Sign in to Portico'
    const { result } = await rpc(token, 'personal_sign', [toHex(message), smart])
    expect((result as string).endsWith('6492'.repeat(16))).toBe(true)
    expect(await client.verifyMessage({ address: smart, message, signature: result })).toBe(true)
    expect(await client.verifyMessage({ address: eoa, message, signature: result })).toBe(false)
  })

  it('the first send deploys the account as a user operation, the second reuses it; balances change on chain', async () => {
    expect((await call('POST', '/api/rpc', { token, body: { method: 'eth_sendTransaction', params: [{ to: SINK, value: toHex(1n) }], chainId: 31337 } })).body).toEqual({
      error: { code: 4001, message: 'User rejected the request.' },
    })
    await fund(smart, '1')
    const sinkBefore = await client.getBalance({ address: SINK })
    const first = await rpc(token, 'eth_sendTransaction', [{ from: smart, to: SINK, value: toHex(parseEther('0.1')) }])
    expect(first.result).toMatch(/^0x[0-9a-f]{64}$/)
    const r1 = await client.getTransactionReceipt({ hash: first.result })
    expect(r1.status).toBe('success')
    expect(r1.to?.toLowerCase()).toBe(chains.deployment.chains[31337]!.contracts.entryPoint.toLowerCase())
    expect(r1.logs.some((l) => l.topics[0] === ACCOUNT_DEPLOYED_TOPIC)).toBe(true)
    expect((await client.getCode({ address: smart }))?.length).toBeGreaterThan(2)
    expect((await call('GET', '/api/user?chainId=31337', { token })).body.smartAccountDeployed).toBe(true)
    expect((await call('POST', '/api/smart-account', { token, body: {} })).body).toEqual({ address: smart, isDeployed: true })

    const second = await rpc(token, 'eth_sendTransaction', [{ to: SINK, value: toHex(parseEther('0.2')) }])
    const r2 = await client.getTransactionReceipt({ hash: second.result })
    expect(r2.status).toBe('success')
    expect(second.result).not.toBe(first.result)
    expect(r2.logs.some((l) => l.topics[0] === ACCOUNT_DEPLOYED_TOPIC)).toBe(false)
    expect((await client.getBalance({ address: SINK })) - sinkBefore).toBe(parseEther('0.3'))
    expect(await client.getBalance({ address: smart })).toBeLessThan(parseEther('0.7'))
  }, 180_000)

  it('a deployed smart account signs through ERC-1271 (messages and typed data)', async () => {
    const message = 'hello from the smart account'
    const { result } = await rpc(token, 'personal_sign', [message, smart])
    expect((result as string).length).toBe(132)
    expect(await client.verifyMessage({ address: smart, message, signature: result })).toBe(true)
    expect(await client.verifyMessage({ address: smart, message: 'other', signature: result })).toBe(false)
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'Hello, Bob!' },
    }
    const t = await rpc(token, 'eth_signTypedData_v4', [smart, JSON.stringify({ ...typed, types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }], ...typed.types } })])
    expect(await client.verifyTypedData({ address: smart, ...typed, signature: t.result })).toBe(true)
    expect(await verifyTypedData({ address: eoa, ...typed, signature: t.result })).toBe(false)
  })

  it('a failing user operation answers "Failed to fetch user operation receipt - {status}"', async () => {
    const res = await rpc(token, 'eth_sendTransaction', [{ to: SINK, value: toHex(parseEther('50')), gas: toHex(200_000n) }])
    expect(res).toEqual({ error: { code: -32603, message: 'Failed to fetch user operation receipt - reverted' } })
  }, 120_000)

  it('wallet_sendCalls batches two transfers in one user operation and wallet_getCallsStatus reports them', async () => {
    const a = privateKeyToAccount(generatePrivateKey()).address
    const b = privateKeyToAccount(generatePrivateKey()).address
    const sent = await rpc(token, 'wallet_sendCalls', [
      { version: '2.0.0', chainId: '0x7a69', from: smart, atomicRequired: true, calls: [{ to: a, value: toHex(parseEther('0.01')) }, { to: b, value: toHex(parseEther('0.02')) }] },
    ])
    expect(sent.result.id).toMatch(/^0x[0-9a-f]{64}$/)
    let status: any
    await expect
      .poll(async () => (status = (await rpc(token, 'wallet_getCallsStatus', [sent.result.id])).result).status, { timeout: 60_000, interval: 200 })
      .toBe(200)
    expect(status).toMatchObject({ version: '2.0.0', id: sent.result.id, chainId: '0x7a69', atomic: true })
    expect(status.receipts).toHaveLength(1)
    expect(status.receipts[0].status).toBe('0x1')
    const tx = await client.getTransactionReceipt({ hash: status.receipts[0].transactionHash })
    expect(tx.status).toBe('success')
    expect(await client.getBalance({ address: a })).toBe(parseEther('0.01'))
    expect(await client.getBalance({ address: b })).toBe(parseEther('0.02'))
    // An id this account never sent.
    expect((await rpc(token, 'wallet_getCallsStatus', [`0x${'11'.repeat(32)}`])).error.code).toBe(5730)
  }, 120_000)

  it('SPEC §8 5700 to 5760: EIP-5792 refusals before anything is signed, and a dapp-chosen id', async () => {
    const call1 = [{ to: SINK, value: '0x1' }]
    const base = { version: '2.0.0', chainId: '0x7a69', from: smart }
    expect((await rpc(token, 'wallet_sendCalls', [{ ...base, calls: call1, capabilities: { auxiliaryFunds: { supported: true } } }])).error.code).toBe(5700)
    expect((await rpc(token, 'wallet_sendCalls', [{ ...base, chainId: '0x1', calls: call1 }])).error.code).toBe(5710)
    expect((await rpc(token, 'wallet_sendCalls', [{ ...base, calls: Array.from({ length: 21 }, () => call1[0]) }])).error.code).toBe(5740)
    const id = `dapp-bundle-${Date.now()}`
    const sent = await rpc(token, 'wallet_sendCalls', [{ ...base, id, calls: call1, capabilities: { auxiliaryFunds: { optional: true } } }])
    expect(sent.result.id).toBe(id)
    await expect.poll(async () => (await rpc(token, 'wallet_getCallsStatus', [id])).result?.status, { timeout: 60_000, interval: 200 }).toBe(200)
    expect((await rpc(token, 'wallet_sendCalls', [{ ...base, id, calls: call1 }])).error.code).toBe(5720)
  }, 120_000)

  it('wallet_grantPermissions records a session at the API server; wallet_revokePermissions removes it', async () => {
    const caip = `eip155:31337:${getAddress(smart)}`
    const expiry = Math.floor(Date.now() / 1000) + 3600
    const request = {
      chainId: '0x7a69',
      expiry,
      signer: { type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey: '0x02aa' }] } },
      permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x2386f26fc10000', start: 1, period: 86400 }, policies: [] }],
    }
    const granted = await rpc(token, 'wallet_grantPermissions', [request])
    expect(granted.result).toMatchObject({ ...request, address: smart })
    const pci = granted.result.context as string
    expect(pci).toMatch(/^0x[0-9a-f]{64}$/)
    const list = async () => ((await (await fetch(`${api.url}/v1/sessions/${caip}?projectId=${PROJECT}`)).json()) as { pcis: Array<{ pci: string }> }).pcis.map((s) => s.pci)
    expect(await list()).toEqual([pci])
    expect(await rpc(token, 'wallet_revokePermissions', [{ permissionContext: pci }])).toEqual({ result: {} })
    expect(await list()).toEqual([])
  })

  it('a bundler that answers an HTTP error gives "Failed to fetch user operation receipt - {status}" with that status', async () => {
    const stub = createServer((_req, res) => res.writeHead(503, { 'content-type': 'text/plain' }).end('busy'))
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r))
    try {
      const smartAccounts = createSmartAccounts({
        chainIds: [31337],
        contracts: { 31337: chains.deployment.chains[31337]!.contracts },
        bundlerUrl: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
        evmRpcUrls: { 31337: rpcUrl },
      })
      const noKeys = { evm: () => { throw new Error('no key needed') }, solana: () => { throw new Error('no key needed') } }
      const err = await smartAccounts
        .call('wallet_getCallsStatus', [`0x${'22'.repeat(32)}`], 31337, { eip155Address: eoa, solanaAddress: '' }, noKeys, PROJECT)
        .catch((e: unknown) => e)
      expect(err).toBeInstanceOf(RpcError)
      expect((err as RpcError).message).toBe('Failed to fetch user operation receipt - 503')
    } finally {
      await new Promise<void>((r) => stub.close(() => r()))
    }
  })

  it('a bundler that cannot be reached at submission answers SPEC §8 "Network Error"', async () => {
    // A port that was free a moment ago and has no listener now.
    const probe = createServer()
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r))
    const port = (probe.address() as AddressInfo).port
    await new Promise<void>((r) => probe.close(() => r()))
    const smartAccounts = createSmartAccounts({
      chainIds: [31337],
      contracts: { 31337: chains.deployment.chains[31337]!.contracts },
      bundlerUrl: `http://127.0.0.1:${port}`,
      evmRpcUrls: { 31337: rpcUrl },
    })
    const key = randomBytes(32)
    const owner = privateKeyToAccount(toHex(key)).address
    const keys = { evm: () => key, solana: () => { throw new Error('no key needed') } }
    const err = await smartAccounts
      .call('eth_sendTransaction', [{ to: owner, value: '0x1' }], 31337, { eip155Address: owner, solanaAddress: '' }, keys, PROJECT, parseSigningRequest('eth_sendTransaction', [{ to: owner, value: '0x1' }]))
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RpcError)
    expect((err as RpcError).message).toBe('Network Error')
  })

  it('back to the EOA: sends go as plain transactions from the EOA again', async () => {
    expect((await call('POST', '/api/preferred-account', { token, body: { type: 'eoa', chainId: 31337 } })).body).toEqual({ type: 'eoa', address: eoa })
    expect(await rpc(token, 'eth_accounts', [])).toEqual({ result: [eoa] })
    expect((await rpc(token, 'wallet_sendCalls', [{ calls: [{ to: SINK }] }])).error.code).toBe(4200)
    // EIP-5792: an atomic batch cannot run on the EOA.
    expect((await rpc(token, 'wallet_sendCalls', [{ atomicRequired: true, calls: [{ to: SINK }] }])).error.code).toBe(5760)
  })
})

describe('Farcaster sign-in', () => {
  const appClient = () => createAppClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl }) })

  /** The person taps "Sign in as @name" on the demo Farcaster app's page. */
  async function approveInApp(url: string, username: string): Promise<void> {
    const page = await fetch(url)
    expect(await page.text()).toContain(`Sign in as @${username}`)
    const res = await fetch(new URL('/app/approve', relay.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channelToken: new URL(url).searchParams.get('channelToken')!, username }),
    })
    expect(res.status).toBe(200)
  }

  let aliceAddress: string

  it('the URI comes from a relay channel; connect is pending until the app approves, then yields the fid and username', async () => {
    const ch = await call('POST', '/api/farcaster/channel', { body: {} })
    expect(ch.status).toBe(200)
    const url = new URL(ch.body.url)
    expect(url.searchParams.get('channelToken')).toBeTruthy()
    const status = await appClient().status({ channelToken: url.searchParams.get('channelToken')! })
    expect(status.data?.state).toBe('pending')
    // The SIWF domain and uri are the host origin's.
    expect(url.searchParams.get('domain')).toBe('localhost:5173')
    expect(url.searchParams.get('siweUri')).toBe(`${HOST}/`)

    expect((await call('POST', '/api/farcaster/connect', { body: { channelId: ch.body.channelId } })).body).toEqual({ status: 'pending' })
    await approveInApp(ch.body.url, 'alice')
    const done = await call('POST', '/api/farcaster/connect', { body: { channelId: ch.body.channelId } })
    expect(done.status).toBe(200)
    const alice = relay.users.find((u) => u.username === 'alice')!
    expect(done.body.status).toBe('completed')
    expect(done.body.user).toMatchObject({ userName: 'alice', fid: alice.fid, avatar: alice.pfpUrl, preferredAccountType: 'eoa' })
    expect(done.body.user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The user's own wallet, not the Farcaster custody key.
    expect(done.body.user.address.toLowerCase()).not.toBe(alice.custody.toLowerCase())
    aliceAddress = done.body.user.address
    expect((await call('GET', '/api/user', { token: done.body.token })).body.userName).toBe('alice')
    // The channel answered once.
    expect((await call('POST', '/api/farcaster/connect', { body: { channelId: ch.body.channelId } })).body.error).toBe('Failed to connect to farcaster')
  })

  it('signing in again with the same fid finds the same user', async () => {
    const ch = await call('POST', '/api/farcaster/channel', { body: {} })
    await approveInApp(ch.body.url, 'alice')
    const done = await call('POST', '/api/farcaster/connect', { body: { channelId: ch.body.channelId } })
    expect(done.body.user.address).toBe(aliceAddress)
  })

  it('a message signed by a key that does not own the fid is refused: "Failed to connect to farcaster"', async () => {
    const ch = await call('POST', '/api/farcaster/channel', { body: {} })
    const channelToken = new URL(ch.body.url).searchParams.get('channelToken')!
    const nonce = new URL(ch.body.url).searchParams.get('nonce')
    const domain = new URL(ch.body.url).searchParams.get('domain')
    const impostor = privateKeyToAccount(generatePrivateKey())
    const alice = relay.users.find((u) => u.username === 'alice')!
    const wallet = createWalletClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl }) })
    const { message } = buildSignInMessage(wallet, { address: impostor.address, fid: alice.fid, uri: `${HOST}/`, domain: domain!, nonce: nonce! })
    const signature = await impostor.signMessage({ message: message as string })
    const sent = await authenticate(wallet, { channelToken, authKey: relay.authKey, message, signature, fid: alice.fid, username: 'alice' } as Parameters<typeof authenticate>[1])
    expect(sent.isError).toBe(false)
    const res = await call('POST', '/api/farcaster/connect', { body: { channelId: ch.body.channelId } })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Failed to connect to farcaster')
    expect(res.body.token).toBeUndefined()
  })

  it('an unknown channel id fails with the SPEC text', async () => {
    const res = await call('POST', '/api/farcaster/connect', { body: { channelId: 'nope' } })
    expect(res.body).toEqual({ error: 'Failed to connect to farcaster', code: 'FARCASTER_FAILED' })
  })
})

describe('keys', () => {
  it('no reply of the smart-account and Farcaster flows carried a user key, in any encoding', async () => {
    const data = await site.exportState()
    const k = deriveKey(parseMasterKey(MASTER), 'wallet-keys')
    const users = Object.values(data.users)
    expect(users.length).toBeGreaterThanOrEqual(3)
    expect(users.some((u) => u.farcaster?.username === 'alice')).toBe(true)
    expect(users.some((u) => u.preferredAccountType === 'eoa')).toBe(true)
    const all = seen.join('\n').toLowerCase()
    expect(seen.length).toBeGreaterThan(40)
    for (const u of users) {
      const evm = open(k, u.sealedKeys.eip155, `${u.id}:eip155`)
      const solana = open(k, u.sealedKeys.solana, `${u.id}:solana`)
      for (const f of [Buffer.from(evm).toString('hex'), Buffer.from(solana).toString('hex'), base64.encode(evm), base64.encode(solana), base58.encode(solana)])
        expect(all).not.toContain(f.toLowerCase())
    }
  })
})
