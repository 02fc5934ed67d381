/**
 * Issue 24 item 2: the behaviour suite fails a plugin that breaks a behaviour, with a message naming it. The plugin
 * under test is a small chain plugin over the template's fake wallet with one behaviour broken at a time; unbroken,
 * it passes every behaviour.
 */
import { describe, expect, it } from 'vitest'
import { definePlugin, formatUnits, ProviderRpcError, type CaipNetwork, type Connector, type ConnectResult } from 'portico'
import { checkChainPluginBehaviour, type ChainPluginBehaviour } from 'portico/testing/conformance'
import { createFakeExampleWallet } from '../../plugin-template/fake-wallet.ts'
import { EXAMPLE_NETWORK, ExampleWalletError, isExampleAddress, type ExampleWallet } from '../../plugin-template/index.ts'

type Break = ChainPluginBehaviour | 'none'

function breakable(wallet: ExampleWallet, balanceOf: (address: string) => Promise<bigint>, broken: Break) {
  const account = (address: string) => ({ namespace: 'example' as const, address, type: 'eoa' as const })
  return definePlugin({
    id: `broken-${broken}`,
    kind: 'chain',
    namespace: 'example',
    portico: '1.x',
    setup(ctx) {
      ctx.registerChain({
        namespace: 'example',
        networks: [EXAMPLE_NETWORK],
        isAddress: isExampleAddress,
        getBalance: async (address: string, network: CaipNetwork) => ({
          // Broken: ignores the network's decimals.
          balance: formatUnits(await balanceOf(address), broken === 'balance' ? 0 : network.nativeCurrency.decimals),
          symbol: network.nativeCurrency.symbol,
        }),
      })
      ctx.registerConnector((emitter) => {
        let off: (() => void) | undefined
        let timer: ReturnType<typeof setInterval> | undefined
        const ask = async (request: () => Promise<string[]>) => {
          try {
            return await request()
          } catch (error) {
            if (!(error instanceof ExampleWalletError)) throw error
            if (error.reason === 'rejected' && broken !== 'reject') throw new ProviderRpcError(4001, error.message)
            if (error.reason === 'locked' && broken !== 'locked') throw new ProviderRpcError(4100, error.message)
            throw new Error(error.message)
          }
        }
        const session = (addresses: string[]): ConnectResult => {
          if (broken !== 'accountChange') {
            off ??= wallet.on('accountsChanged', (next) => {
              if (next.length) emitter.emit('change', { namespace: 'example', accounts: next.map(account) })
              else if (broken !== 'walletDisconnect') emitter.emit('disconnect', { namespace: 'example' })
            })
          }
          // Broken: a poll nobody stops.
          if (broken === 'cleanup') timer ??= setInterval(() => undefined, 60_000)
          return { accounts: addresses.map(account), caipNetworkId: EXAMPLE_NETWORK.caipNetworkId }
        }
        const connector: Connector = {
          id: `example:${wallet.name}`,
          name: wallet.name,
          type: 'INJECTED',
          chain: 'example',
          connect: async () => {
            const addresses = await ask(() => wallet.requestAccounts())
            // Broken: answers the account in another namespace.
            if (broken === 'connect') return { accounts: addresses.map((a) => ({ ...account(a), namespace: 'eip155' })), caipNetworkId: 'eip155:1' }
            return session(addresses)
          },
          disconnect: () => (broken === 'disconnect' ? new Promise<void>(() => undefined) : wallet.disconnect()),
          dispose: () => {
            off?.()
            off = undefined
            if (broken !== 'cleanup') clearInterval(timer)
          },
        }
        if (broken !== 'reconnect') {
          connector.reconnect = async () => {
            const addresses = await ask(() => wallet.requestAccounts({ silent: true }))
            return addresses.length ? session(addresses) : undefined
          }
        }
        return connector
      })
    },
  })
}

const options = (broken: Break) => ({
  create: () => {
    const fake = createFakeExampleWallet()
    return { plugin: breakable(fake.wallet, (a) => fake.balanceOf(a, EXAMPLE_NETWORK), broken), driver: fake.driver }
  },
  // The steps of a broken plugin that never finish (disconnect, reconnect) give up after this.
  timeoutMs: 1000,
})

const BEHAVIOURS: Record<ChainPluginBehaviour, { name: string; detail: RegExp }> = {
  connect: { name: 'connect: an approved request connects a CAIP-10 account of the namespace', detail: /the account example:1:ex1\w+ is on none of the plugin's networks/ },
  disconnect: { name: 'disconnect: the modal disconnects the namespace and forgets the account', detail: /disconnect\(\) did not happen within 1000 ms/ },
  reject: { name: 'user rejection: a rejected request rejects with code 4001 and the modal stays usable', detail: /must reject with code 4001 .* got Error: User rejected the request\./ },
  locked: { name: 'locked wallet: connect rejects with code 4100', detail: /must reject with code 4100; got Error: The wallet is locked\./ },
  balance: { name: 'balance: the native balance the chain reports shows on the account', detail: /shows balance 123450000, the chain reports 123\.45 \(123450000 in the smallest unit\)/ },
  reconnect: { name: 'silent reconnect: a new modal on the same storage restores the connection without asking the wallet', detail: /the new modal restored undefined instead of ex1/ },
  accountChange: { name: 'wallet-side account change: the modal follows the account the wallet switched to', detail: /the modal's account changing from ex1\w+ to ex1\w+ did not happen within 1000 ms/ },
  walletDisconnect: { name: 'wallet-side disconnect: the modal drops the connection the wallet ended', detail: /the modal dropping the example account did not happen/ },
  cleanup: { name: 'cleanup: destroy() after a connection leaves no listener or timer behind', detail: /left behind:\n {2}setInterval 60000 ms at .*behaviour\.test\.ts/ },
}

describe('issue 24 item 2: the behaviour suite names the behaviour a plugin breaks', () => {
  it('the unbroken plugin passes every behaviour', async () => {
    for (const behaviour of Object.keys(BEHAVIOURS) as ChainPluginBehaviour[]) await checkChainPluginBehaviour(behaviour, options('none'))
  })

  for (const [behaviour, { name, detail }] of Object.entries(BEHAVIOURS) as Array<[ChainPluginBehaviour, { name: string; detail: RegExp }]>) {
    it(`a plugin that breaks "${behaviour}" fails it, named`, async () => {
      const failure = await checkChainPluginBehaviour(behaviour, options(behaviour)).then(
        () => undefined,
        (error: unknown) => error as Error,
      )
      expect(failure?.name).toBe('BehaviourFailure')
      expect(failure?.message.startsWith(`chain plugin behaviour "${name}" failed: `), failure?.message).toBe(true)
      expect(failure?.message).toMatch(detail)
    })
  }

  it('reports a leaked listener with the stack that added it', async () => {
    const target = new EventTarget()
    const failure = await checkChainPluginBehaviour('cleanup', {
      create: () => {
        const fake = createFakeExampleWallet()
        const plugin = breakable(fake.wallet, (a) => fake.balanceOf(a, EXAMPLE_NETWORK), 'none')
        const leaky = definePlugin({ ...plugin, activate: async () => target.addEventListener('focus', function listenForFocus() {}) })
        return { plugin: leaky, driver: fake.driver }
      },
    }).then(
      () => undefined,
      (error: unknown) => error as Error,
    )
    expect(failure?.message).toMatch(/left behind:\n {2}"focus" listener at .*behaviour\.test\.ts/)
  })
})
