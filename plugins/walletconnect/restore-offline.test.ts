import { createServer } from 'node:net'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { SignClient } from '@walletconnect/sign-client'
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { createMemoryAdapter, createModal, type Modal } from 'portico'
import { isConnected } from '../../tests/probe-plugin.ts'
import { startRelay, type Relay } from '../../stack/relay/index.ts'
import { MemoryStorage, nextEvent } from '../../stack/relay/test-kit.ts'
import { eip155 } from 'portico/plugins/eip155'
import { walletConnect, WalletConnectTokens, type SignClientLike } from './index.ts'

// WalletConnect skips telemetry, Verify and link-mode probing when it sees this (isTestRun()).
process.env.IS_VITEST = 'true'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CHAIN = 'eip155:31337'
const local = { id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }

async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A page load: one modal whose sign-client keeps its state in `wcStorage` (as it would in IndexedDB). */
function page(relayUrl: string, storage: ReturnType<typeof createMemoryAdapter>, wcStorage: MemoryStorage, prefix: string): Modal {
  return createModal({
    storage,
    plugins: [
      eip155({ networks: [local], builtinNetworks: false, legacyInjected: false }),
      walletConnect({
        projectId: 'portico-local',
        relayUrl,
        storagePrefix: prefix,
        createSignClient: async (options) =>
          (await SignClient.init({ ...options, storage: wcStorage as never, logger: 'silent' })) as unknown as SignClientLike,
      }),
    ],
  })
}

/** sign-client keeps one Core per storage prefix on globalThis; a reload starts without it. */
function forgetCores(): void {
  for (const key of Object.keys(globalThis)) if (key.startsWith('_walletConnectCore_')) delete (globalThis as Record<string, unknown>)[key]
}

async function closeClient(modal: Modal): Promise<void> {
  const client = (await modal.get(WalletConnectTokens.Connector).signClient()) as unknown as InstanceType<typeof SignClient>
  await client.core.relayer.transportClose().catch(() => undefined)
  client.core.heartbeat.stop()
}

describe('a stored WalletConnect session and an unreachable relay (real sign-client)', () => {
  const cleanup: Array<() => unknown> = []
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step()
  })

  it('the reloaded modal is ready within 5 s with the stored account, and disconnecting leaves it usable', async () => {
    const prefix = `restore-offline-${process.pid}-${Math.random()}`
    const storage = createMemoryAdapter()
    const wcStorage = new MemoryStorage()

    // First visit: pair with a WalletKit wallet over the stack relay.
    const relay: Relay = await startRelay()
    cleanup.push(() => relay.stop())
    const walletCore = new Core({ projectId: 'portico-local', relayUrl: relay.url, customStoragePrefix: `${prefix}-wallet`, storage: new MemoryStorage() as never, logger: 'silent' })
    cleanup.push(async () => {
      await walletCore.relayer.transportClose().catch(() => undefined)
      walletCore.heartbeat.stop()
    })
    const wallet = await WalletKit.init({ core: walletCore, metadata: { name: 'Test wallet', description: '', url: 'http://127.0.0.1', icons: [] } })
    const first = page(relay.url, storage, wcStorage, prefix)
    await first.ready
    const connected = first.connection.connect('walletConnect', 'eip155')
    const pairing = first.get(WalletConnectTokens.Connector).pairing
    await vi.waitFor(() => expect(pairing.state.status).toBe('ready'), { timeout: 20_000 })
    const proposal = nextEvent<{ id: number }>(wallet, 'session_proposal')
    await wallet.pair({ uri: (pairing.state as { uri: string }).uri })
    await wallet.approveSession({
      id: (await proposal).id,
      namespaces: { eip155: { chains: [CHAIN], accounts: [`${CHAIN}:${ADDRESS}`], methods: ['personal_sign'], events: ['chainChanged'] } },
    })
    await connected
    await closeClient(first)
    first.destroy()
    forgetCores()
    expect(await wcStorage.getKeys()).toContain(`wc@2:client:0.3:${prefix}//session`)

    // Reload with the relay gone: the same stored state, a relay URL on a closed port.
    const second = page(`ws://127.0.0.1:${await closedPort()}`, storage, wcStorage, prefix)
    cleanup.push(async () => {
      await closeClient(second).catch(() => undefined)
      second.destroy()
    })
    let ready = false
    void second.ready.then(() => (ready = true))
    await vi.waitFor(() => expect(ready).toBe(true), { timeout: 5_000 })
    expect(second.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(ADDRESS)
    second.open()
    expect(second.router.current.view).toBe('Account')

    await second.connection.disconnect()
    second.router.reset('Connect')
    expect(isConnected(second)).toBe(false)
    expect(second.state.connectors.getSnapshot().connectors.map((connector) => connector.name)).toContain('WalletConnect')
  })
})
