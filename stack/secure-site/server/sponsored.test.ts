/**
 * Sponsored gas through the secure site (issue 29 part 1, docs/SPONSORED-GAS.md) against real parts: the EVM dev
 * chain (EntryPoint v0.8, PorticoAccountFactory, PorticoPaymaster, seeded tokens), the Alto bundler, the stack's
 * ERC-7677 sponsor service and the mail sink for email logins. Runs in order.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeFunctionData, erc20Abi, maxUint256, type Address, type Hex, type PublicClient } from 'viem'
import { addressedTo, type MailSink } from '../../mail/index.ts'
import { devSponsorPolicies, parsePolicies, startSponsor, type Sponsor } from '../../sponsor/index.ts'
import { startSecureSite, type SecureSite } from './index.ts'
import { startSmartAccountParts, TEST_HOST as HOST, type DevContracts, type SmartAccountParts } from './test-site.fixtures.ts'

const PROJECT = 'sponsored-test'
const SPENDER: Address = '0x000000000000000000000000000000000000bEEF'

let parts: SmartAccountParts
let mail: MailSink
let sponsor: Sponsor
let site: SecureSite
let client: PublicClient
let contracts: DevContracts
let offsetMs = 0

type Res = { status: number; body: any }

async function call(path: string, body: unknown, token?: string): Promise<Res> {
  const headers: Record<string, string> = { 'x-portico-project-id': PROJECT, 'x-portico-host-origin': HOST, 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const res = await fetch(`${site.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}

async function emailLogin(email: string): Promise<string> {
  offsetMs += 31_000
  const device = randomBytes(12).toString('base64url')
  const since = new Date().toISOString()
  await call('/api/email/connect', { email, deviceId: device })
  const m = await mail.waitFor((x) => addressedTo(x, email) && x.subject === 'Your Portico login code' && x.receivedAt >= since, 15_000)
  const r = await call('/api/email/otp', { email, otp: /\b(\d{6})\b/.exec(m.text)![1], deviceId: device })
  expect(r.status).toBe(200)
  return r.body.token as string
}

const approveData = (spender: Address = SPENDER): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] })

beforeAll(async () => {
  parts = await startSmartAccountParts('sponsored')
  ;({ mail, client, contracts } = parts)
  const policies = {
    ...devSponsorPolicies(PROJECT, contracts),
    // A dapp's own paymaster project (wallet_sendCalls capability): DAI only, its own name.
    ...parsePolicies({ projects: { 'dapp-project': { name: 'Dapp Sponsor', contracts: [{ address: contracts.dai18, methods: '*' }], perUserGasPerDay: '5000000', perProjectGasPerDay: '50000000' } } }),
  }
  sponsor = await startSponsor({ chains: [{ chainId: 31337, entryPoint: contracts.entryPoint, paymaster: contracts.verifyingPaymaster }], policies })
  site = await startSecureSite({ ...parts.siteOptions(PROJECT), sponsorUrl: sponsor.url, clock: () => Date.now() + offsetMs })
}, 240_000)

afterAll(async () => {
  await Promise.allSettled([site?.stop(), sponsor?.stop()])
  await parts?.stop()
})

describe('issue 29: the smart account uses the ERC-7677 sponsor', () => {
  let token: string
  let smart: Address
  const rpc = async (method: string, params: unknown, extra: Record<string, unknown> = {}) =>
    (await call('/api/rpc', { method, params, chainId: 31337, approved: true, ...extra }, token)).body
  const quote = async (method: string, params: unknown, extra: Record<string, unknown> = {}) =>
    (await call('/api/sponsorship', { method, params, chainId: 31337, ...extra }, token)).body

  it('EOA: no sponsorship, no paymasterService capability; the smart account reports paymasterService (EIP-5792)', async () => {
    token = await emailLogin('payer@example.com')
    const eoa = (await rpc('eth_accounts', [])).result[0] as Address
    expect(await quote('eth_sendTransaction', [{ to: contracts.usdc6, data: approveData() }])).toEqual({ status: 'none' })
    expect(await rpc('wallet_getCapabilities', [eoa, ['0x7a69']])).toEqual({ result: { '0x7a69': { atomic: { status: 'unsupported' } } } })
    smart = (await call('/api/preferred-account', { type: 'smartAccount', chainId: 31337 }, token)).body.address
    expect(await rpc('wallet_getCapabilities', [smart, ['0x7a69']])).toEqual({ result: { '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } } } })
    expect(await client.getBalance({ address: smart })).toBe(0n)
  })

  it('a call in the policy is sponsored (the stub names the sponsor); a call to another target is refused with the policy text', async () => {
    expect(await quote('eth_sendTransaction', [{ to: contracts.usdc6, data: approveData() }])).toEqual({ status: 'sponsored', name: 'Portico Demo' })
    const outside = await quote('eth_sendTransaction', [{ to: SPENDER, value: '0x0' }])
    expect(outside.status).toBe('refused')
    expect(outside.message).toMatch(/^calls to 0x000000000000000000000000000000000000bEEF are not sponsored: the policy sponsors calls to 0x/)
  })

  it('a 0-ETH smart account sends a sponsored operation: it lands, deploys the account, the balance stays 0, the budget is charged', async () => {
    const { result: hash, error } = await rpc('eth_sendTransaction', [{ to: contracts.usdc6, data: approveData() }], { sponsored: true })
    expect(error).toBeUndefined()
    const receipt = await client.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect((await client.getCode({ address: smart }))?.length).toBeGreaterThan(2)
    expect(await client.readContract({ address: contracts.usdc6, abi: erc20Abi, functionName: 'allowance', args: [smart, SPENDER] })).toBe(maxUint256)
    expect(await client.getBalance({ address: smart })).toBe(0n)
    expect(sponsor.gasUsedToday(PROJECT, smart) > 0n).toBe(true)
  })

  it('without the sponsored flag (the user saw the fallback) the account pays, and with 0 ETH the bundler refuses it', async () => {
    const { error } = await rpc('eth_sendTransaction', [{ to: contracts.usdc6, data: approveData('0x000000000000000000000000000000000000c0DE') }])
    expect(error.code).toBe(-32603)
    expect(error.message).toMatch(/AA21|prefund|funds/i)
  })

  it("wallet_sendCalls' paymasterService capability URL is the one called (ERC-7677), before the host's and the site's", async () => {
    const capabilities = { paymasterService: { url: `${sponsor.url}/dapp-project` } }
    const calls = [{ to: contracts.dai18, data: approveData() }]
    const send = { version: '2.0.0', chainId: '0x7a69', from: smart, atomicRequired: true, calls, capabilities }
    expect(await quote('wallet_sendCalls', [send], { paymasterUrl: `${sponsor.url}/nobody` })).toEqual({ status: 'sponsored', name: 'Dapp Sponsor' })
    const usdcQuote = await quote('wallet_sendCalls', [{ ...send, calls: [{ to: contracts.usdc6, data: approveData() }] }])
    expect(usdcQuote.status).toBe('refused') // the dapp's project sponsors DAI only
    const before = sponsor.gasUsedToday('dapp-project')
    const { result, error } = await rpc('wallet_sendCalls', [send], { sponsored: true })
    expect(error).toBeUndefined()
    let status: any
    for (let i = 0; i < 200 && status?.result?.status !== 200; i++) {
      status = await rpc('wallet_getCallsStatus', [result.id])
      if (status?.result?.status !== 200) await new Promise((r) => setTimeout(r, 100))
    }
    expect(status.result.status).toBe(200)
    expect(sponsor.gasUsedToday('dapp-project') > before).toBe(true)
    expect(await client.getBalance({ address: smart })).toBe(0n)
  })

  it("the host's paymasterUrl is used over the site's sponsor; a bad one is refused by name, never called", async () => {
    expect(await quote('eth_sendTransaction', [{ to: contracts.usdc6, data: approveData() }], { paymasterUrl: `${sponsor.url}/nobody` })).toEqual({
      status: 'refused',
      message: 'project "nobody" has no sponsorship policy',
    })
    expect(await quote('eth_sendTransaction', [{ to: contracts.usdc6, data: approveData() }], { paymasterUrl: 'ftp://pm.example/x' })).toEqual({
      status: 'refused',
      message: 'Invalid params: paymasterUrl must be an http(s) URL',
    })
    const bad = await rpc('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: contracts.dai18, data: approveData() }], capabilities: { paymasterService: { url: 'http://user:pw@127.0.0.1/x' } } }], { sponsored: true })
    expect(bad.error).toEqual({ code: -32602, message: 'Invalid params: capabilities.paymasterService.url must not carry credentials' })
  })

  it('approved as sponsored but refused at signing: the error is the sponsor\'s, the user is not charged instead', async () => {
    const { error } = await rpc('eth_sendTransaction', [{ to: SPENDER, value: '0x0' }], { sponsored: true })
    expect(error.code).toBe(-32603)
    expect(error.message).toMatch(/calls to 0x000000000000000000000000000000000000bEEF are not sponsored/)
  })
})
