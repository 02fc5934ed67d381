import { ProviderRpcError } from './errors.ts'
import { walletError } from './errors.ts'

/**
 * The failure flags every fake wallet of portico/testing understands (eip155, solana, bip122, cosmos, polkadot), one
 * shape for all five. Set them at creation (`failures`) or at any time with `setFailures({...})` (which replaces the
 * whole set, so `setFailures({})` clears everything).
 */
export type FakeWalletFailures = {
  /** Methods or features (e.g. 'personal_sign', 'solana:signMessage', 'enable', 'signPsbt') answered with 4001 at once. */
  reject?: string[]
  /** The next request that would ask the user is rejected with 4001 (as if the user clicked Reject); then the flag clears. */
  rejectNext?: boolean
  /** Every request waits this long (milliseconds) before it is handled: a slow wallet. */
  delayMs?: number
  /**
   * The wallet drops the site: it emits its namespace's disconnect (EIP-1193 `disconnect` 4900; an empty accounts
   * change for Wallet Standard, Keplr's keystore change, an empty Polkadot account list) and answers every request with
   * 4900 until the flag is cleared.
   */
  disconnected?: boolean
  /**
   * The wallet moves to a chain the app does not know: eip155 reports that chain id (default 999999999, emitting
   * chainChanged); solana and bip122 accounts carry that chain (default 'solana:unknown' / 'bitcoin:unknown'); polkadot
   * accounts carry that genesis hash (default 0xff..ff); cosmos forgets the app's chains ("There is no chain info for
   * <id>"). Clearing it moves back.
   */
  unknownChain?: boolean | number | string
  /**
   * Answers are malformed: addresses that are not addresses, chain ids that are not chain ids, signatures of the wrong
   * length. `true` for every method, or a list of methods/features.
   */
  malformed?: boolean | string[]
  /** The wallet is locked: it shows no accounts and answers connect and sign requests with 4100 "The wallet is locked." */
  locked?: boolean
  /**
   * eip155 only, kept for older tests: once connected, eth_chainId reports this chain id until the dapp switches chains
   * (applied at connect, unlike `unknownChain` which applies at once).
   */
  wrongChain?: number
}

export const LOCKED_MESSAGE = 'The wallet is locked.'
/** The chain id an eip155 fake wallet reports for `unknownChain: true`. */
export const UNKNOWN_EVM_CHAIN_ID = 999_999_999
/** The genesis hash Polkadot accounts carry for `unknownChain: true`. */
export const UNKNOWN_GENESIS_HASH = `0x${'ff'.repeat(32)}` as const

export function lockedError(): ProviderRpcError {
  return new ProviderRpcError(4100, LOCKED_MESSAGE)
}

/** The mutable failure set of one wallet, with the checks every wallet runs before a request. */
export interface FailureState {
  readonly current: FakeWalletFailures
  /** Replaces the set; answers the previous one so the wallet can emit what changed. */
  set(next: FakeWalletFailures): FakeWalletFailures
  /**
   * Delay, the `reject` list, `disconnected` (4900) and, when `needsUnlock`, `locked` (4100), in that order. Without a
   * delay it checks at once (throwing synchronously) and answers undefined, so a wallet that shows its prompt in the
   * same tick keeps doing so: `const wait = failures.gate(m); if (wait) await wait`.
   */
  gate(method: string, needsUnlock?: boolean): Promise<void> | undefined
  /** True once when `rejectNext` is set (and clears it). The consent queue asks this before prompting. */
  takeRejectNext(): boolean
  /** Whether `method`'s answer is to be malformed. */
  malforms(method: string): boolean
  /** The `unknownChain` flag as a value (`fallback` for `true`), or undefined when not set. */
  unknownChain<T extends number | string>(fallback: T): T | undefined
}

export function createFailureState(initial: FakeWalletFailures | undefined): FailureState {
  let failures: FakeWalletFailures = { ...initial }
  return {
    get current() {
      return failures
    },
    set(next) {
      const previous = failures
      failures = { ...next }
      return previous
    },
    gate(method, needsUnlock = true) {
      const check = (): void => {
        if (failures.reject?.includes(method)) throw walletError('userRejected')
        if (failures.disconnected) throw walletError('disconnected')
        if (needsUnlock && failures.locked) throw lockedError()
      }
      if (failures.delayMs) return new Promise<void>((r) => setTimeout(r, failures.delayMs)).then(check)
      check()
      return undefined
    },
    takeRejectNext() {
      if (!failures.rejectNext) return false
      failures = { ...failures, rejectNext: false }
      return true
    },
    malforms(method) {
      const m = failures.malformed
      return m === true || (Array.isArray(m) && m.includes(method))
    },
    unknownChain<T extends number | string>(fallback: T): T | undefined {
      const u = failures.unknownChain
      if (u === undefined || u === false) return undefined
      return (u === true ? fallback : u) as T
    },
  }
}
