/**
 * The bitcoin side of the Portico Dev Wallet: payment (P2WPKH, BIP84) and ordinals (P2TR, BIP86) accounts derived from
 * the dev mnemonic (the ones stack/bitcoin funds), behind the same consent prompt and failure flags as the EVM dev
 * wallet. It speaks both the Bitcoin Wallet Standard (`bitcoin:connect`, `bitcoin:signMessage`,
 * `bitcoin:signTransaction`, `standard:events`, `standard:disconnect`) and sats-connect's provider interface
 * (`request('getAccounts' | 'signMessage' | 'signPsbt' | 'sendTransfer')`). Signing libraries (bitcoinjs-lib, ecpair,
 * @bitcoinerlab/secp256k1) load on first use.
 */
import { pbkdf2 } from '@noble/hashes/pbkdf2'
import { sha256 } from '@noble/hashes/sha256'
import { sha512 } from '@noble/hashes/sha512'
import { ripemd160 } from '@noble/hashes/ripemd160'
import { bech32, bech32m, createBase58check } from '@scure/base'
import { HDKey } from 'viem/accounts'
import { createDomConsentPrompt, type ConsentPrompt } from './consent-prompt.ts'
import { DEV_WALLET_MNEMONIC } from './dev-wallet.ts'
import { ProviderRpcError, walletError } from './errors.ts'
import { createConsentQueue } from './consent-queue.ts'
import { createFailureState, type FakeWalletFailures } from './failures.ts'

export type BitcoinDevNetwork = 'bitcoin' | 'testnet' | 'regtest'
export type BitcoinDevAccount = {
  address: string
  publicKey: string
  purpose: 'payment' | 'ordinals'
  addressType: 'p2wpkh' | 'p2tr' | 'p2pkh'
  path: string
}

/**
 * The failure flags (the same for the five fake wallets; see FakeWalletFailures). `reject` and `malformed` take
 * 'bitcoin:connect', 'signMessage', 'signPsbt', 'sendTransfer'.
 */
export type BitcoinDevWalletFailures = FakeWalletFailures

export type BitcoinDevWalletOptions = {
  /** @default 'regtest' */
  network?: BitcoinDevNetwork
  /** Esplora base URL: sats-connect's sendTransfer reads UTXOs and broadcasts there. */
  esploraUrl?: string
  mnemonic?: string
  /** Derivation index of the account pair. @default 0 */
  accountIndex?: number
  /** 'p2pkh' makes the payment account a legacy BIP44 one (legacy message signing). @default 'p2wpkh' */
  paymentType?: 'p2wpkh' | 'p2pkh'
  autoApprove?: boolean
  failures?: BitcoinDevWalletFailures
  prompt?: ConsentPrompt
  origin?: string
  /** Wallet name. @default 'Portico Dev Wallet' */
  name?: string
}

const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/>' +
      '<path d="M9 24V8h8a5 5 0 0 1 0 10h-4v6z" fill="#fff"/></svg>',
  )

const HRP: Record<BitcoinDevNetwork, string> = { bitcoin: 'bc', testnet: 'tb', regtest: 'bcrt' }
const CHAIN: Record<BitcoinDevNetwork, `bitcoin:${string}`> = { bitcoin: 'bitcoin:mainnet', testnet: 'bitcoin:testnet', regtest: 'bitcoin:regtest' }
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
const fromHex = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16))
const toBase64 = (b: Uint8Array) => btoa(String.fromCharCode(...b))
const fromBase64 = (t: string) => Uint8Array.from(atob(t), (c) => c.charCodeAt(0))
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) (out.set(p, at), (at += p.length))
  return out
}
const varint = (n: number) => (n < 0xfd ? new Uint8Array([n]) : new Uint8Array([0xfd, n & 0xff, n >> 8]))

type Libs = Awaited<ReturnType<typeof loadLibs>>
async function loadLibs() {
  const [btc, ecc, { ECPairFactory }] = await Promise.all([import('bitcoinjs-lib'), import('@bitcoinerlab/secp256k1'), import('ecpair')])
  btc.initEccLib(ecc)
  return { btc, ecc, ECPair: ECPairFactory(ecc) }
}

/** A key of the dev mnemonic at a BIP32 path. */
function keyAt(seed: Uint8Array, path: string): { privateKey: Uint8Array; publicKey: Uint8Array } {
  const node = HDKey.fromMasterSeed(seed).derive(path)
  return { privateKey: node.privateKey!, publicKey: node.publicKey! }
}

export type BitcoinDevWallet = ReturnType<typeof createBitcoinDevWallet>

/** Creates the bitcoin dev wallet (not registered anywhere: see installBitcoinDevWallet). */
export function createBitcoinDevWallet(opts: BitcoinDevWalletOptions = {}) {
  const network = opts.network ?? 'regtest'
  const coin = network === 'bitcoin' ? 0 : 1
  let index = opts.accountIndex ?? 0
  const seed = pbkdf2(sha512, new TextEncoder().encode((opts.mnemonic ?? DEV_WALLET_MNEMONIC).normalize('NFKD')), new TextEncoder().encode('mnemonic'), { c: 2048, dkLen: 64 })
  const legacy = opts.paymentType === 'p2pkh'
  let paymentPath = ''
  let ordinalsPath = ''
  let paymentKey: ReturnType<typeof keyAt>
  let ordinalsKey: ReturnType<typeof keyAt>
  const accounts: BitcoinDevAccount[] = []
  /** Derives the payment and ordinals keys of account `index` (switchAccount calls it again). */
  const derive = (): void => {
    paymentPath = legacy ? `m/44'/${coin}'/0'/0/${index}` : `m/84'/${coin}'/0'/0/${index}`
    ordinalsPath = `m/86'/${coin}'/0'/0/${index}`
    paymentKey = keyAt(seed, paymentPath)
    ordinalsKey = keyAt(seed, ordinalsPath)
    const keyHash = ripemd160(sha256(paymentKey.publicKey))
    const paymentAddress = legacy
      ? createBase58check(sha256).encode(concat(new Uint8Array([network === 'bitcoin' ? 0x00 : 0x6f]), keyHash))
      : bech32.encode(HRP[network], [0, ...bech32.toWords(keyHash)])
    // The taproot address needs the tweaked output key: computed with the curve library on first use (see ready()).
    accounts.splice(0, accounts.length, { address: paymentAddress, publicKey: hex(paymentKey.publicKey), purpose: 'payment', addressType: legacy ? 'p2pkh' : 'p2wpkh', path: paymentPath })
    if (libs) addOrdinals(libs)
  }
  const name = opts.name ?? 'Portico Dev Wallet'
  const origin = opts.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin ?? 'unknown origin'
  let autoApprove = opts.autoApprove ?? false
  const failures = createFailureState(opts.failures)
  /** The Wallet Standard chain the accounts are on (`unknownChain` moves them to one the app does not know). */
  const chain = (): `bitcoin:${string}` => (failures.unknownChain<string>('bitcoin:unknown') as `bitcoin:${string}` | undefined) ?? CHAIN[network]
  const MALFORMED_BASE64 = 'AAAA'
  const prompt: ConsentPrompt | undefined = opts.prompt ?? (typeof document !== 'undefined' ? createDomConsentPrompt(document) : undefined)
  let connected = false
  let libs: Libs | undefined

  const addOrdinals = (loaded: Libs): void => {
    const internal = ordinalsKey.publicKey.subarray(1, 33)
    const p2tr = loaded.btc.payments.p2tr({ internalPubkey: internal, network: libNetwork(loaded, network) })
    accounts.push({ address: p2tr.address!, publicKey: hex(ordinalsKey.publicKey), purpose: 'ordinals', addressType: 'p2tr', path: ordinalsPath })
  }
  derive()

  /** Loads the libraries and completes the ordinals account (its P2TR address). */
  const ready = async (): Promise<Libs> => {
    if (libs) return libs
    const loaded = await loadLibs()
    addOrdinals(loaded)
    libs = loaded
    return loaded
  }

  const listeners = new Set<(accounts: BitcoinDevAccount[]) => void>()
  const visibleAccounts = (): BitcoinDevAccount[] => (connected && !failures.current.locked ? [...accounts] : [])
  const emit = () => {
    for (const l of [...listeners]) l(visibleAccounts())
  }

  const queue = createConsentQueue({ origin, prompt, autoApprove: () => autoApprove, rejectNext: () => failures.takeRejectNext() })

  const consent = async (method: string, params: unknown, summary: string[]): Promise<void> => {
    await queue.ask(method, params, [...summary, `Network: Bitcoin ${network}`])
  }

  const own = (address: unknown): BitcoinDevAccount => {
    if (!connected) throw walletError('unauthorized')
    const account = accounts.find((a) => a.address === address)
    if (!account) throw walletError('unauthorized', `Not an account of this wallet: ${String(address)}`)
    return account
  }
  const privateKeyOf = (account: BitcoinDevAccount) => (account.purpose === 'payment' ? paymentKey : ordinalsKey).privateKey

  /** A signer for bitcoinjs-lib: the plain key, or for taproot the key tweaked by its BIP-86 commitment. */
  const signerFor = (l: Libs, account: BitcoinDevAccount) => {
    const pair = l.ECPair.fromPrivateKey(privateKeyOf(account))
    if (account.addressType !== 'p2tr') return pair
    return pair.tweak(l.btc.crypto.taggedHash('TapTweak', pair.publicKey.subarray(1, 33)))
  }

  const connect = async (): Promise<BitcoinDevAccount[]> => {
    await failures.gate('bitcoin:connect')
    await ready()
    if (!connected) {
      await consent('bitcoin:connect', { purposes: ['payment', 'ordinals'] }, ['Connect to this site with:', ...accounts.map((a) => `${a.purpose}: ${a.address}`)])
      connected = true
      emit()
    }
    return failures.malforms('bitcoin:connect') ? accounts.map((a) => ({ ...a, address: 'not-a-bitcoin-address', publicKey: '00' })) : [...accounts]
  }

  /** BIP-322 simple (segwit, taproot) or legacy BIP-137 (P2PKH) signature, base64. */
  const signMessage = async (address: unknown, message: string, protocol?: string): Promise<string> => {
    await failures.gate('signMessage')
    const account = own(address)
    const l = await ready()
    await consent('signMessage', { address, message }, ['Sign this message:', message, `with ${account.address}`])
    if (failures.malforms('signMessage')) return MALFORMED_BASE64
    if (account.addressType === 'p2pkh' || protocol === 'ECDSA') return legacySign(l, privateKeyOf(account), message, account.addressType)
    return bip322Sign(l, account, message)
  }

  const bip322Sign = (l: Libs, account: BitcoinDevAccount, message: string): string => {
    const { Transaction, Psbt, address: addr } = l.btc
    const script = addr.toOutputScript(account.address, libNetwork(l, network))
    const tag = sha256(new TextEncoder().encode('BIP0322-signed-message'))
    const messageHash = sha256(concat(tag, tag, new TextEncoder().encode(message)))
    const toSpend = new Transaction()
    toSpend.version = 0
    toSpend.addInput(new Uint8Array(32), 0xffffffff, 0, concat(new Uint8Array([0x00, 0x20]), messageHash))
    toSpend.addOutput(script, 0n)
    const toSign = new Psbt({ network: libNetwork(l, network) })
    toSign.setVersion(0)
    const input: Parameters<typeof toSign.addInput>[0] = { hash: toSpend.getHash(), index: 0, sequence: 0, witnessUtxo: { script, value: 0n } }
    if (account.addressType === 'p2tr') input.tapInternalKey = fromHex(account.publicKey).subarray(1, 33)
    toSign.addInput(input)
    toSign.addOutput({ script: new Uint8Array([0x6a]), value: 0n })
    toSign.signInput(0, signerFor(l, account))
    toSign.finalizeInput(0)
    const witness = toSign.data.inputs[0]!.finalScriptWitness!
    return toBase64(witness)
  }

  const legacySign = (l: Libs, privateKey: Uint8Array, message: string, type: BitcoinDevAccount['addressType']): string => {
    const prefix = new TextEncoder().encode('\u0018Bitcoin Signed Message:\n')
    const body = new TextEncoder().encode(message)
    const hash = sha256(sha256(concat(prefix, varint(body.length), body)))
    const { signature, recoveryId } = l.ecc.signRecoverable(hash, privateKey)
    // BIP-137 header: 31-34 compressed P2PKH, 35-38 P2SH-P2WPKH, 39-42 P2WPKH.
    const header = (type === 'p2pkh' ? 31 : 39) + recoveryId
    return toBase64(concat(new Uint8Array([header]), signature))
  }

  /** Signs the listed inputs of a PSBT (base64 in, base64 out); inputs are left unfinalized, as wallets do. */
  const signPsbt = async (psbtBase64: string, signInputs: Record<string, number[]>): Promise<string> => {
    await failures.gate('signPsbt')
    const l = await ready()
    const psbt = l.btc.Psbt.fromBase64(psbtBase64, { network: libNetwork(l, network) })
    const plan = Object.entries(signInputs).map(([address, indexes]) => ({ account: own(address), indexes }))
    const total = psbt.txOutputs.reduce((n, o) => n + o.value, 0n)
    await consent('signPsbt', { signInputs }, [
      `Sign ${plan.reduce((n, p) => n + p.indexes.length, 0)} input(s) of a transaction`,
      ...psbt.txOutputs.map((o) => `→ ${o.address ?? 'script'}: ${o.value} sats`),
      `Outputs total ${total} sats`,
    ])
    if (failures.malforms('signPsbt')) return MALFORMED_BASE64
    for (const { account, indexes } of plan) {
      for (const i of indexes) {
        if (account.addressType === 'p2tr' && !psbt.data.inputs[i]?.tapInternalKey) {
          psbt.updateInput(i, { tapInternalKey: fromHex(account.publicKey).subarray(1, 33) })
        }
        psbt.signInput(i, signerFor(l, account))
      }
    }
    return psbt.toBase64()
  }

  /** sats-connect sendTransfer: the wallet builds, signs and broadcasts from its payment account. */
  const sendTransfer = async (recipients: Array<{ address: string; amount: number }>): Promise<string> => {
    await failures.gate('sendTransfer')
    const l = await ready()
    const payment = own(accounts[0]!.address)
    if (!opts.esploraUrl) throw walletError('internal', 'No Esplora URL configured')
    const base = opts.esploraUrl.replace(/\/$/, '')
    const utxos = (await (await fetch(`${base}/address/${payment.address}/utxo`)).json()) as Array<{ txid: string; vout: number; value: number }>
    const net = libNetwork(l, network)
    const psbt = new l.btc.Psbt({ network: net })
    const script = l.btc.address.toOutputScript(payment.address, net)
    const target = recipients.reduce((n, r) => n + r.amount, 0)
    let total = 0
    let fee = 0
    for (const u of utxos.sort((a, b) => b.value - a.value)) {
      psbt.addInput({ hash: u.txid, index: u.vout, witnessUtxo: { script, value: BigInt(u.value) } })
      total += u.value
      fee = (11 + 31 * (recipients.length + 1) + 68 * psbt.inputCount) * 2
      if (total >= target + fee) break
    }
    if (total < target + fee) throw walletError('internal', 'Insufficient funds')
    for (const r of recipients) psbt.addOutput({ script: l.btc.address.toOutputScript(r.address, net), value: BigInt(r.amount) })
    if (total - target - fee >= 546) psbt.addOutput({ script, value: BigInt(total - target - fee) })
    await consent('sendTransfer', { recipients }, ['Send:', ...recipients.map((r) => `${r.amount} sats → ${r.address}`), `Fee ${fee} sats`])
    if (failures.malforms('sendTransfer')) return 'not-a-txid'
    psbt.signAllInputs(signerFor(l, payment))
    psbt.finalizeAllInputs()
    const res = await fetch(`${base}/tx`, { method: 'POST', body: psbt.extractTransaction().toHex() })
    const text = await res.text()
    if (!res.ok) throw walletError('internal', text)
    return text.trim()
  }

  // ─── Wallet Standard wallet object ──────────────────────────────────────────────────────────────────────────────
  type StdAccount = { address: string; publicKey: Uint8Array; chains: readonly `bitcoin:${string}`[]; features: readonly `${string}:${string}`[] }
  const stdAccount = (a: BitcoinDevAccount): StdAccount =>
    Object.freeze({
      address: a.address,
      publicKey: fromHex(a.publicKey),
      chains: [chain()],
      features: ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const,
    })
  const standardWallet = {
    version: '1.0.0' as const,
    name,
    icon: ICON as `data:image/svg+xml;base64,${string}`,
    get chains(): readonly `bitcoin:${string}`[] {
      return [chain()]
    },
    get accounts(): StdAccount[] {
      return visibleAccounts().map(stdAccount)
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        connect: async (_input?: { purposes?: string[] }) => ({ accounts: (await connect()).map(stdAccount) }),
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: Array<{ account: { address: string }; message: Uint8Array }>) => {
          const out = []
          for (const { account, message } of inputs) {
            const signature = fromBase64(await signMessage(account.address, new TextDecoder().decode(message)))
            out.push({ signedMessage: message, signature })
          }
          return out
        },
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: async (...inputs: Array<{ psbt: Uint8Array; inputsToSign: Array<{ account: { address: string }; signingIndexes: number[] }> }>) => {
          const out = []
          for (const { psbt, inputsToSign } of inputs) {
            const signInputs = Object.fromEntries(inputsToSign.map((i) => [i.account.address, i.signingIndexes]))
            out.push({ signedPsbt: fromBase64(await signPsbt(toBase64(psbt), signInputs)) })
          }
          return out
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: (props: { accounts?: StdAccount[] }) => void) => {
          const l = (list: BitcoinDevAccount[]) => listener({ accounts: list.map(stdAccount) })
          listeners.add(l)
          return () => listeners.delete(l)
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => api.disconnectSite(),
      },
    },
  }

  // ─── sats-connect provider (request(method, params) → { jsonrpc, id, result | error }) ─────────────────────────
  let rpcId = 1
  const satsConnectProvider = {
    async request(method: string, params?: unknown) {
      const id = rpcId++
      const p = (params ?? {}) as Record<string, unknown>
      try {
        let result: unknown
        if (method === 'getAccounts') {
          result = (await connect()).map(({ address, publicKey, purpose, addressType }) => ({ address, publicKey, purpose, addressType }))
        } else if (method === 'signMessage') {
          const signature = await signMessage(p.address, String(p.message ?? ''), p.protocol as string | undefined)
          result = { signature, address: p.address, protocol: own(p.address).addressType === 'p2pkh' || p.protocol === 'ECDSA' ? 'ECDSA' : 'BIP322' }
        } else if (method === 'signPsbt') {
          result = { psbt: await signPsbt(String(p.psbt), (p.signInputs ?? {}) as Record<string, number[]>) }
        } else if (method === 'sendTransfer') {
          result = { txid: await sendTransfer((p.recipients ?? []) as Array<{ address: string; amount: number }>) }
        } else if (method === 'wallet_renouncePermissions') {
          api.disconnectSite()
          result = null
        } else {
          throw walletError('unsupportedMethod')
        }
        return { jsonrpc: '2.0', id, result }
      } catch (error) {
        // sats-connect's error codes: user rejection is -32000.
        const code = error instanceof ProviderRpcError ? (error.code === 4001 ? -32000 : error.code) : -32603
        return { jsonrpc: '2.0', id, error: { code, message: error instanceof Error ? error.message : String(error) } }
      }
    },
    addListener(event: string, listener: () => void) {
      if (event !== 'accountChange') return () => undefined
      const l = () => listener()
      listeners.add(l)
      return () => listeners.delete(l)
    },
  }

  const api = {
    standardWallet,
    satsConnectProvider,
    /** The accounts (the ordinals one appears once the signing libraries have loaded). */
    accounts: async () => (await ready(), [...accounts]),
    setAutoApprove(value: boolean) {
      autoApprove = value
      if (value) queue.approveAll()
    },
    setFailures(next: BitcoinDevWalletFailures) {
      const before = failures.set(next)
      const after = failures.current
      if (!before.disconnected && after.disconnected) api.disconnectSite()
      else if (before.unknownChain !== after.unknownChain || Boolean(before.locked) !== Boolean(after.locked)) {
        if (connected) emit()
      }
    },
    pendingRequests: () => queue.requests(),
    approve(id?: number) {
      queue.settle(id, true)
    },
    reject(id?: number) {
      queue.settle(id, false)
    },
    /** The user disconnects the site in the wallet: the change event carries no accounts. */
    disconnectSite() {
      if (!connected) return
      connected = false
      emit()
    },
    /** The user switches to account `i` (`m/84'/c'/0'/0/i` and `m/86'/c'/0'/0/i`) in the wallet: a change event follows. */
    async switchAccount(i: number) {
      if (!Number.isSafeInteger(i) || i < 0) throw new Error(`Invalid account index ${i}`)
      await ready()
      index = i
      derive()
      if (connected) emit()
      return [...accounts]
    },
    get connected() {
      return connected
    },
  }
  return api
}

function libNetwork(l: Libs, network: BitcoinDevNetwork) {
  return network === 'bitcoin' ? l.btc.networks.bitcoin : network === 'testnet' ? l.btc.networks.testnet : l.btc.networks.regtest
}

export type InstalledBitcoinDevWallet = { wallet: BitcoinDevWallet; dispose(): void }

/**
 * Creates the bitcoin dev wallet and registers it through the Wallet Standard (the `wallet-standard:register-wallet`
 * event, and again for an app that loads later and sends `wallet-standard:app-ready`). `satsConnect: true` also lists
 * its sats-connect provider in `window.btc_providers` (as `PorticoDevWallet.BitcoinProvider`).
 */
export function installBitcoinDevWallet(win: Window, opts: BitcoinDevWalletOptions & { satsConnect?: boolean } = {}): InstalledBitcoinDevWallet {
  const { satsConnect, ...walletOptions } = opts
  const wallet = createBitcoinDevWallet(walletOptions)
  const unregisters: Array<() => void> = []
  const callback = ({ register }: { register: (...wallets: unknown[]) => () => void }) => {
    unregisters.push(register(wallet.standardWallet))
  }
  const onAppReady = (event: Event) => callback((event as CustomEvent).detail)
  win.addEventListener('wallet-standard:app-ready', onAppReady)
  const Ctor = (win as Window & { CustomEvent?: typeof CustomEvent }).CustomEvent ?? CustomEvent
  // The event's detail is the callback itself; the app calls it with its register API.
  win.dispatchEvent(new Ctor('wallet-standard:register-wallet', { bubbles: false, cancelable: false, composed: false, detail: callback }))
  const target = win as Window & { btc_providers?: unknown[]; PorticoDevWallet?: { BitcoinProvider: unknown } }
  const listing = { id: 'PorticoDevWallet.BitcoinProvider', name: wallet.standardWallet.name, icon: ICON }
  if (satsConnect) {
    target.PorticoDevWallet = { BitcoinProvider: wallet.satsConnectProvider }
    target.btc_providers = [...(target.btc_providers ?? []), listing]
  }
  return {
    wallet,
    dispose() {
      win.removeEventListener('wallet-standard:app-ready', onAppReady)
      for (const off of unregisters.splice(0)) off()
      if (satsConnect) {
        delete target.PorticoDevWallet
        target.btc_providers = (target.btc_providers ?? []).filter((p) => p !== listing)
      }
    },
  }
}
