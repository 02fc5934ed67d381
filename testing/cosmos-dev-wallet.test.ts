import { describe, expect, it } from 'vitest'
import { serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { makeSignBytes } from '@cosmjs/proto-signing'
import { base64, hex } from '@scure/base'
import { COSMOS_DEV_WALLET_STORAGE_KEY, installCosmosDevWallet, type CosmosDevWalletOptions } from './index.ts'

// The local cosmos ledger's dev account 0 (stack/cosmos/README.md): m/44'/118'/0'/0/0 on the shared dev mnemonic.
const ACCOUNT0 = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'
const PUBKEY0 = '0223aa679d6d5344e201e0df9f02ab15a84726eee0dfb4e953c46a9e2cb52349dc'
const CHAIN = 'portico-local-1'

function install(opts: Partial<CosmosDevWalletOptions> = {}) {
  const win = new EventTarget() as EventTarget & Window & { keplr?: unknown }
  const installed = installCosmosDevWallet(win, { chains: [{ chainId: CHAIN, rpcUrl: 'http://127.0.0.1:1' }], autoApprove: true, storage: null, ...opts })
  return { win, ...installed }
}

describe('cosmos dev wallet (Keplr-style)', () => {
  it('is window.keplr named "Portico Dev Wallet" until disposed', () => {
    const { win, wallet, dispose } = install()
    expect(win.keplr).toBe(wallet)
    expect(wallet.name).toBe('Portico Dev Wallet')
    dispose()
    expect(win.keplr).toBeUndefined()
  })

  it('gives the dev account after enable, and nothing before', async () => {
    const { wallet } = install()
    await expect(wallet.getKey(CHAIN)).rejects.toMatchObject({ code: 4100 })
    await expect(wallet.enable('unknown-1')).rejects.toThrow('There is no chain info for unknown-1')
    await wallet.enable(CHAIN)
    const key = await wallet.getKey(CHAIN)
    expect(key.bech32Address).toBe(ACCOUNT0)
    expect(hex.encode(key.pubKey)).toBe(PUBKEY0)
    expect(key.address).toHaveLength(20)
    expect(await wallet.getOfflineSigner(CHAIN).getAccounts()).toEqual([{ address: ACCOUNT0, algo: 'secp256k1', pubkey: key.pubKey }])
  })

  it('asks consent through the prompt: approve, reject (4001), and the failure flags reject without asking', async () => {
    const { wallet } = install({ autoApprove: false })
    const first = wallet.enable(CHAIN)
    await expect.poll(() => wallet.pendingRequests().length).toBe(1)
    expect(wallet.pendingRequests()[0]).toMatchObject({ method: 'enable', summary: ['Connect to this site with:', ACCOUNT0, `Network: ${CHAIN} (${CHAIN})`] })
    wallet.reject()
    await expect(first).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    const second = wallet.enable(CHAIN)
    await expect.poll(() => wallet.pendingRequests().length).toBe(1)
    wallet.approve()
    await second
    expect(wallet.state.enabledChainIds).toEqual([CHAIN])
    wallet.setFailures({ reject: ['signArbitrary'] })
    await expect(wallet.signArbitrary(CHAIN, ACCOUNT0, 'hi')).rejects.toMatchObject({ code: 4001 })
    expect(wallet.pendingRequests()).toEqual([])
  })

  it('signs DIRECT sign docs over their protobuf bytes and Amino docs over the sorted JSON', async () => {
    const { wallet } = install()
    await wallet.enable(CHAIN)
    const pubkey = hex.decode(PUBKEY0)
    const signDoc = { bodyBytes: new Uint8Array([10, 0]), authInfoBytes: new Uint8Array([18, 0]), chainId: CHAIN, accountNumber: 7n }
    const direct = await wallet.signDirect(CHAIN, ACCOUNT0, signDoc)
    expect(direct.signature.pub_key).toEqual({ type: 'tendermint/PubKeySecp256k1', value: base64.encode(pubkey) })
    const directSig = Secp256k1Signature.fromFixedLength(base64.decode(direct.signature.signature))
    expect(await Secp256k1.verifySignature(directSig, sha256(makeSignBytes(signDoc)), pubkey)).toBe(true)

    const aminoDoc = { chain_id: CHAIN, account_number: '0', sequence: '3', fee: { amount: [{ denom: 'ustake', amount: '500' }], gas: '200000' }, msgs: [], memo: 'm' }
    const amino = await wallet.signAmino(CHAIN, ACCOUNT0, aminoDoc)
    const aminoSig = Secp256k1Signature.fromFixedLength(base64.decode(amino.signature.signature))
    expect(await Secp256k1.verifySignature(aminoSig, sha256(serializeSignDoc(aminoDoc)), pubkey)).toBe(true)

    await expect(wallet.signAmino(CHAIN, ACCOUNT0, { ...aminoDoc, chain_id: 'other-1' })).rejects.toMatchObject({ code: -32602 })
    await expect(wallet.signDirect(CHAIN, 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z', signDoc)).rejects.toMatchObject({ code: 4100 })
  })

  it('offers an Amino-only signer when configured like a Ledger key', async () => {
    const { wallet } = install({ aminoOnly: true })
    const auto = await wallet.getOfflineSignerAuto(CHAIN)
    expect(auto.signDirect).toBeUndefined()
    expect(typeof auto.signAmino).toBe('function')
    expect(typeof (await install().wallet.getOfflineSignerAuto(CHAIN)).signDirect).toBe('function')
  })

  it('switching keys dispatches keplr_keystorechange and getKey follows; the enabled chains survive a reload', async () => {
    const store = new Map<string, string>()
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) }
    const { win, wallet } = install({ storage })
    await wallet.enable(CHAIN)
    let changes = 0
    win.addEventListener('keplr_keystorechange', () => changes++)
    wallet.setAccount(1)
    expect(changes).toBe(1)
    expect((await wallet.getKey(CHAIN)).bech32Address).toBe('cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z')
    expect(JSON.parse(store.get(COSMOS_DEV_WALLET_STORAGE_KEY)!)).toEqual({ chainIds: [CHAIN], accountIndex: 1 })
    const reloaded = install({ storage }).wallet
    expect((await reloaded.getKey(CHAIN)).bech32Address).toBe('cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z')
    reloaded.disconnectSite()
    await expect(reloaded.getKey(CHAIN)).rejects.toMatchObject({ code: 4100 })
    expect(store.has(COSMOS_DEV_WALLET_STORAGE_KEY)).toBe(false)
  })
})
