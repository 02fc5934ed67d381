/**
 * [7] A fake wallet for your tests, with the WalletDriver the conformance kit's behaviour suite drives (approve,
 * reject, lock, switch account, disconnect site, set balance). Keep it beside the plugin: createTestModal takes the
 * same driver (`createTestModal({ plugins, drivers: { example: fake.driver } })`).
 */
import type { CaipNetwork } from 'portico'
import type { WalletDriver } from 'portico/testing/conformance'
import { ExampleWalletError, type ExampleWallet } from './index.ts'

export interface FakeExampleWallet {
  wallet: ExampleWallet
  /** What the fake chain reports as native balances (the plugin's `balanceOf` option). */
  balanceOf(address: string, network: CaipNetwork): Promise<bigint>
  driver: WalletDriver
}

/** A fresh fake wallet with two accounts. Requests wait for an answer the test armed (`approveNext`, `rejectNext`). */
export function createFakeExampleWallet(name = 'Fake Example Wallet'): FakeExampleWallet {
  const accounts = ['ex1' + '1'.repeat(38), 'ex1' + '2'.repeat(38)]
  const balances = new Map<string, bigint>()
  const listeners = new Set<(accounts: string[]) => void>()
  const armed: boolean[] = []
  const waiting: Array<(ok: boolean) => void> = []
  let current = 0
  let approved = false
  let locked = false

  const ordered = () => [accounts[current]!, ...accounts.filter((_, i) => i !== current)]
  const notify = () => listeners.forEach((listener) => listener(approved ? ordered() : []))
  /** The user's answer to a prompt: armed before, or given while it waits. */
  const ask = () => new Promise<boolean>((resolve) => (armed.length ? resolve(armed.shift()!) : waiting.push(resolve)))
  const answer = (ok: boolean) => {
    const prompt = waiting.shift()
    if (prompt) prompt(ok)
    else armed.push(ok)
  }

  const wallet: ExampleWallet = {
    name,
    async requestAccounts({ silent } = {}) {
      if (locked) throw new ExampleWalletError('locked', 'The wallet is locked.')
      if (approved) return ordered()
      if (silent) return []
      if (!(await ask())) throw new ExampleWalletError('rejected', 'User rejected the request.')
      approved = true
      return ordered()
    },
    async disconnect() {
      approved = false
    },
    async signMessage(address, message) {
      if (!approved || !accounts.includes(address)) throw new ExampleWalletError('rejected', 'Unknown account')
      if (!(await ask())) throw new ExampleWalletError('rejected', 'User rejected the request.')
      return `signed:${address}:${message}`
    },
    on(_event, listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }

  return {
    wallet,
    balanceOf: async (address) => balances.get(address) ?? 0n,
    driver: {
      connectorId: `example:${name}`,
      approveNext: () => answer(true),
      rejectNext: () => answer(false),
      setLocked(value) {
        locked = value
      },
      switchAccount() {
        current = (current + 1) % accounts.length
        notify()
        return accounts[current]!
      },
      disconnectSite() {
        approved = false
        notify()
      },
      setBalance(address, amount) {
        balances.set(address, amount)
      },
    },
  }
}
