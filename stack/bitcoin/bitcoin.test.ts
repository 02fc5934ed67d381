import * as ecc from '@bitcoinerlab/secp256k1'
import { hex } from '@scure/base'
import { crypto as btcCrypto, initEccLib, networks, payments, Psbt, toXOnly, Transaction } from 'bitcoinjs-lib'
import { ECPairFactory, type ECPairInterface } from 'ecpair'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyAt } from './hd-keys.ts'
import { BITCOIN_REGTEST_CAIP_NETWORK_ID, REGTEST_GENESIS_HASH, startBitcoinRegtest, type BitcoinDevAccount, type BitcoinRegtest } from './index.ts'

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)
const network = networks.regtest

type Utxo = { txid: string; vout: number; value: number; status: { confirmed: boolean; block_height?: number } }
type AddressInfo = {
  address: string
  chain_stats: { funded_txo_sum: number; spent_txo_sum: number; tx_count: number }
  mempool_stats: { funded_txo_sum: number; spent_txo_sum: number; tx_count: number }
}
type EsploraTx = {
  txid: string
  fee: number
  vin: Array<{ txid: string; vout: number; prevout: { value: number; scriptpubkey_type: string; scriptpubkey_address: string } | null; witness?: string[] }>
  vout: Array<{ value: number; scriptpubkey_address?: string; scriptpubkey_type: string }>
  status: { confirmed: boolean; block_height?: number; block_hash?: string }
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

async function getText(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url)
  return { status: res.status, body: await res.text() }
}

async function broadcast(base: string, txHex: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${base}/tx`, { method: 'POST', body: txHex })
  return { status: res.status, body: await res.text() }
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

const balance = (info: AddressInfo) =>
  info.chain_stats.funded_txo_sum - info.chain_stats.spent_txo_sum + info.mempool_stats.funded_txo_sum - info.mempool_stats.spent_txo_sum

const outputScript = (address: string) => payments.p2wpkh({ address, network }).output!
const paymentKey = (a: BitcoinDevAccount) => ECPair.fromPrivateKey(hex.decode(a.payment.privateKey), { network })
const ordinalsKey = (a: BitcoinDevAccount) => ECPair.fromPrivateKey(hex.decode(a.ordinals.privateKey), { network })

/** A P2WPKH spend of one UTXO: `amount` to `to`, change back to the sender, `fee` to the miner. */
function p2wpkhSpend(from: BitcoinDevAccount, utxo: Utxo, to: string, amount: number, fee: number, key: ECPairInterface = paymentKey(from)): Psbt {
  const psbt = new Psbt({ network })
  psbt.addInput({ hash: utxo.txid, index: utxo.vout, witnessUtxo: { script: outputScript(from.payment.address), value: BigInt(utxo.value) } })
  psbt.addOutput({ address: to, value: BigInt(amount) })
  const change = utxo.value - amount - fee
  if (change > 0) psbt.addOutput({ address: from.payment.address, value: BigInt(change) })
  psbt.signInput(0, key)
  psbt.finalizeAllInputs()
  return psbt
}

/** A BIP86 key-path spend from the ordinals (P2TR) address. */
function p2trSpend(from: BitcoinDevAccount, utxo: Utxo, to: string, amount: number, fee: number): Psbt {
  const key = ordinalsKey(from)
  const internalPubkey = toXOnly(key.publicKey)
  const p2tr = payments.p2tr({ internalPubkey, network })
  expect(p2tr.address).toBe(from.ordinals.address)
  const psbt = new Psbt({ network })
  psbt.addInput({ hash: utxo.txid, index: utxo.vout, witnessUtxo: { script: p2tr.output!, value: BigInt(utxo.value) }, tapInternalKey: internalPubkey })
  psbt.addOutput({ address: to, value: BigInt(amount) })
  psbt.addOutput({ address: from.ordinals.address, value: BigInt(utxo.value - amount - fee) })
  psbt.signInput(0, key.tweak(btcCrypto.taggedHash('TapTweak', internalPubkey)))
  psbt.finalizeAllInputs()
  return psbt
}

function rpcError(body: string): { code: number; message: string } {
  const prefix = 'sendrawtransaction RPC error: '
  expect(body.startsWith(prefix)).toBe(true)
  return JSON.parse(body.slice(prefix.length)) as { code: number; message: string }
}

describe('hd-keys (BIP32/BIP39 derivation of the dev keys)', () => {
  it('matches the BIP84 and BIP86 test vectors', () => {
    const mnemonic = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
    const segwit = ecc.pointFromScalar(privateKeyAt(mnemonic, "m/84'/0'/0'/0/0"), true)!
    expect(payments.p2wpkh({ pubkey: segwit, network: networks.bitcoin }).address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
    const taproot = ecc.xOnlyPointFromScalar(privateKeyAt(mnemonic, "m/86'/0'/0'/0/0"))
    expect(payments.p2tr({ internalPubkey: taproot, network: networks.bitcoin }).address).toBe(
      'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    )
  })
})

describe('stack/bitcoin regtest ledger behind Esplora', () => {
  let chain: BitcoinRegtest
  let base: string
  let alice: BitcoinDevAccount
  let bob: BitcoinDevAccount
  let carol: BitcoinDevAccount

  beforeAll(async () => {
    chain = await startBitcoinRegtest({ port: 0 })
    base = chain.url
    ;[alice, bob, carol] = chain.accounts as [BitcoinDevAccount, BitcoinDevAccount, BitcoinDevAccount]
  })
  afterAll(async () => {
    await chain?.stop()
  })

  it('listens on 127.0.0.1 and names regtest by its genesis hash (CAIP-2)', async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(chain.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(chain.caipNetworkId).toBe(BITCOIN_REGTEST_CAIP_NETWORK_ID)
    expect(await getText(`${base}/block-height/0`)).toEqual({ status: 200, body: REGTEST_GENESIS_HASH })
    const tip = Number((await getText(`${base}/blocks/tip/height`)).body)
    expect(tip).toBeGreaterThan(100)
    const tipHash = (await getText(`${base}/blocks/tip/hash`)).body
    const block = await getJson<{ id: string; height: number; previousblockhash: string }>(`${base}/block/${tipHash}`)
    expect(block).toMatchObject({ id: tipHash, height: tip })
    expect((await getText(`${base}/block-height/${tip - 1}`)).body).toBe(block.previousblockhash)
  })

  it('derives bcrt1 dev accounts and funds them at start (1 BTC payment, 0.01 BTC ordinals)', async () => {
    expect(chain.accounts).toHaveLength(4)
    for (const a of chain.accounts) {
      expect(a.payment.address).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/)
      expect(a.ordinals.address).toMatch(/^bcrt1p[02-9ac-hj-np-z]{58}$/)
      expect(payments.p2wpkh({ pubkey: paymentKey(a).publicKey, network }).address).toBe(a.payment.address)
    }
    const info = await getJson<AddressInfo>(`${base}/address/${carol.payment.address}`)
    expect(info.address).toBe(carol.payment.address)
    expect(info.chain_stats).toEqual({ funded_txo_count: 1, funded_txo_sum: 100_000_000, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 1 })
    expect(info.mempool_stats.tx_count).toBe(0)
    const utxos = await getJson<Utxo[]>(`${base}/address/${carol.ordinals.address}/utxo`)
    expect(utxos).toHaveLength(1)
    expect(utxos[0]).toMatchObject({ value: 1_000_000, status: { confirmed: true } })
  })

  it('accepts a signed P2WPKH spend, computes its fee and moves the balances', async () => {
    const [utxo] = await getJson<Utxo[]>(`${base}/address/${alice.payment.address}/utxo`)
    const bobBefore = balance(await getJson<AddressInfo>(`${base}/address/${bob.payment.address}`))
    const tx = p2wpkhSpend(alice, utxo!, bob.payment.address, 25_000_000, 1_410).extractTransaction()
    const sent = await broadcast(base, tx.toHex())
    expect(sent).toEqual({ status: 200, body: tx.getId() })

    const onChain = await getJson<EsploraTx>(`${base}/tx/${tx.getId()}`)
    expect(onChain.fee).toBe(1_410)
    expect(onChain.vin[0]).toMatchObject({ txid: utxo!.txid, vout: utxo!.vout, prevout: { value: utxo!.value, scriptpubkey_type: 'v0_p2wpkh' } })
    expect(onChain.vin[0]!.witness).toHaveLength(2)
    expect(onChain.vout.map((o) => [o.scriptpubkey_address, o.value])).toEqual([
      [bob.payment.address, 25_000_000],
      [alice.payment.address, utxo!.value - 25_000_000 - 1_410],
    ])
    expect(onChain.status.confirmed).toBe(true)
    expect((await getText(`${base}/tx/${tx.getId()}/hex`)).body).toBe(tx.toHex())

    expect(balance(await getJson<AddressInfo>(`${base}/address/${bob.payment.address}`))).toBe(bobBefore + 25_000_000)
    const aliceInfo = await getJson<AddressInfo>(`${base}/address/${alice.payment.address}`)
    expect(balance(aliceInfo)).toBe(100_000_000 - 25_000_000 - 1_410)
    expect(aliceInfo.chain_stats.tx_count).toBe(2)
    const history = await getJson<EsploraTx[]>(`${base}/address/${alice.payment.address}/txs`)
    expect(history[0]!.txid).toBe(tx.getId())
    expect(await getJson(`${base}/tx/${utxo!.txid}/outspend/${utxo!.vout}`)).toMatchObject({ spent: true, txid: tx.getId(), vin: 0 })
  })

  it('confirms with the next block and counts confirmations as blocks are mined', async () => {
    const [utxo] = await getJson<Utxo[]>(`${base}/address/${bob.payment.address}/utxo`)
    const tx = p2wpkhSpend(bob, utxo!, carol.payment.address, 1_000_000, 500).extractTransaction()
    const tipBefore = Number((await getText(`${base}/blocks/tip/height`)).body)
    expect((await broadcast(base, tx.toHex())).status).toBe(200)
    const status = await getJson<{ confirmed: boolean; block_height: number; block_hash: string }>(`${base}/tx/${tx.getId()}/status`)
    expect(status).toMatchObject({ confirmed: true, block_height: tipBefore + 1 })
    expect((await getText(`${base}/blocks/tip/hash`)).body).toBe(status.block_hash)
    expect(await getJson<string[]>(`${base}/block/${status.block_hash}/txids`)).toContain(tx.getId())

    const mined = await postJson<{ hashes: string[]; height: number }>(`${base}/regtest/mine`, { blocks: 5 })
    expect(mined.hashes).toHaveLength(5)
    const tip = Number((await getText(`${base}/blocks/tip/height`)).body)
    expect(tip).toBe(mined.height)
    expect(tip - status.block_height + 1).toBe(6)
  })

  it('accepts a P2TR key-path spend (BIP86 tweak, Schnorr over the taproot sighash)', async () => {
    const [utxo] = await getJson<Utxo[]>(`${base}/address/${carol.ordinals.address}/utxo`)
    const tx = p2trSpend(carol, utxo!, alice.ordinals.address, 300_000, 600).extractTransaction()
    expect(await broadcast(base, tx.toHex())).toEqual({ status: 200, body: tx.getId() })
    const onChain = await getJson<EsploraTx>(`${base}/tx/${tx.getId()}`)
    expect(onChain.fee).toBe(600)
    expect(onChain.vin[0]!.prevout!.scriptpubkey_type).toBe('v1_p2tr')
    expect(onChain.vin[0]!.witness).toHaveLength(1)
    expect(onChain.vin[0]!.witness![0]).toHaveLength(128) // 64-byte SIGHASH_DEFAULT signature
    expect(balance(await getJson<AddressInfo>(`${base}/address/${alice.ordinals.address}`))).toBe(1_300_000)
    expect(balance(await getJson<AddressInfo>(`${base}/address/${carol.ordinals.address}`))).toBe(1_000_000 - 300_000 - 600)
  })

  it('refuses a double spend and a rebroadcast of a confirmed transaction', async () => {
    const [utxo] = await getJson<Utxo[]>(`${base}/address/${carol.payment.address}/utxo`)
    const first = p2wpkhSpend(carol, utxo!, alice.payment.address, 10_000_000, 400).extractTransaction()
    const second = p2wpkhSpend(carol, utxo!, bob.payment.address, 10_000_000, 800).extractTransaction()
    expect((await broadcast(base, first.toHex())).status).toBe(200)

    const doubleSpend = await broadcast(base, second.toHex())
    expect(doubleSpend.status).toBe(400)
    expect(rpcError(doubleSpend.body)).toEqual({ code: -25, message: 'bad-txns-inputs-missingorspent' })
    expect((await getText(`${base}/tx/${second.getId()}`)).status).toBe(404)

    const again = await broadcast(base, first.toHex())
    expect(again.status).toBe(400)
    expect(rpcError(again.body)).toEqual({ code: -27, message: 'Transaction outputs already in utxo set' })
  })

  it('refuses a bad ECDSA signature (outputs changed after signing) and a bad Schnorr signature', async () => {
    const [utxo] = await getJson<Utxo[]>(`${base}/address/${bob.payment.address}/utxo`)
    const tx = p2wpkhSpend(bob, utxo!, alice.payment.address, 5_000_000, 500).extractTransaction()
    const tampered = Transaction.fromHex(tx.toHex())
    tampered.outs[0]!.value -= 1_000n // the signature committed to the old amount
    const refused = await broadcast(base, tampered.toHex())
    expect(refused.status).toBe(400)
    expect(rpcError(refused.body)).toEqual({
      code: -26,
      message: 'mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element)',
    })

    const [tapUtxo] = await getJson<Utxo[]>(`${base}/address/${alice.ordinals.address}/utxo`)
    const tapTx = p2trSpend(alice, tapUtxo!, bob.ordinals.address, 100_000, 500).extractTransaction()
    const badSig = Uint8Array.from(tapTx.ins[0]!.witness[0]!)
    badSig[10]! ^= 0x01
    tapTx.setWitness(0, [badSig])
    const tapRefused = await broadcast(base, tapTx.toHex())
    expect(rpcError(tapRefused.body)).toEqual({ code: -26, message: 'mandatory-script-verify-flag-failed (Invalid Schnorr signature)' })

    // Signing with a key that does not own the output: the pubkey does not hash to the witness program.
    const stranger = ECPair.makeRandom({ network })
    const psbt = new Psbt({ network })
    psbt.addInput({ hash: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: payments.p2wpkh({ pubkey: stranger.publicKey, network }).output!, value: BigInt(utxo!.value) } })
    psbt.addOutput({ address: alice.payment.address, value: BigInt(utxo!.value - 1_000) })
    psbt.signInput(0, stranger)
    psbt.finalizeAllInputs()
    const wrongKey = await broadcast(base, psbt.extractTransaction().toHex())
    expect(rpcError(wrongKey.body)).toEqual({ code: -26, message: 'mandatory-script-verify-flag-failed (Script failed an OP_EQUALVERIFY operation)' })
    // Nothing moved.
    expect(await getJson(`${base}/tx/${utxo!.txid}/outspend/${utxo!.vout}`)).toEqual({ spent: false })
  })

  it('refuses outputs worth more than the inputs, a fee under the relay minimum and dust', async () => {
    const [utxo] = await getJson<Utxo[]>(`${base}/address/${bob.payment.address}/utxo`)
    // The PSBT claims a bigger input than the chain has; the ledger sums the real prevouts.
    const overspend = p2wpkhSpend(bob, { ...utxo!, value: utxo!.value + 5_000 }, alice.payment.address, utxo!.value + 1, 1_000)
    const refused = await broadcast(base, overspend.extractTransaction().toHex())
    expect(refused.status).toBe(400)
    const money = (sats: number) => (sats / 1e8).toFixed(8).replace(/0{1,6}$/, '')
    expect(rpcError(refused.body)).toEqual({
      code: -26,
      message: `bad-txns-in-belowout, value in (${money(utxo!.value)}) < value out (${money(utxo!.value + 4_000)})`,
    })

    const noFee = p2wpkhSpend(bob, utxo!, alice.payment.address, 1_000_000, 0).extractTransaction(true)
    expect(rpcError((await broadcast(base, noFee.toHex())).body)).toEqual({ code: -26, message: `min relay fee not met, 0 < ${noFee.virtualSize()}` })

    const dust = p2wpkhSpend(bob, utxo!, alice.payment.address, 293, 500).extractTransaction()
    expect(rpcError((await broadcast(base, dust.toHex())).body)).toEqual({ code: -26, message: 'dust' })

    expect(rpcError((await broadcast(base, 'not a transaction')).body).code).toBe(-22)
  })

  it('funds any address from the faucet (POST /regtest/fund) and refuses coinbase spends before 100 confirmations', async () => {
    const fresh = ECPair.makeRandom({ network })
    const address = payments.p2wpkh({ pubkey: fresh.publicKey, network }).address!
    const funded = await postJson<{ txid: string; vout: number; status: { confirmed: boolean } }>(`${base}/regtest/fund`, { address, sats: 42_000 })
    expect(funded).toMatchObject({ vout: 0, status: { confirmed: true } })
    expect(balance(await getJson<AddressInfo>(`${base}/address/${address}`))).toBe(42_000)
    const history = await getJson<EsploraTx[]>(`${base}/address/${address}/txs`)
    expect(history.map((t) => t.txid)).toEqual([funded.txid])

    const mined = await postJson<{ hashes: string[] }>(`${base}/regtest/mine`, { blocks: 1, address })
    const coinbaseTxid = (await getJson<string[]>(`${base}/block/${mined.hashes[0]}/txids`))[0]!
    const coinbase = await getJson<EsploraTx>(`${base}/tx/${coinbaseTxid}`)
    expect(coinbase.vin[0]!.prevout).toBeNull()
    const psbt = new Psbt({ network })
    psbt.addInput({ hash: coinbaseTxid, index: 0, witnessUtxo: { script: outputScript(address), value: BigInt(coinbase.vout[0]!.value) } })
    psbt.addOutput({ address: alice.payment.address, value: BigInt(coinbase.vout[0]!.value - 1_000) })
    psbt.signInput(0, fresh)
    psbt.finalizeAllInputs()
    const premature = await broadcast(base, psbt.extractTransaction().toHex())
    expect(rpcError(premature.body)).toEqual({ code: -26, message: 'bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth 1' })
  })

  it('verifies nested segwit (P2SH-P2WPKH) and legacy P2PKH spends too', async () => {
    const key = ECPair.makeRandom({ network })
    const p2wpkh = payments.p2wpkh({ pubkey: key.publicKey, network })
    const nested = payments.p2sh({ redeem: p2wpkh, network })
    const legacy = payments.p2pkh({ pubkey: key.publicKey, network })
    expect(nested.address).toMatch(/^2/)
    expect(legacy.address).toMatch(/^[mn]/)
    const fundNested = await postJson<{ txid: string }>(`${base}/regtest/fund`, { address: nested.address, sats: 500_000 })
    const fundLegacy = await postJson<{ txid: string }>(`${base}/regtest/fund`, { address: legacy.address, sats: 400_000 })

    const spendNested = (value: number) => {
      const psbt = new Psbt({ network })
      psbt.addInput({ hash: fundNested.txid, index: 0, witnessUtxo: { script: nested.output!, value: BigInt(value) }, redeemScript: p2wpkh.output! })
      psbt.addOutput({ address: alice.payment.address, value: 499_000n })
      psbt.signInput(0, key)
      psbt.finalizeAllInputs()
      return psbt.extractTransaction(true)
    }
    // Signed over a wrong amount (segwit sighashes commit to the spent value): refused; the right amount: accepted.
    expect(rpcError((await broadcast(base, spendNested(500_001).toHex())).body).message).toMatch(/^mandatory-script-verify-flag-failed/)
    const nestedTx = spendNested(500_000)
    expect(await broadcast(base, nestedTx.toHex())).toEqual({ status: 200, body: nestedTx.getId() })
    expect((await getJson<EsploraTx>(`${base}/tx/${nestedTx.getId()}`)).vin[0]!.prevout!.scriptpubkey_type).toBe('p2sh')

    const prevHex = (await getText(`${base}/tx/${fundLegacy.txid}/hex`)).body
    const psbt = new Psbt({ network })
    psbt.addInput({ hash: fundLegacy.txid, index: 0, nonWitnessUtxo: hex.decode(prevHex) })
    psbt.addOutput({ address: alice.payment.address, value: 399_000n })
    psbt.signInput(0, key)
    psbt.finalizeAllInputs()
    const legacyTx = psbt.extractTransaction()
    expect(await broadcast(base, legacyTx.toHex())).toEqual({ status: 200, body: legacyTx.getId() })
    expect((await getJson<EsploraTx>(`${base}/tx/${legacyTx.getId()}`)).fee).toBe(1_000)
  })

  it('answers Esplora errors as text and CORS for 127.0.0.1 pages only', async () => {
    expect(await getText(`${base}/address/bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu`)).toEqual({ status: 400, body: 'Invalid Bitcoin address' })
    expect(await getText(`${base}/tx/${'ab'.repeat(32)}`)).toEqual({ status: 404, body: 'Transaction not found' })
    const local = await fetch(`${base}/fee-estimates`, { headers: { origin: 'http://127.0.0.1:5173' } })
    expect(local.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    const estimates = (await local.json()) as Record<string, number>
    expect(Object.keys(estimates)).toEqual(expect.arrayContaining(['1', '6', '144', '1008']))
    const foreign = await fetch(`${base}/fee-estimates`, { headers: { origin: 'https://example.com' } })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${base}/tx`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
  })
})

describe('stack/bitcoin without automine', () => {
  let chain: BitcoinRegtest

  beforeAll(async () => {
    chain = await startBitcoinRegtest({ port: 0, automine: false })
  })
  afterAll(async () => {
    await chain?.stop()
  })

  it('keeps transactions in the mempool until mined and refuses a conflicting spend there', async () => {
    const [alice, bob] = chain.accounts as [BitcoinDevAccount, BitcoinDevAccount]
    const base = chain.url
    const [utxo] = await getJson<Utxo[]>(`${base}/address/${alice.payment.address}/utxo`)
    expect(utxo!.status.confirmed).toBe(true)
    const tx = p2wpkhSpend(alice, utxo!, bob.payment.address, 2_000_000, 300).extractTransaction()
    expect((await broadcast(base, tx.toHex())).status).toBe(200)
    expect(await getJson(`${base}/tx/${tx.getId()}/status`)).toEqual({ confirmed: false })
    const bobInfo = await getJson<AddressInfo>(`${base}/address/${bob.payment.address}`)
    expect(bobInfo.mempool_stats).toMatchObject({ funded_txo_sum: 2_000_000, tx_count: 1 })
    expect(await getJson<string[]>(`${base}/mempool/txids`)).toEqual([tx.getId()])
    // The same transaction again is not an error (bitcoind answers the txid).
    expect(await broadcast(base, tx.toHex())).toEqual({ status: 200, body: tx.getId() })

    const conflict = p2wpkhSpend(alice, utxo!, bob.ordinals.address, 2_000_000, 900).extractTransaction()
    expect(rpcError((await broadcast(base, conflict.toHex())).body)).toEqual({ code: -26, message: 'txn-mempool-conflict' })

    const { height } = await postJson<{ height: number }>(`${base}/regtest/mine`, {})
    expect(await getJson(`${base}/tx/${tx.getId()}/status`)).toMatchObject({ confirmed: true, block_height: height })
    expect((await getJson<AddressInfo>(`${base}/address/${bob.payment.address}`)).mempool_stats.tx_count).toBe(0)
  })
})
