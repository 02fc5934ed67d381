/**
 * WalletDriver: how a test acts as the user of a fake wallet, whatever its namespace. A plugin author writes one for
 * the fake wallet of their chain (a few lines over its controls); `createTestModal({ drivers })` connects through it,
 * and the behaviour suite of portico/testing/conformance drives it to check the plugin's connect, disconnect,
 * balance, silent reconnect, wallet-side events and error mapping. portico/testing ships drivers for its dev wallets
 * (`createDevWalletDriver`).
 *
 * Requests the wallet would ask the user about are answered by what the test armed: `approveNext()` / `rejectNext()`
 * answer the next one (or the one already waiting). A request nobody armed an answer for waits, as a real wallet's
 * prompt does: a silent reconnect must not ask.
 */
export interface WalletDriver {
  /** The id of the connector the plugin registers for this wallet (e.g. `'tron:Fake TronLink'`). */
  readonly connectorId: string
  /** The user approves the next request the wallet asks about (connect, sign), or the one waiting now. */
  approveNext(): void | Promise<void>
  /** The user rejects the next request (or the one waiting): the plugin must reject with code 4001. */
  rejectNext(): void | Promise<void>
  /** Locks (true) or unlocks the wallet. Locked, a connect must reject with code 4100. */
  setLocked(locked: boolean): void | Promise<void>
  /** The user switches to another of the wallet's accounts on the wallet's side; resolves with its address. */
  switchAccount(): string | Promise<string>
  /** The user disconnects the site in the wallet (the plugin must report the disconnect to the modal). */
  disconnectSite(): void | Promise<void>
  /** The chain reports `amount` (in the smallest unit, e.g. wei, lamports) as `address`'s native balance. */
  setBalance(address: string, amount: bigint): void | Promise<void>
}
