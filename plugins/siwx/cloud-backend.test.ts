import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  createMemoryAdapter,
  createModal,
  definePlugin,
  ProviderRpcError,
  type AccountEntry,
  type Modal,
  type StorageAdapter,
} from 'portico'
import { startApiServer, type ApiServer } from '../../stack/api/index.ts'
import { tempDataDir, TEST_ADMIN_TOKEN } from '../../stack/api/api-test-client.ts'
import { siwx, SiwxTokens, type SiwxOptions, type SiwxSession } from './index.ts'

/** The default backend against the real API server (`/auth/v1`), with a fake wallet that signs with a real key. */
const signer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const KEY = '@portico/siwx_token'

function chain() {
  const result = { accounts: [{ namespace: 'eip155', address: signer.address, type: 'eoa' } as AccountEntry], caipNetworkId: 'eip155:31337' as const }
  return definePlugin({
    id: 'fake-chain',
    kind: 'chain',
    namespace: 'eip155',
    portico: '1.x',
    setup(ctx) {
      ctx.registerChain({
        namespace: 'eip155',
        networks: [{ id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }],
        isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
      })
      ctx.registerConnector(() => ({
        id: 'fake',
        name: 'Fake Wallet',
        type: 'INJECTED',
        chain: 'eip155',
        connect: async () => result,
        reconnect: async () => result,
        disconnect: async () => undefined,
        request: async ({ method, params }) => {
          if (method !== 'personal_sign') throw new ProviderRpcError(4200, 'unsupported')
          return signer.signMessage({ message: { raw: (params as [`0x${string}`])[0] } })
        },
      }))
    },
  })
}

describe('siwx default backend against the API server', () => {
  let server: ApiServer
  const data = tempDataDir('siwx-plugin')
  const modals: Modal[] = []
  beforeAll(async () => {
    server = await startApiServer({ dataDir: data.dir, adminToken: TEST_ADMIN_TOKEN, chains: [] })
  })
  afterAll(async () => {
    for (const m of modals) m.destroy()
    await server?.stop()
    data.remove()
  })

  const open = async (storage: StorageAdapter, options: SiwxOptions = {}) => {
    const modal = createModal({
      projectId: 'test-project',
      endpoints: { registry: server.url },
      storage,
      plugins: [chain(), siwx({ domain: 'localhost:5173', uri: 'http://localhost:5173/', statement: 'Sign in to the Portico demo', ...options })],
    })
    modals.push(modal)
    await modal.ready
    return modal
  }
  const view = (m: Modal) => m.router.current.view
  const isOpen = (m: Modal) => m.state.modal.getSnapshot().open
  const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000 })

  it('signs in with one line of host code, keeps the JWT, survives a reload; sign-out revokes on the server', async () => {
    const storage = createMemoryAdapter()
    const first = await open(storage)
    await first.connection.connect('fake', 'eip155')
    await until(() => isOpen(first) && view(first) === 'SIWXSignMessage')
    const session = await first.get(SiwxTokens.Controller).signIn()
    expect(session?.token?.split('.')).toHaveLength(3)
    expect(isOpen(first)).toBe(false)
    const stored = JSON.parse(storage.getItem(KEY)!) as SiwxSession
    const me = await fetch(`${server.url}/auth/v1/me?projectId=test-project`, { headers: { authorization: `Bearer ${stored.token}` } })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { caipAddress: string }).caipAddress).toBe(`eip155:31337:${signer.address}`)
    // The stored session was made once: replaying its message and signature is refused by the server.
    const replay = await fetch(`${server.url}/auth/v1/authenticate?projectId=test-project`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: stored.message, signature: stored.signature }),
    })
    expect(replay.status).toBe(409)
    first.destroy()

    // Reload: the session is checked with /me and kept, no dialog.
    const second = await open(storage)
    await until(() => second.get(SiwxTokens.Controller).store.getSnapshot().session !== undefined)
    expect(isOpen(second)).toBe(false)

    // Revoke: the server forgets it, the dialog asks again, and a later reload asks too.
    await second.get(SiwxTokens.Controller).signOut()
    const after = await fetch(`${server.url}/auth/v1/me?projectId=test-project`, { headers: { authorization: `Bearer ${stored.token}` } })
    expect(after.status).toBe(401)
    expect(view(second)).toBe('SIWXSignMessage')
    second.destroy()
    storage.setItem(KEY, JSON.stringify(stored))
    const third = await open(storage)
    await until(() => isOpen(third) && view(third) === 'SIWXSignMessage')
    expect(storage.getItem(KEY)).toBeNull()
  })

  it('a message for a domain the server does not serve fails with the server\'s reason', async () => {
    const modal = await open(createMemoryAdapter(), { domain: 'evil.example', uri: 'https://evil.example/' })
    await modal.connection.connect('fake', 'eip155')
    await until(() => view(modal) === 'SIWXSignMessage')
    await modal.get(SiwxTokens.Controller).signIn()
    expect(modal.get(SiwxTokens.Controller).store.getSnapshot()).toMatchObject({
      status: 'error',
      error: 'Signature declined',
      detail: 'Sign-in is not enabled for the domain evil.example',
    })
  })
})
