/**
 * The behaviour suite of the conformance kit: what a chain plugin does with a wallet, checked against the author's
 * fake wallet through a WalletDriver (approve, reject, lock, switch account, disconnect site, set balance). Each
 * behaviour builds its own modal on in-memory storage with a fresh plugin and wallet from `create()`, and a failure
 * names the behaviour. It uses only the public kernel (`portico`).
 * @example describeChainPluginBehaviour('tron', { create: () => { const wallet = fakeTron(); return { plugin: tron({ wallet }), driver: wallet.driver } } })
 */
import { describe, it } from 'vitest'
import { createMemoryAdapter, createModal, formatUnits, KernelTokens, type ChainNamespace, type Modal, type PluginDefinition, type StorageAdapter } from 'portico'
import type { WalletDriver } from '../wallet-driver.ts'
import { trackLeaks } from './leaks.ts'

export type { WalletDriver } from '../wallet-driver.ts'

export interface ChainPluginBehaviourOptions {
  /** A fresh plugin and the driver of the fake wallet it talks to (a new wallet each call). */
  create(): { plugin: PluginDefinition; driver: WalletDriver } | Promise<{ plugin: PluginDefinition; driver: WalletDriver }>
  /** How long one step (ready, connect, a wallet event reaching the modal) may take, in ms. Default 10 000. */
  timeoutMs?: number
}

/** The behaviours, by id, with the name a failure reports. */
export const CHAIN_PLUGIN_BEHAVIOURS = {
  connect: 'connect: an approved request connects a CAIP-10 account of the namespace',
  disconnect: 'disconnect: the modal disconnects the namespace and forgets the account',
  reject: 'user rejection: a rejected request rejects with code 4001 and the modal stays usable',
  locked: 'locked wallet: connect rejects with code 4100',
  balance: 'balance: the native balance the chain reports shows on the account',
  reconnect: 'silent reconnect: a new modal on the same storage restores the connection without asking the wallet',
  accountChange: 'wallet-side account change: the modal follows the account the wallet switched to',
  walletDisconnect: 'wallet-side disconnect: the modal drops the connection the wallet ended',
  cleanup: 'cleanup: destroy() after a connection leaves no listener or timer behind',
} as const

export type ChainPluginBehaviour = keyof typeof CHAIN_PLUGIN_BEHAVIOURS

/** A behaviour the plugin does not have: the message starts with the behaviour's name. */
export class BehaviourFailure extends Error {
  constructor(
    readonly behaviour: ChainPluginBehaviour,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`chain plugin behaviour "${CHAIN_PLUGIN_BEHAVIOURS[behaviour]}" failed: ${detail}`, options)
    this.name = 'BehaviourFailure'
  }
}

class Unmet extends Error {}
const must = (condition: unknown, message: string): void => {
  if (!condition) throw new Unmet(message)
}
const codeOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined)
const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)) + (codeOf(error) !== undefined ? ` (code ${String(codeOf(error))})` : '')

/** The behaviours' shared steps on one world (a plugin, its wallet's driver, a modal). */
class World {
  private readonly modals: Modal[] = []
  constructor(
    readonly plugin: PluginDefinition,
    readonly driver: WalletDriver,
    readonly timeoutMs: number,
    readonly storage: StorageAdapter = createMemoryAdapter(),
  ) {}

  get namespace(): ChainNamespace {
    must(this.plugin.kind === 'chain' && this.plugin.namespace, `plugin "${this.plugin.id}" is not a chain plugin with a namespace`)
    return this.plugin.namespace!
  }

  /** Resolves with `promise`, or fails naming `what` after the step timeout. */
  within<T>(promise: Promise<T>, what: string): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Unmet(`${what} did not happen within ${this.timeoutMs} ms`)), this.timeoutMs)
    })
    return Promise.race([promise, late]).finally(() => clearTimeout(timer))
  }

  /** Resolves once `predicate` holds for the modal's state (checked at once and on every change). */
  until(modal: Modal, predicate: () => boolean, what: string): Promise<void> {
    const stores = [modal.state.accounts, modal.state.connection, modal.state.network, modal.state.connectors]
    const offs: Array<() => void> = []
    return this.within(
      new Promise<void>((resolve) => {
        const check = () => predicate() && resolve()
        for (const store of stores) offs.push(store.subscribe(check))
        check()
      }),
      what,
    ).finally(() => offs.splice(0).forEach((off) => off()))
  }

  async modal(what = 'modal.ready'): Promise<Modal> {
    const modal = createModal({ plugins: [this.plugin], storage: this.storage })
    this.modals.push(modal)
    await this.within(modal.ready, what)
    return modal
  }

  address(modal: Modal): string | undefined {
    return modal.state.accounts.getSnapshot().byNamespace[this.namespace]?.address ?? undefined
  }

  /** Arms an approval and connects the driver's connector; resolves with the connected address. */
  async connect(modal: Modal): Promise<string> {
    const id = this.driver.connectorId
    await this.until(modal, () => modal.state.connector(id) !== undefined, `the connector "${id}" registering`)
    await this.driver.approveNext()
    try {
      await this.within(modal.connection.connect(id, this.namespace), `connecting "${id}" after approving`)
    } catch (error) {
      if (error instanceof Unmet) throw error
      throw new Unmet(`connecting "${id}" after approving failed: ${describeError(error)}`)
    }
    const address = this.address(modal)
    must(address, `no ${this.namespace} account after connecting`)
    return address!
  }

  /** Connect expected to fail: resolves with the error. */
  async connectFails(modal: Modal, what: string): Promise<unknown> {
    const id = this.driver.connectorId
    await this.until(modal, () => modal.state.connector(id) !== undefined, `the connector "${id}" registering`)
    try {
      await this.within(modal.connection.connect(id, this.namespace), what)
    } catch (error) {
      if (error instanceof Unmet) throw error
      return error
    }
    throw new Unmet(`${what}: connect resolved instead of rejecting`)
  }

  /** Destroys one modal (the world's storage and wallet stay). */
  close(modal: Modal): void {
    const i = this.modals.indexOf(modal)
    if (i >= 0) this.modals.splice(i, 1)
    modal.destroy()
  }

  destroy(): void {
    for (const modal of this.modals.splice(0)) modal.destroy()
  }
}

const checks: Record<ChainPluginBehaviour, (w: World) => Promise<void>> = {
  async connect(w) {
    const modal = await w.modal()
    const address = await w.connect(modal)
    const account = modal.state.accounts.getSnapshot().byNamespace[w.namespace]
    must(account?.caipAddress?.startsWith(`${w.namespace}:`), `the account's CAIP-10 address ${String(account?.caipAddress)} is not in namespace "${w.namespace}"`)
    must(account?.caipAddress?.endsWith(`:${address}`), `the CAIP-10 address ${String(account?.caipAddress)} does not end with the address ${address}`)
    must(modal.state.networks(w.namespace).some((n) => account!.caipAddress!.startsWith(`${n.caipNetworkId}:`)), `the account ${account?.caipAddress} is on none of the plugin's networks`)
    must(modal.state.connection.getSnapshot().activeConnectorIds[w.namespace] === w.driver.connectorId, `the active ${w.namespace} connector is not "${w.driver.connectorId}"`)
    must(modal.connection.active(w.namespace)?.address === address, 'connection.active() does not report the connected address')
  },

  async disconnect(w) {
    const modal = await w.modal()
    await w.connect(modal)
    await w.within(modal.connection.disconnect(w.namespace), 'disconnect()')
    must(w.address(modal) === undefined, `the ${w.namespace} account is still ${w.address(modal)} after disconnect()`)
    must(modal.state.connection.getSnapshot().activeConnectorIds[w.namespace] === undefined, 'the connector is still active after disconnect()')
  },

  async reject(w) {
    const modal = await w.modal()
    await w.driver.rejectNext()
    const error = await w.connectFails(modal, 'connecting after the user rejected')
    must(codeOf(error) === 4001, `a user rejection must reject with code 4001 (SPEC §8 "User rejected the request."); got ${describeError(error)}`)
    must(w.address(modal) === undefined, 'an account is connected after the user rejected')
    // The modal stays usable: the next attempt, approved, connects.
    await w.connect(modal)
  },

  async locked(w) {
    const modal = await w.modal()
    await w.driver.setLocked(true)
    const error = await w.connectFails(modal, 'connecting to the locked wallet')
    must(codeOf(error) === 4100, `connecting to a locked wallet must reject with code 4100; got ${describeError(error)}`)
    must(w.address(modal) === undefined, 'an account is connected while the wallet is locked')
    await w.driver.setLocked(false)
    await w.connect(modal)
  },

  async balance(w) {
    const modal = await w.modal()
    const address = await w.connect(modal)
    const network = modal.state.network.getSnapshot().byNamespace[w.namespace]?.caipNetwork
    must(network, `no active ${w.namespace} network after connecting`)
    const decimals = network!.nativeCurrency.decimals
    const amount = 12345n * 10n ** BigInt(Math.max(decimals - 2, 0))
    const expected = formatUnits(amount, decimals)
    const errors: unknown[] = []
    const off = modal.events.on('error', ({ source, error }) => source === 'balance' && errors.push(error))
    try {
      const balances = modal.get(KernelTokens.Balance)
      await w.within(balances.refresh(w.namespace), 'the balance fetched on connect')
      await w.driver.setBalance(address, amount)
      await w.within(balances.refresh(w.namespace, { force: true }), 'fetching the balance')
    } finally {
      off.dispose()
    }
    must(errors.length === 0, `getBalance failed: ${errors.map(describeError).join('; ')}`)
    const account = modal.state.accounts.getSnapshot().byNamespace[w.namespace]
    must(account?.balance === expected, `the account shows balance ${String(account?.balance)}, the chain reports ${expected} (${amount} in the smallest unit)`)
    must(account?.balanceSymbol === network!.nativeCurrency.symbol, `the balance symbol is ${String(account?.balanceSymbol)}, not the network's ${network!.nativeCurrency.symbol}`)
  },

  async reconnect(w) {
    const first = await w.modal()
    const address = await w.connect(first)
    w.close(first)
    // Nothing armed: a wallet that asks the user now waits, and the step times out.
    const second = await w.modal('the new modal restoring the stored connection (modal.ready; a silent reconnect must not ask the user)')
    must(w.address(second) === address, `the new modal restored ${String(w.address(second))} instead of ${address}`)
    must(second.state.connection.getSnapshot().activeConnectorIds[w.namespace] === w.driver.connectorId, `the new modal's ${w.namespace} connector is not "${w.driver.connectorId}"`)
  },

  async accountChange(w) {
    const modal = await w.modal()
    const before = await w.connect(modal)
    const next = await w.driver.switchAccount()
    must(next !== before, `the driver's switchAccount() answered the connected account ${before}; it must switch to another`)
    await w.until(modal, () => w.address(modal) === next, `the modal's account changing from ${before} to ${next}`).catch((error: unknown) => {
      throw new Unmet(`${(error as Error).message} (it shows ${String(w.address(modal))}): report wallet events with emitter.emit('change', { namespace, accounts })`)
    })
  },

  async walletDisconnect(w) {
    const modal = await w.modal()
    await w.connect(modal)
    await w.driver.disconnectSite()
    await w.until(modal, () => w.address(modal) === undefined, `the modal dropping the ${w.namespace} account`).catch((error: unknown) => {
      throw new Unmet(`${(error as Error).message}: report it with emitter.emit('disconnect', {}) (or a change with no accounts)`)
    })
  },

  async cleanup(w) {
    const leaks = trackLeaks()
    try {
      const modal = await w.modal()
      await w.connect(modal)
      w.destroy()
      const listeners = leaks.liveListeners()
      const timers = leaks.pendingTimers()
      must(listeners.length === 0 && timers.length === 0, `left behind:\n  ${[...listeners, ...timers].join('\n  ')}`)
    } finally {
      leaks.restore()
    }
  },
}

/** Runs one behaviour against a fresh plugin and wallet; throws a BehaviourFailure naming it when the plugin fails it. */
export async function checkChainPluginBehaviour(behaviour: ChainPluginBehaviour, options: ChainPluginBehaviourOptions): Promise<void> {
  const { plugin, driver } = await options.create()
  const world = new World(plugin, driver, options.timeoutMs ?? 10_000)
  try {
    await checks[behaviour](world)
  } catch (error) {
    throw new BehaviourFailure(behaviour, error instanceof Unmet ? error.message : `it threw ${describeError(error)}`, { cause: error })
  } finally {
    world.destroy()
  }
}

/** Registers the behaviour suite (one test per behaviour) for a chain plugin and its fake wallet's driver. */
export function describeChainPluginBehaviour(name: string, options: ChainPluginBehaviourOptions): void {
  describe(`chain plugin behaviour: ${name}`, () => {
    for (const [behaviour, title] of Object.entries(CHAIN_PLUGIN_BEHAVIOURS) as Array<[ChainPluginBehaviour, string]>) {
      it(title, () => checkChainPluginBehaviour(behaviour, options), (options.timeoutMs ?? 10_000) * 4)
    }
  })
}
