/**
 * The demo wallet's bip122, cosmos and polkadot sides: one account per namespace on the stack's local chain, derived
 * from the keys portico/testing's dev wallets use (the dev mnemonic's BIP84 payment key on regtest, cosmjs's default
 * path on the dev mnemonic, //Alice sr25519), and the WalletConnect methods of each namespace signed with the real
 * libraries (bitcoinjs-lib, cosmjs, @polkadot/keyring and types). Consent is the demo wallet's own Approve / Reject:
 * the portico/testing wallets used as signers here auto-approve.
 *
 * Methods and their params are WalletConnect's RPC references (Bitcoin: signMessage, signPsbt, getAccountAddresses;
 * Cosmos: cosmos_getAccounts, cosmos_signDirect, cosmos_signAmino; Polkadot SDK: polkadot_signMessage,
 * polkadot_signTransaction). Bad params throw a RequestError with -32602 and a message saying what was expected.
 */
import { base64, hex } from '@scure/base'
import { createBitcoinDevWallet, createPolkadotDevWallet, DEV_WALLET_MNEMONIC } from 'portico/testing'
import type { StackConfig } from '../host/config.ts'

export const BIP122_METHODS = ['signMessage', 'signPsbt', 'getAccountAddresses']
export const COSMOS_METHODS = ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino']
export const POLKADOT_METHODS = ['polkadot_signMessage', 'polkadot_signTransaction']

/** The local cosmos ledger's account prefix (stack/cosmos: bech32 prefix cosmos). */
export const COSMOS_BECH32_PREFIX = 'cosmos'
/** The local polkadot chain's SS58 prefix (stack/polkadot: Rococo Asset Hub, prefix 2). */
export const POLKADOT_SS58_PREFIX = 2

/** A failure that knows its JSON-RPC error code. */
export class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export const INVALID_PARAMS = -32602

export function invalidParams(message: string): RequestError {
  return new RequestError(INVALID_PARAMS, message)
}

/** One namespace the wallet serves besides eip155 and solana. */
export interface NamespaceSigner {
  readonly namespace: 'bip122' | 'cosmos' | 'polkadot'
  /** The CAIP-2 chains it has (the stack's local chain). */
  readonly chains: string[]
  readonly methods: readonly string[]
  /** The account it approves sessions with (derives the key on first call). */
  address(): Promise<string>
  /** Signs what `method` asks on `chainId` (one of `chains`); throws a RequestError for params it cannot serve. */
  execute(method: string, params: unknown): Promise<unknown>
}

/** The signers for the namespaces the stack has a local chain of. */
export function namespaceSigners(stack: StackConfig): NamespaceSigner[] {
  return [
    ...(stack.bitcoin ? [bitcoinSigner(stack.bitcoin)] : []),
    ...(stack.cosmos ? [cosmosSigner(stack.cosmos)] : []),
    ...(stack.polkadot ? [polkadotSigner(stack.polkadot)] : []),
  ]
}

function paramsObject(method: string, params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalidParams(`${method} expects an object of params`)
  return params as Record<string, unknown>
}

/** A wallet answer `{ result } | { error }` (sats-connect's shape) as a value or a RequestError. */
function unwrap<T>(response: unknown): T {
  const { result, error } = (response ?? {}) as { result?: T; error?: { code?: number; message?: string } }
  if (error) throw new RequestError(typeof error.code === 'number' ? error.code : -32603, error.message ?? 'The signer failed')
  return result as T
}

// ─── bip122 ──────────────────────────────────────────────────────────────────────────────────────────────────────

type BitcoinSignInput = { address: string; index: number; sighashTypes?: number[] }

/**
 * The regtest payment account (P2WPKH, m/84'/1'/0'/0/0 of the dev mnemonic, funded by stack/bitcoin) and its ordinals
 * account (P2TR) for signPsbt. signMessage is BIP-322 simple for segwit (`protocol: 'ecdsa'` gives the BIP-137 form);
 * signPsbt signs the listed inputs and, with `broadcast`, finalizes them and posts the transaction to the Esplora API.
 */
export function bitcoinSigner(config: NonNullable<StackConfig['bitcoin']>): NamespaceSigner {
  const wallet = createBitcoinDevWallet({
    network: 'regtest',
    esploraUrl: config.url,
    autoApprove: true,
    prompt: async () => true,
    origin: 'Portico Demo Wallet',
  })
  const sats = wallet.satsConnectProvider
  let connected: Promise<Awaited<ReturnType<typeof wallet.accounts>>> | undefined
  const accounts = () => (connected ??= sats.request('getAccounts').then((r) => (unwrap<unknown>(r), wallet.accounts())))
  const payment = async () => (await accounts()).find((a) => a.purpose === 'payment')!

  return {
    namespace: 'bip122',
    chains: [config.caipNetworkId],
    methods: BIP122_METHODS,
    address: async () => (await payment()).address,
    async execute(method, raw) {
      const p = paramsObject(method, raw)
      const mine = await accounts()
      const first = await payment()
      if (p.account !== undefined && p.account !== first.address) throw invalidParams(`Unknown account ${String(p.account)}`)
      switch (method) {
        case 'signMessage': {
          if (typeof p.message !== 'string' || !p.message) throw invalidParams('signMessage expects a message string')
          const address = p.address === undefined ? first.address : p.address
          if (!mine.some((a) => a.address === address)) throw invalidParams(`Unknown address ${String(address)}`)
          const protocol = p.protocol === undefined ? undefined : String(p.protocol).toLowerCase()
          if (protocol !== undefined && protocol !== 'ecdsa' && protocol !== 'bip322') throw invalidParams('signMessage protocol must be "ecdsa" or "bip322"')
          const { signature } = unwrap<{ signature: string }>(
            await sats.request('signMessage', { address, message: p.message, protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322' }),
          )
          // WalletConnect answers the signature's bytes in hex (the dev wallet gives base64).
          return { address, signature: hex.encode(base64.decode(signature)) }
        }
        case 'signPsbt': {
          const { Psbt } = await import('bitcoinjs-lib')
          let inputCount: number
          try {
            inputCount = Psbt.fromBase64(String(p.psbt ?? '')).inputCount
          } catch {
            throw invalidParams('signPsbt expects a base64 PSBT')
          }
          if (!Array.isArray(p.signInputs) || !p.signInputs.length) throw invalidParams('signPsbt expects signInputs: [{ address, index }]')
          const byAddress: Record<string, number[]> = {}
          for (const input of p.signInputs as BitcoinSignInput[]) {
            const { address, index, sighashTypes } = (input ?? {}) as Partial<BitcoinSignInput>
            if (typeof address !== 'string' || !mine.some((a) => a.address === address)) throw invalidParams(`Unknown address ${String(address)}`)
            if (!Number.isInteger(index) || index! < 0 || index! >= inputCount) throw invalidParams(`Input ${String(index)} is not in the PSBT`)
            if (sighashTypes !== undefined && (!Array.isArray(sighashTypes) || sighashTypes.some((t) => t !== 1 && t !== 0))) {
              throw invalidParams('Only SIGHASH_ALL (1) or SIGHASH_DEFAULT (0) is supported')
            }
            ;(byAddress[address] ??= []).push(index!)
          }
          const signed = unwrap<{ psbt: string }>(await sats.request('signPsbt', { psbt: p.psbt, signInputs: byAddress })).psbt
          if (p.broadcast !== true) return { psbt: signed }
          const psbt = Psbt.fromBase64(signed)
          try {
            psbt.data.inputs.forEach((input, i) => {
              if (!input.finalScriptWitness && !input.finalScriptSig) psbt.finalizeInput(i)
            })
          } catch (error) {
            throw invalidParams(`The PSBT cannot be finalized for broadcast: ${error instanceof Error ? error.message : String(error)}`)
          }
          const response = await fetch(`${config.url.replace(/\/$/, '')}/tx`, { method: 'POST', body: psbt.extractTransaction().toHex() })
          const text = (await response.text()).trim()
          if (!response.ok) throw new RequestError(-32603, `Broadcast failed: ${text}`)
          return { psbt: psbt.toBase64(), txid: text }
        }
        case 'getAccountAddresses': {
          const intentions = Array.isArray(p.intentions) ? p.intentions.map(String) : undefined
          return mine
            .map((a) => ({ address: a.address, publicKey: a.publicKey, path: a.path, intention: a.purpose === 'payment' ? 'payment' : 'ordinal' }))
            .filter((a) => !intentions || intentions.includes(a.intention))
        }
      }
      throw new RequestError(4200, `${method} is not supported`)
    },
  }
}

// ─── cosmos ──────────────────────────────────────────────────────────────────────────────────────────────────────

type CosmosKeys = {
  address: string
  pubkey: Uint8Array
  amino: import('@cosmjs/amino').Secp256k1HdWallet
  direct: import('@cosmjs/proto-signing').DirectSecp256k1HdWallet
}

/**
 * Account 0 of the dev mnemonic on cosmjs's default path (m/44'/118'/0'/0/0, the account stack/cosmos funds), with
 * cosmjs's own HD wallets: SIGN_MODE_DIRECT for the chain's transactions, Amino for the chain's or ADR-036 documents.
 */
export function cosmosSigner(config: NonNullable<StackConfig['cosmos']>): NamespaceSigner {
  let keys: Promise<CosmosKeys> | undefined
  const load = () =>
    (keys ??= (async () => {
      const [amino, proto] = await Promise.all([import('@cosmjs/amino'), import('@cosmjs/proto-signing')])
      const options = { hdPaths: [amino.makeCosmoshubPath(0)], prefix: COSMOS_BECH32_PREFIX }
      const [aminoWallet, directWallet] = await Promise.all([
        amino.Secp256k1HdWallet.fromMnemonic(DEV_WALLET_MNEMONIC, options),
        proto.DirectSecp256k1HdWallet.fromMnemonic(DEV_WALLET_MNEMONIC, options),
      ])
      const [account] = await aminoWallet.getAccounts()
      return { address: account!.address, pubkey: account!.pubkey, amino: aminoWallet, direct: directWallet }
    })())
  const signer = async (method: string, p: Record<string, unknown>) => {
    const k = await load()
    if (p.signerAddress !== k.address) throw invalidParams(`${method}: unknown signer ${String(p.signerAddress)}`)
    if (typeof p.signDoc !== 'object' || p.signDoc === null) throw invalidParams(`${method} expects a signDoc object`)
    return { k, doc: p.signDoc as Record<string, unknown> }
  }
  const bytes = (method: string, field: string, value: unknown): Uint8Array => {
    if (typeof value !== 'string') throw invalidParams(`${method}: signDoc.${field} must be base64`)
    try {
      return base64.decode(value)
    } catch {
      throw invalidParams(`${method}: signDoc.${field} must be base64`)
    }
  }

  return {
    namespace: 'cosmos',
    chains: [config.caipNetworkId],
    methods: COSMOS_METHODS,
    address: async () => (await load()).address,
    async execute(method, raw) {
      switch (method) {
        case 'cosmos_getAccounts': {
          const k = await load()
          return [{ algo: 'secp256k1', address: k.address, pubkey: base64.encode(k.pubkey) }]
        }
        case 'cosmos_signDirect': {
          const { k, doc } = await signer(method, paramsObject(method, raw))
          if (doc.chainId !== config.chainId) throw invalidParams(`The sign doc is for chain ${String(doc.chainId)}, not ${config.chainId}`)
          const accountNumber = String(doc.accountNumber ?? '')
          if (!/^\d{1,20}$/.test(accountNumber)) throw invalidParams('cosmos_signDirect: signDoc.accountNumber must be a decimal string')
          const signDoc = {
            chainId: config.chainId,
            accountNumber: BigInt(accountNumber),
            bodyBytes: bytes(method, 'bodyBytes', doc.bodyBytes),
            authInfoBytes: bytes(method, 'authInfoBytes', doc.authInfoBytes),
          }
          const { signed, signature } = await k.direct.signDirect(k.address, signDoc)
          return {
            signature,
            signed: { chainId: signed.chainId, accountNumber: signed.accountNumber.toString(), authInfoBytes: base64.encode(signed.authInfoBytes), bodyBytes: base64.encode(signed.bodyBytes) },
          }
        }
        case 'cosmos_signAmino': {
          const { k, doc } = await signer(method, paramsObject(method, raw))
          // The chain's own documents, or an ADR-036 off-chain one (chain_id "").
          if (doc.chain_id !== config.chainId && doc.chain_id !== '') throw invalidParams(`The sign doc is for chain ${String(doc.chain_id)}, not ${config.chainId}`)
          const fee = doc.fee as { amount?: unknown; gas?: unknown } | undefined
          if (
            typeof doc.account_number !== 'string' ||
            typeof doc.sequence !== 'string' ||
            typeof doc.memo !== 'string' ||
            !Array.isArray(doc.msgs) ||
            !fee ||
            !Array.isArray(fee.amount) ||
            typeof fee.gas !== 'string'
          ) {
            throw invalidParams('cosmos_signAmino expects a StdSignDoc { chain_id, account_number, sequence, fee, msgs, memo }')
          }
          return k.amino.signAmino(k.address, doc as unknown as import('@cosmjs/amino').StdSignDoc)
        }
      }
      throw new RequestError(4200, `${method} is not supported`)
    },
  }
}

// ─── polkadot ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * //Alice (sr25519, the account stack/polkadot funds) through portico/testing's polkadot dev wallet, which signs with
 * @polkadot/keyring and @polkadot/types as the extension does. polkadot_signMessage signs `data` wrapped in
 * <Bytes>..</Bytes> (wrapped once, as the spec asks); polkadot_signTransaction signs a SignerPayloadJSON.
 */
export function polkadotSigner(config: NonNullable<StackConfig['polkadot']>): NamespaceSigner {
  const wallet = createPolkadotDevWallet({ autoApprove: true, storage: null, ss58Format: POLKADOT_SS58_PREFIX, prompt: async () => true, origin: 'Portico Demo Wallet' })
  let enabled: Promise<{ injected: Awaited<ReturnType<typeof wallet.enable>>; address: string; publicKey: string }> | undefined
  const load = () =>
    (enabled ??= (async () => {
      const injected = await wallet.enable('Portico Demo Wallet')
      const [account] = await injected.accounts.get()
      const { decodeAddress } = await import('@polkadot/util-crypto')
      return { injected, address: account!.address, publicKey: hex.encode(decodeAddress(account!.address)) }
    })())
  /** The signer's own address in any SS58 encoding. */
  const own = async (method: string, address: unknown) => {
    const k = await load()
    const { decodeAddress } = await import('@polkadot/util-crypto')
    let key: string
    try {
      key = hex.encode(decodeAddress(String(address)))
    } catch {
      throw invalidParams(`${method} expects an SS58 address`)
    }
    if (key !== k.publicKey) throw invalidParams(`Unknown account ${String(address)}`)
    return k
  }

  return {
    namespace: 'polkadot',
    chains: [config.caipNetworkId],
    methods: POLKADOT_METHODS,
    address: async () => (await load()).address,
    async execute(method, raw) {
      const p = paramsObject(method, raw)
      switch (method) {
        case 'polkadot_signMessage': {
          const k = await own(method, p.address)
          if (p.type === 'payload') throw invalidParams('polkadot_signMessage signs bytes only; a transaction payload goes through polkadot_signTransaction')
          // `data` (the SDK reference) is hex; the older `message` field may be hex or text.
          let data: string
          if (typeof p.data === 'string') data = p.data
          else if (typeof p.message === 'string') data = /^0x(?:[0-9a-fA-F]{2})*$/.test(p.message) ? p.message : `0x${hex.encode(new TextEncoder().encode(p.message))}`
          else throw invalidParams('polkadot_signMessage expects hex data')
          if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(data)) throw invalidParams('polkadot_signMessage expects hex data')
          const { signature } = await k.injected.signer.signRaw({ address: k.address, data, type: 'bytes' })
          return { signature }
        }
        case 'polkadot_signTransaction': {
          const k = await own(method, p.address)
          const payload = p.transactionPayload as Record<string, unknown> | undefined
          if (typeof payload !== 'object' || payload === null) throw invalidParams('polkadot_signTransaction expects a transactionPayload object')
          await own(method, payload.address)
          const reference = config.caipNetworkId.split(':')[1]!
          if (typeof payload.genesisHash === 'string' && !payload.genesisHash.toLowerCase().startsWith(`0x${reference}`)) {
            throw invalidParams(`The payload is for chain ${payload.genesisHash}, not ${config.caipNetworkId}`)
          }
          if (typeof payload.method !== 'string' || typeof payload.genesisHash !== 'string' || !Array.isArray(payload.signedExtensions)) {
            throw invalidParams('polkadot_signTransaction expects a SignerPayloadJSON (method, genesisHash, signedExtensions...)')
          }
          try {
            const { signature } = await k.injected.signer.signPayload(payload)
            return { signature }
          } catch (error) {
            if (error instanceof RequestError || typeof (error as { code?: unknown })?.code === 'number') throw error
            throw invalidParams(`Invalid transaction payload: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
          }
        }
      }
      throw new RequestError(4200, `${method} is not supported`)
    },
  }
}
