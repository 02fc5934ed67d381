import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { authenticate, buildSignInMessage, createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client'
import { startDevChains, type DevChains } from '../chain/index.ts'
import { startFarcasterRelay, type FarcasterRelay } from './index.ts'

let chains: DevChains
let relay: FarcasterRelay
let clock = Date.parse('2026-11-23T10:00:00Z')
const domain = 'localhost:5173'
const siweUri = 'http://localhost:5173/'

beforeAll(async () => {
  chains = await startDevChains({ chains: [{ chainId: 31337, name: 'Portico Local' }] })
  relay = await startFarcasterRelay({ rpcUrl: chains.chains[0]!.rpcUrl, now: () => clock })
}, 120_000)
afterAll(async () => {
  await relay?.stop()
  await chains?.stop()
})

const appClient = () => createAppClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl: chains.chains[0]!.rpcUrl }) })

/** The person taps "Sign in as @alice" on the demo Farcaster app's page (a plain form post). */
async function approveInApp(url: string, username: string): Promise<Response> {
  const pageUrl = new URL(url)
  const page = await fetch(pageUrl)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain(`Sign in as @${username}`)
  return fetch(new URL('/app/approve', relay.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ channelToken: pageUrl.searchParams.get('channelToken')!, username }),
  })
}

describe('stack/farcaster: auth relay, registries on the dev chain, demo app', () => {
  it('registers the demo users in the IdRegistry with distinct fids', () => {
    expect(relay.users.map((u) => u.username)).toEqual(['alice', 'bob'])
    expect(new Set(relay.users.map((u) => u.fid)).size).toBe(2)
    expect(relay.users.every((u) => u.fid > 0)).toBe(true)
  })

  it('a sign-in through the channel API completes after the app approves, and auth-client verifies it against the registry', async () => {
    const app = appClient()
    const channel = await app.createChannel({ siweUri, domain })
    expect(channel.isError).toBe(false)
    const { channelToken, url, nonce } = channel.data!
    expect(new URL(url).searchParams.get('channelToken')).toBe(channelToken)

    const pending = await app.status({ channelToken })
    expect(pending.response.status).toBe(202)
    expect(pending.data?.state).toBe('pending')

    expect((await approveInApp(url, 'alice')).status).toBe(200)
    const done = await app.watchStatus({ channelToken, interval: 50, timeout: 10_000 })
    expect(done.data?.state).toBe('completed')
    const alice = relay.users.find((u) => u.username === 'alice')!
    expect(done.data?.fid).toBe(alice.fid)
    expect(done.data?.username).toBe('alice')
    expect(done.data?.displayName).toBe('Alice Portico')

    const verified = await app.verifySignInMessage({ nonce, domain, message: done.data!.message!, signature: done.data!.signature! })
    expect(verified.isError).toBe(false)
    expect(verified.success).toBe(true)
    expect(verified.fid).toBe(alice.fid)
    // A different nonce (another sign-in) does not verify.
    const other = await app.verifySignInMessage({ nonce: 'someothernonce1', domain, message: done.data!.message!, signature: done.data!.signature! })
    expect(other.isError).toBe(true)
  })

  it('a message signed by a key that does not own the fid is refused by verification', async () => {
    const app = appClient()
    const { channelToken, nonce } = (await app.createChannel({ siweUri, domain })).data!
    const impostor = privateKeyToAccount(generatePrivateKey())
    const alice = relay.users.find((u) => u.username === 'alice')!
    const wallet = createWalletClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl: chains.chains[0]!.rpcUrl }) })
    const { message } = buildSignInMessage(wallet, { address: impostor.address, fid: alice.fid, uri: siweUri, domain, nonce })
    const signature = await impostor.signMessage({ message })
    const result = await authenticate(wallet, { channelToken, authKey: relay.authKey, message, signature, fid: alice.fid, username: 'alice' } as Parameters<typeof authenticate>[1])
    expect(result.isError).toBe(false)
    const verified = await app.verifySignInMessage({ nonce, domain, message, signature })
    expect(verified.isError).toBe(true)
    expect(String(verified.error?.message)).toMatch(/not an auth address or owner of fid/)
  })

  it('authenticate needs the relay key and a message for this channel; status needs a live channel token', async () => {
    const app = appClient()
    const { channelToken, nonce } = (await app.createChannel({ siweUri, domain })).data!
    const post = (headers: Record<string, string>, body: unknown) =>
      fetch(`${relay.url}/v1/channel/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${channelToken}`, ...headers }, body: JSON.stringify(body) })
    expect((await post({}, { message: 'x', signature: '0x00', fid: 1 })).status).toBe(401)
    const wallet = createWalletClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl: chains.chains[0]!.rpcUrl }) })
    const wrong = buildSignInMessage(wallet, { address: relay.users[0]!.custody, fid: relay.users[0]!.fid, uri: siweUri, domain: 'evil.example', nonce })
    expect((await post({ 'x-farcaster-auth-relay-key': relay.authKey }, { message: wrong.message, signature: '0x00', fid: relay.users[0]!.fid })).status).toBe(400)
    expect((await post({ 'x-farcaster-auth-relay-key': relay.authKey }, [1, 2])).status).toBe(400)
    const unknown = await fetch(`${relay.url}/v1/channel/status`, { headers: { authorization: 'Bearer not-a-channel' } })
    expect(unknown.status).toBe(401)
    expect((await fetch(`${relay.url}/v1/channel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ domain }) })).status).toBe(400)
  })

  it('a channel expires after five minutes', async () => {
    const app = appClient()
    const { channelToken } = (await app.createChannel({ siweUri, domain })).data!
    expect((await app.status({ channelToken })).response.status).toBe(202)
    clock += 300_001
    const res = await fetch(`${relay.url}/v1/channel/status`, { headers: { authorization: `Bearer ${channelToken}` } })
    expect(res.status).toBe(401)
  })

  it('the app page escapes what the channel carries', async () => {
    const app = appClient()
    const { url } = (await app.createChannel({ siweUri: 'http://localhost:5173/<script>alert(1)</script>', domain })).data!
    const html = await (await fetch(url)).text()
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('&#60;script&#62;')
  })
})
