/**
 * WalletDrivers for the dev wallets of portico/testing, one namespace each: the behaviour suite of
 * portico/testing/conformance runs the five shipped chain plugins against them, and `createTestModal({ drivers })`
 * takes them like any third party's driver. Requests wait for what the test armed (`approveNext` / `rejectNext`),
 * so a prompt nobody expected (a reconnect that asks) waits as a person's wallet would.
 */
import type { ConsentPrompt } from './consent-prompt.ts'
import { createFakeWallets, type FakeNamespace, type FakeWallets, type FakeWalletsOptions } from './fake-wallets.ts'
import type { WalletDriver } from './wallet-driver.ts'

export type DevWalletDriverOptions = {
  /** The id of the connector the plugin registers for the dev wallet (e.g. `'cosmos:keplr'`). */
  connectorId: string
  /** The chain side of `setBalance` (the dev wallets hold keys, not balances): e.g. anvil's `anvil_setBalance`. */
  setBalance(address: string, amount: bigint): void | Promise<void>
  /** More options of the fake wallet (chains, ss58Format, ...). It has two accounts unless `accountCount` says more. */
  wallets?: Omit<FakeWalletsOptions, 'namespaces' | 'prompt' | 'autoApprove'>
}

export type DevWalletDriver = WalletDriver & {
  /** The fake wallets (one namespace) the driver drives: install them, or hand `wallets[namespace]` to the plugin. */
  readonly wallets: FakeWallets
}

/** A driver over a fresh dev wallet of `namespace`. */
export function createDevWalletDriver(namespace: FakeNamespace, options: DevWalletDriverOptions): DevWalletDriver {
  const armed: boolean[] = []
  const waiting: Array<(ok: boolean) => void> = []
  const prompt: ConsentPrompt = (_request, signal) =>
    new Promise<boolean>((resolve) => {
      if (armed.length) return resolve(armed.shift()!)
      const answer = (ok: boolean) => {
        const i = waiting.indexOf(answer)
        if (i >= 0) waiting.splice(i, 1)
        resolve(ok)
      }
      waiting.push(answer)
      signal.addEventListener('abort', () => answer(false), { once: true })
    })
  const answer = (ok: boolean) => {
    const next = waiting.shift()
    if (next) next(ok)
    else armed.push(ok)
  }
  const wallets = createFakeWallets({ storage: null, accountCount: 2, ...options.wallets, namespaces: [namespace], prompt, autoApprove: false })
  let locked = false
  let account = 0

  const switchAccount = async (): Promise<string> => {
    account = account === 0 ? 1 : 0
    switch (namespace) {
      case 'eip155':
        wallets.eip155!.setAccounts([account, account === 0 ? 1 : 0])
        return wallets.eip155!.state.accounts[0]!
      case 'solana':
        wallets.solana!.switchAccount(account)
        return wallets.solana!.state.accounts[0]!
      case 'bip122':
        return (await wallets.bip122!.switchAccount(account))[0]!.address
      case 'cosmos': {
        const cosmos = wallets.cosmos!
        cosmos.setAccount(account)
        return (await cosmos.getKey(cosmos.state.enabledChainIds[0] ?? cosmos.state.chains[0]!.chainId)).bech32Address
      }
      case 'polkadot': {
        const uris = options.wallets?.chains?.polkadot?.accounts ?? ['//Alice', '//Bob']
        await wallets.polkadot!.setAccounts(account === 0 ? uris : [uris[1]!, uris[0]!, ...uris.slice(2)])
        return (await wallets.polkadot!.accounts())[0]!.address
      }
    }
  }

  return {
    connectorId: options.connectorId,
    wallets,
    approveNext: () => answer(true),
    rejectNext: () => answer(false),
    setLocked(value) {
      locked = value
      wallets.setFailures(locked ? { locked: true } : {})
    },
    switchAccount,
    disconnectSite() {
      switch (namespace) {
        case 'polkadot':
          return wallets.polkadot!.revoke()
        default:
          return wallets[namespace]!.disconnectSite()
      }
    },
    setBalance: (address, amount) => options.setBalance(address, amount),
  }
}
