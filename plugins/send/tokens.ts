import { createServiceToken, createToken, type CaipNetwork, type ChainNamespace } from 'portico/plugin'
import type { SendController, SendControllerDeps } from './controller.ts'
import type { SenderRegistry } from './registry.ts'

// The send flow's code is in registry.ts, which index.ts re-exports: a host's first chunk carries SendTokens (every
// chain plugin that declares optional: [SendTokens.Senders] imports it), not the registry class, and this module has
// no import of code the deferred plugin loads (docs/DECISIONS.md, "A deferred plugin's public entry only re-exports").

/** A token the account holds, as the send flow shows and sends it (SPEC §3 Token balance). */
export interface SendToken {
  name: string
  symbol: string
  /** CAIP-2 network id. */
  chainId: string
  /** Contract or mint address on the chain (plain, not CAIP-10); absent for the native token. */
  address?: string
  /** Decimals of the token's base unit. */
  decimals: number
  /** Balance in display units, a plain decimal string. */
  balance: string
  /** USD price per unit when known. */
  price?: number
  iconUrl?: string
}

/** One transfer the flow asks a sender to estimate or send. */
export interface SendRequest {
  network: CaipNetwork
  /** The sending account's address (plain). */
  from: string
  /** The receiver's address (plain, already resolved from a name). */
  to: string
  token: SendToken
  /** Amount in the token's base units. */
  amount: bigint
}

/** The network fee of a transfer, in the network's native token. */
export interface SendFee {
  /** Base units of the native token. */
  amount: bigint
  decimals: number
  symbol: string
}

/** What the chain answered once the transfer was sent. */
export interface SendReceipt {
  hash: string
  /** 'success' once mined, 'reverted' when the chain reverted it, 'pending' when no receipt came in time. */
  status: 'success' | 'reverted' | 'pending'
}

/**
 * Sends tokens of one namespace. A chain plugin contributes its own (e.g. Solana's SOL and SPL transfers, in
 * plugins/solana): it declares `optional: [SendTokens.Senders]` and, in its `activate`, when
 * `ctx.has(SendTokens.Senders)`, calls `ctx.track(ctx.get(SendTokens.Senders).register(sender))`; the send plugin
 * brings the eip155 sender itself. Errors are thrown as the chain or wallet gives them (EIP-1193 codes kept); the
 * flow turns them into readable text.
 */
export interface Sender {
  namespace: ChainNamespace
  /** SPEC §5 receiver address check of this namespace. */
  isAddress(address: string): boolean
  /** The network fee of the transfer (e.g. eth_estimateGas × gas price). */
  estimateFee(request: SendRequest): Promise<SendFee>
  /** Asks the wallet to sign and send; resolves with the hash (and the receipt status when it waits for one). */
  send(request: SendRequest): Promise<SendReceipt>
}

/** A receiver found by name (or a profile found by address). */
export interface ResolvedName {
  /** The receiver's address on the asked namespace. */
  address: string
  /** SPEC §3 receiver profile name. */
  name?: string | null
  /** SPEC §3 receiver profile image (untrusted URL). */
  avatar?: string | null
}

/**
 * What the flow asks of a name lookup (e.g. `alice.reown.id`): the part of the names plugin's `NamesTokens.Lookup`
 * it uses (send declares that token optional), and what a test gives the controller instead.
 */
export interface NamesLookup {
  /** The address a name points to on a namespace; undefined when the name is not registered. */
  resolve(name: string, namespace: ChainNamespace): Promise<ResolvedName | undefined>
  /** The name and avatar of an address, when it has one. */
  reverse?(address: string, namespace: ChainNamespace): Promise<ResolvedName | undefined>
}

/** The send flow of one modal. */
export interface SendFlow {
  /** The modal's send controller (one per modal), loading its code on first call. */
  controller(): Promise<SendController>
}

/**
 * The services of the send plugin, for chain plugins, views and hosts. Side-effect free: a chain plugin that declares
 * `optional: [SendTokens.Senders]` imports this object without send's code.
 */
export const SendTokens = {
  /** Senders by namespace; a chain plugin registers its own. */
  Senders: createServiceToken<SenderRegistry>('send', 'senders'),
  /**
   * The SPEC §3 send state and the flow's actions, loaded on first use (the controller is not in a host's initial
   * load): `await modal.get(SendTokens.Flow).controller()`.
   */
  Flow: createServiceToken<SendFlow>('send', 'flow'),
  /** What the flow's controller is built from (the modal's services); the send views read it. */
  Deps: createToken<SendControllerDeps>('send.deps'),
} as const
