/**
 * The stack's Farcaster sign-in: an auth relay speaking the channel API that `@farcaster/auth-client` uses
 * (`POST /v1/channel`, `GET /v1/channel/status`, `POST /v1/channel/authenticate`), Farcaster's IdRegistry and
 * KeyRegistry reads on the dev chain at their OP mainnet addresses, and a small "Farcaster app" page
 * (`/app/siwf?channelToken=`) where a demo user approves a request: the page's server signs the SIWF message with the
 * user's custody key (registered in the IdRegistry), so the app's verification is real. See README.md.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createPublicClient, createWalletClient, http, parseEther, toHex, type Address, type Hex } from 'viem'
import { mnemonicToAccount, type HDAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { authenticate, buildSignInMessage, createWalletClient as createFarcasterWallet, viemConnector } from '@farcaster/auth-client'
import { compileSolidityFile } from '../chain/compile.ts'

/** Farcaster's registries on OP mainnet; auth-client reads them there (idOf, keyDataOf). */
export const ID_REGISTRY_ADDRESS: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
export const KEY_REGISTRY_ADDRESS: Address = '0x00000000fc1237824fb747abde0ff18990e59b7e'
const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
/** Channels expire like the hosted relay's: a sign-in not completed in time must start over. */
export const CHANNEL_TTL_MS = 5 * 60_000
const MAX_BODY = 16 * 1024
const MAX_CHANNELS = 10_000

export interface FarcasterUser {
  fid: number
  username: string
  displayName: string
  bio: string
  pfpUrl: string
  custody: Address
}

const DEMO_USERS: ReadonlyArray<{ username: string; displayName: string; bio: string; color: string; index: number }> = [
  { username: 'alice', displayName: 'Alice Portico', bio: 'Demo Farcaster user on the local stack', color: '#8a63d2', index: 40 },
  { username: 'bob', displayName: 'Bob Portico', bio: 'Second demo Farcaster user', color: '#0f9d75', index: 41 },
]

const avatar = (letter: string, color: string): string =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="32" fill="${color}"/><text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`).toString('base64')}`

const here = dirname(fileURLToPath(import.meta.url))

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** Puts the two registries' code at their OP mainnet addresses on a dev chain (anvil_setCode; idempotent). */
export async function installFarcasterRegistries(rpcUrl: string): Promise<void> {
  const compiled = compileSolidityFile(join(here, 'FarcasterRegistries.sol'), ['DevIdRegistry', 'DevKeyRegistry'])
  const has = async (a: Address) => ((await rpc(rpcUrl, 'eth_getCode', [a, 'latest'])) as string) !== '0x'
  if (!(await has(ID_REGISTRY_ADDRESS))) await rpc(rpcUrl, 'anvil_setCode', [ID_REGISTRY_ADDRESS, compiled.DevIdRegistry.deployedBytecode])
  if (!(await has(KEY_REGISTRY_ADDRESS))) await rpc(rpcUrl, 'anvil_setCode', [KEY_REGISTRY_ADDRESS, compiled.DevKeyRegistry.deployedBytecode])
}

const idRegistryAbi = [
  { type: 'function', name: 'idOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'register', stateMutability: 'nonpayable', inputs: [{ name: 'recovery', type: 'address' }], outputs: [{ name: 'fid', type: 'uint256' }] },
] as const

/** Registers `custody` in the dev IdRegistry (the custody sends the transaction, as with the real IdGateway); returns its fid. */
export async function registerCustody(rpcUrl: string, custody: HDAccount): Promise<number> {
  const client = createPublicClient({ transport: http(rpcUrl) })
  const known = await client.readContract({ address: ID_REGISTRY_ADDRESS, abi: idRegistryAbi, functionName: 'idOf', args: [custody.address] })
  if (known > 0n) return Number(known)
  await rpc(rpcUrl, 'anvil_setBalance', [custody.address, toHex(parseEther('1'))])
  const chainId = await client.getChainId()
  const wallet = createWalletClient({ account: custody, transport: http(rpcUrl), chain: { id: chainId, name: 'dev', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } } })
  const hash = await wallet.writeContract({ address: ID_REGISTRY_ADDRESS, abi: idRegistryAbi, functionName: 'register', args: [custody.address] })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success') throw new Error(`IdRegistry.register reverted for ${custody.address}`)
  return Number(await client.readContract({ address: ID_REGISTRY_ADDRESS, abi: idRegistryAbi, functionName: 'idOf', args: [custody.address] }))
}

interface Channel {
  token: string
  nonce: string
  url: string
  domain: string
  siweUri: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
  redirectUrl?: string
  createdAt: number
  completed?: Record<string, unknown>
}

export interface FarcasterRelayOptions {
  /** The dev chain the registries live on. */
  rpcUrl: string
  port?: number
  /** The key the Farcaster app sends in X-Farcaster-Auth-Relay-Key (default: random, exposed as `authKey`). */
  authKey?: string
  now?: () => number
}

export interface FarcasterRelay {
  url: string
  /** The demo Farcaster app's sign-in page for a channel: `${appUrl}?channelToken=`. */
  appUrl: string
  authKey: string
  users: FarcasterUser[]
  stop(): Promise<void>
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new HttpError(413, 'Body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
  res.end(JSON.stringify(body))
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; form-action 'self'" })
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#1d1d1f}h1{font-size:22px}button{display:flex;align-items:center;gap:12px;width:100%;padding:12px;margin:8px 0;border:1px solid #ccc;border-radius:12px;background:#fff;font:inherit;cursor:pointer}img{width:40px;height:40px;border-radius:20px}.muted{color:#555}</style></head><body>${body}</body></html>`)
}

const optionalString = (v: unknown, name: string, max = 500): string | undefined => {
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string' || v.length > max) throw new HttpError(400, `${name} must be a string`)
  return v
}

export async function startFarcasterRelay(opts: FarcasterRelayOptions): Promise<FarcasterRelay> {
  const now = opts.now ?? Date.now
  const authKey = opts.authKey ?? randomBytes(24).toString('base64url')
  await installFarcasterRegistries(opts.rpcUrl)
  const custodies = DEMO_USERS.map((u) => ({ ...u, account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: u.index }) }))
  const users: Array<FarcasterUser & { account: HDAccount }> = []
  for (const u of custodies) {
    const fid = await registerCustody(opts.rpcUrl, u.account)
    users.push({ fid, username: u.username, displayName: u.displayName, bio: u.bio, pfpUrl: avatar(u.username[0]!.toUpperCase(), u.color), custody: u.account.address, account: u.account })
  }

  const channels = new Map<string, Channel>()
  let base = ''
  const live = (token: string | undefined): Channel => {
    const channel = token ? channels.get(token) : undefined
    if (!channel || now() - channel.createdAt > CHANNEL_TTL_MS) {
      if (channel) channels.delete(channel.token)
      throw new HttpError(401, 'Unauthorized')
    }
    return channel
  }
  const bearer = (req: IncomingMessage): string | undefined => /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1]

  const createChannel = (body: Record<string, unknown>): Channel => {
    const siweUri = optionalString(body.siweUri, 'siweUri')
    const domain = optionalString(body.domain, 'domain', 253)
    if (!siweUri || !URL.canParse(siweUri)) throw new HttpError(400, 'siweUri must be a URL')
    if (!domain) throw new HttpError(400, 'domain is required')
    const nonce = optionalString(body.nonce, 'nonce', 96) ?? randomBytes(12).toString('hex')
    if (!/^[a-zA-Z0-9]{8,}$/.test(nonce)) throw new HttpError(400, 'nonce must be at least 8 alphanumeric characters')
    if (channels.size >= MAX_CHANNELS) {
      for (const [t, c] of channels) if (now() - c.createdAt > CHANNEL_TTL_MS) channels.delete(t)
      if (channels.size >= MAX_CHANNELS) throw new HttpError(429, 'Too many open channels')
    }
    const token = randomUUID()
    const params = new URLSearchParams({ channelToken: token, nonce, siweUri, domain })
    const channel: Channel = {
      token,
      nonce,
      url: `${base}/app/siwf?${params}`,
      domain,
      siweUri,
      notBefore: optionalString(body.notBefore, 'notBefore'),
      expirationTime: optionalString(body.expirationTime, 'expirationTime'),
      requestId: optionalString(body.requestId, 'requestId'),
      redirectUrl: optionalString(body.redirectUrl, 'redirectUrl'),
      createdAt: now(),
    }
    channels.set(token, channel)
    return channel
  }

  const complete = (channel: Channel, body: Record<string, unknown>): void => {
    const message = optionalString(body.message, 'message', 4000)
    const signature = optionalString(body.signature, 'signature', 20_000)
    if (!message || !signature || !/^0x[0-9a-fA-F]+$/.test(signature)) throw new HttpError(400, 'message and signature are required')
    if (typeof body.fid !== 'number' || !Number.isInteger(body.fid) || body.fid <= 0) throw new HttpError(400, 'fid must be a positive integer')
    const parsed = parseSiweMessage(message)
    if (parsed.nonce !== channel.nonce || parsed.domain !== channel.domain) throw new HttpError(400, 'The message does not match the channel (nonce, domain)')
    channel.completed = {
      message,
      signature,
      fid: body.fid,
      username: optionalString(body.username, 'username', 64),
      bio: optionalString(body.bio, 'bio'),
      displayName: optionalString(body.displayName, 'displayName', 64),
      pfpUrl: optionalString(body.pfpUrl, 'pfpUrl', 4000),
      verifications: Array.isArray(body.verifications) ? body.verifications.filter((v) => typeof v === 'string').slice(0, 10) : [],
      custody: optionalString(body.custody, 'custody', 42),
    }
  }

  const state = (channel: Channel) =>
    channel.completed
      ? { state: 'completed', nonce: channel.nonce, url: channel.url, ...channel.completed }
      : { state: 'pending', nonce: channel.nonce, url: channel.url }

  /** The demo app signs in as a demo user: builds the SIWF message, signs with the custody key, authenticates. */
  const approve = async (channel: Channel, user: (typeof users)[number]): Promise<void> => {
    const wallet = createFarcasterWallet({ relay: base, ethereum: viemConnector({ rpcUrl: opts.rpcUrl }) })
    const { message } = buildSignInMessage(wallet, {
      address: user.custody,
      fid: user.fid,
      uri: channel.siweUri,
      domain: channel.domain,
      nonce: channel.nonce,
      ...(channel.notBefore && { notBefore: new Date(channel.notBefore) }),
      ...(channel.expirationTime && { expirationTime: new Date(channel.expirationTime) }),
      ...(channel.requestId && { requestId: channel.requestId }),
    })
    const signature = await user.account.signMessage({ message })
    const result = await authenticate(wallet, {
      channelToken: channel.token,
      authKey,
      message,
      signature,
      fid: user.fid,
      username: user.username,
      bio: user.bio,
      displayName: user.displayName,
      pfpUrl: user.pfpUrl,
      verifications: [],
      custody: user.custody,
    } as Parameters<typeof authenticate>[1])
    if (result.isError) throw new HttpError(502, `authenticate failed: ${String(result.error?.message ?? result.error)}`)
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'content-type, authorization, x-farcaster-auth-relay-key',
        })
        return res.end()
      }
      const parseJson = async (): Promise<Record<string, unknown>> => {
        try {
          const v = JSON.parse((await readBody(req)) || '{}') as unknown
          if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object')
          return v as Record<string, unknown>
        } catch (e) {
          if (e instanceof HttpError) throw e
          throw new HttpError(400, 'Body must be a JSON object')
        }
      }
      if (req.method === 'POST' && url.pathname === '/v1/channel') {
        const channel = createChannel(await parseJson())
        return json(res, 201, { channelToken: channel.token, url: channel.url, connectUri: channel.url, nonce: channel.nonce })
      }
      if (req.method === 'GET' && url.pathname === '/v1/channel/status') {
        const channel = live(bearer(req))
        return json(res, channel.completed ? 200 : 202, state(channel))
      }
      if (req.method === 'POST' && url.pathname === '/v1/channel/authenticate') {
        if (req.headers['x-farcaster-auth-relay-key'] !== authKey) throw new HttpError(401, 'Unauthorized')
        const channel = live(bearer(req))
        complete(channel, await parseJson())
        return json(res, 201, state(channel))
      }
      if (req.method === 'GET' && url.pathname === '/app/siwf') {
        const channel = live(url.searchParams.get('channelToken') ?? undefined)
        if (channel.completed) return page(res, 200, 'Farcaster', '<h1>Already signed in</h1><p class="muted">You can return to the app.</p>')
        const buttons = users
          .map(
            (u) =>
              `<form method="post" action="/app/approve"><input type="hidden" name="channelToken" value="${escapeHtml(channel.token)}"><input type="hidden" name="username" value="${escapeHtml(u.username)}"><button type="submit"><img src="${escapeHtml(u.pfpUrl)}" alt=""><span>Sign in as @${escapeHtml(u.username)} <span class="muted">(fid ${u.fid})</span></span></button></form>`,
          )
          .join('')
        return page(res, 200, 'Farcaster: sign in', `<h1>Sign in to ${escapeHtml(channel.domain)}</h1><p class="muted">${escapeHtml(channel.siweUri)} asks you to sign in with Farcaster.</p>${buttons}`)
      }
      if (req.method === 'POST' && url.pathname === '/app/approve') {
        const form = new URLSearchParams(await readBody(req))
        const channel = live(form.get('channelToken') ?? undefined)
        const user = users.find((u) => u.username === form.get('username'))
        if (!user) throw new HttpError(400, 'Unknown user')
        await approve(channel, user)
        return page(res, 200, 'Farcaster: signed in', `<h1>Signed in as @${escapeHtml(user.username)}</h1><p class="muted">You can return to ${escapeHtml(channel.domain)}.</p>`)
      }
      throw new HttpError(404, 'Not found')
    })().catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500
      const message = error instanceof HttpError ? error.message : 'Internal error'
      if (!res.headersSent) json(res, status, { error: message })
      else res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    appUrl: `${base}/app/siwf`,
    authKey,
    users: users.map(({ account: _account, ...u }) => u),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type { Hex }
