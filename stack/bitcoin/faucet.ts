import * as ecc from '@bitcoinerlab/secp256k1'
import { hex } from '@scure/base'
import { crypto as btcCrypto, payments, script as btcScript, Transaction } from 'bitcoinjs-lib'
import { faucetKey } from './dev-accounts.ts'
import { dustThreshold, type RegtestLedger } from './ledger.ts'

/** The fee rate of faucet payments, in sat/vB. */
const FAUCET_FEE_RATE = 2

export type FaucetPayment = { script: Uint8Array; sats: number }

/**
 * Funds addresses the way one does on a bitcoind regtest: coinbases mature to the faucet key, and the faucet pays
 * out with ordinary signed P2WPKH transactions that go through the same validation as any wallet's.
 */
export class Faucet {
  private readonly key = faucetKey()

  constructor(private readonly ledger: RegtestLedger) {
    ledger.defaultRewardScript = this.key.script
  }

  get address(): string {
    return this.key.address
  }

  /** Spendable faucet sats: mature coinbases and confirmed or unconfirmed change. */
  spendableSats(): bigint {
    return this.coins().reduce((sum, c) => sum + c.value, 0n)
  }

  /** Pays all `outputs` in one transaction and submits it; returns its txid (outputs keep their order: vout = index). */
  pay(outputs: FaucetPayment[]): string {
    const wanted = outputs.reduce((sum, o) => sum + BigInt(o.sats), 0n)
    const coins = this.coins().sort((a, b) => (a.value === b.value ? 0 : a.value > b.value ? -1 : 1))
    const chosen: typeof coins = []
    let total = 0n
    for (const coin of coins) {
      chosen.push(coin)
      total += coin.value
      // Room for the fee of a generous size estimate (68 vB per input, 43 per output, plus overhead).
      if (total >= wanted + BigInt((11 + 68 * chosen.length + 43 * (outputs.length + 1)) * FAUCET_FEE_RATE)) break
    }
    const build = (change: bigint): Transaction => {
      const tx = new Transaction()
      tx.version = 2
      for (const c of chosen) tx.addInput(Uint8Array.from(hex.decode(c.txid)).reverse(), c.vout, 0xfffffffd)
      for (const o of outputs) tx.addOutput(o.script, BigInt(o.sats))
      if (change > 0n) tx.addOutput(this.key.script, change)
      this.sign(tx, chosen.map((c) => c.value))
      return tx
    }
    const draft = build(1n)
    const fee = BigInt(draft.virtualSize() * FAUCET_FEE_RATE)
    let change = total - wanted - fee
    if (change < 0n) {
      throw new Error(`the faucet has ${this.spendableSats()} spendable sats, not enough for ${wanted} plus fee; mine more blocks first`)
    }
    if (change < BigInt(dustThreshold(this.key.script))) change = 0n
    return this.ledger.submit(build(change).toHex())
  }

  private coins(): Array<{ txid: string; vout: number; value: bigint }> {
    const spendHeight = this.ledger.tip.height + 1
    return this.ledger
      .utxosOfScript(this.key.script)
      .filter(({ record }) => !record.tx.isCoinbase() || spendHeight - record.block!.height >= 100)
      .map(({ record, vout, value }) => ({ txid: record.txid, vout, value }))
  }

  private sign(tx: Transaction, values: bigint[]): void {
    const scriptCode = payments.p2pkh({ hash: btcCrypto.hash160(this.key.publicKey) }).output!
    tx.ins.forEach((_, i) => {
      const hash = tx.hashForWitnessV0(i, scriptCode, values[i]!, Transaction.SIGHASH_ALL)
      const signature = btcScript.signature.encode(ecc.sign(hash, this.key.privateKey), Transaction.SIGHASH_ALL)
      tx.setWitness(i, [signature, this.key.publicKey])
    })
  }
}
