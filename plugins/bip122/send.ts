import { ErrorText, type CaipNetwork } from 'portico/plugin'
import { bitcoinjs } from './peers.ts'
import { decodeBitcoinAddress, type BitcoinAddressType } from './address.ts'
import { broadcast, getFeeRate, getTxHex, getUtxos, type Utxo } from './esplora.ts'
import { esploraUrl, networkName } from './networks.ts'
import type { BitcoinAccount, BitcoinWallet } from './wallets.ts'

export interface Recipient {
  address: string
  /** Satoshis. */
  amount: number
}

/** Below this a change output is not worth its bytes (and bitcoind calls it dust for every output type). */
const CHANGE_DUST = 546
/** Virtual size of one signed input by the script it spends. */
const INPUT_VBYTES: Partial<Record<BitcoinAddressType, number>> = { p2wpkh: 68, p2tr: 58, p2sh: 91, p2pkh: 148 }

/** SPEC §5: an amount and a receiver for every output; addresses of the network the wallet is on. */
export function checkRecipients(recipients: readonly Recipient[] | undefined, network: CaipNetwork): Recipient[] {
  if (!recipients?.length || recipients.some((r) => !r?.address || !r.amount)) throw new Error(ErrorText.AMOUNT_AND_RECEIVER_REQUIRED)
  for (const r of recipients) {
    if (!Number.isSafeInteger(r.amount) || r.amount <= 0) throw new Error(`Invalid amount: ${String(r.amount)} (satoshis, a positive integer)`)
    const decoded = decodeBitcoinAddress(r.address)
    if (!decoded || !decoded.networks.includes(networkName(network)) || decoded.type === 'witness') {
      throw new Error(`Invalid Bitcoin address for ${network.name}: ${r.address}`)
    }
  }
  return [...recipients]
}

/**
 * Builds an unsigned PSBT paying `recipients` from `from` (largest UTXOs first, change back to `from`), with the fee
 * at `feeRate` sat/vB. Answers the base64 PSBT and the input indexes `from` must sign.
 */
export async function buildTransferPsbt(args: {
  from: BitcoinAccount
  recipients: readonly Recipient[]
  network: CaipNetwork
  utxos: readonly Utxo[]
  feeRate: number
  /** Raw previous transactions, for legacy (P2PKH) inputs. */
  txHex?: (txid: string) => Promise<string>
}): Promise<{ psbt: string; inputs: number[]; fee: number }> {
  const { Psbt } = await bitcoinjs()
  const { from, recipients, feeRate } = args
  const source = decodeBitcoinAddress(from.address)
  const inputVbytes = source && INPUT_VBYTES[source.type]
  if (!source || !inputVbytes) throw new Error(`Cannot spend from ${from.address}`)
  const outputs = recipients.map((r) => ({ script: decodeBitcoinAddress(r.address)!.script, value: r.amount }))
  const outputVbytes = (script: Uint8Array) => 9 + script.length
  const target = recipients.reduce((n, r) => n + r.amount, 0)

  // Largest first until the inputs cover the amount and the fee of a transaction with a change output.
  const chosen: Utxo[] = []
  let total = 0
  let fee = 0
  const baseVbytes = 11 + outputs.reduce((n, o) => n + outputVbytes(o.script), 0)
  for (const utxo of [...args.utxos].sort((a, b) => b.value - a.value)) {
    chosen.push(utxo)
    total += utxo.value
    fee = Math.ceil((baseVbytes + outputVbytes(source.script) + chosen.length * inputVbytes) * feeRate)
    if (total >= target + fee) break
  }
  if (total < target + fee) throw new Error('Insufficient funds')
  let change = total - target - fee
  if (change < CHANGE_DUST) {
    fee += change // too small for its own output: the miner keeps it
    change = 0
  }

  const psbt = new Psbt()
  for (const utxo of chosen) {
    const input: Parameters<typeof psbt.addInput>[0] = { hash: utxo.txid, index: utxo.vout }
    if (source.type === 'p2pkh') {
      if (!args.txHex) throw new Error('Legacy inputs need their previous transactions')
      input.nonWitnessUtxo = hexToBytes(await args.txHex(utxo.txid))
    } else {
      input.witnessUtxo = { script: source.script, value: BigInt(utxo.value) }
    }
    const pub = from.publicKey ? hexToBytes(from.publicKey) : undefined
    if (source.type === 'p2tr' && pub) input.tapInternalKey = pub.length === 33 ? pub.subarray(1) : pub
    if (source.type === 'p2sh') {
      if (!pub || pub.length !== 33) throw new Error('A P2SH-P2WPKH input needs the compressed public key')
      const { hash160 } = await import('./hash160.ts')
      input.redeemScript = new Uint8Array([0x00, 0x14, ...hash160(pub)])
    }
    psbt.addInput(input)
  }
  for (const o of outputs) psbt.addOutput({ script: o.script, value: BigInt(o.value) })
  if (change > 0) psbt.addOutput({ script: source.script, value: BigInt(change) })
  return { psbt: psbt.toBase64(), inputs: chosen.map((_, i) => i), fee }
}

/** Finalizes a signed PSBT (unless the wallet did) and answers the raw transaction hex. */
export async function extractTransaction(signedPsbt: string): Promise<string> {
  const { Psbt } = await bitcoinjs()
  const psbt = Psbt.fromBase64(signedPsbt)
  psbt.data.inputs.forEach((input, i) => {
    if (!input.finalScriptWitness && !input.finalScriptSig) psbt.finalizeInput(i)
  })
  return psbt.extractTransaction().toHex()
}

/**
 * Sends a transfer from the wallet's payment account: the wallet's own sendTransfer when it has one (sats-connect),
 * else a PSBT built from the account's UTXOs on Esplora, signed by the wallet and broadcast through Esplora.
 */
export async function sendTransfer(wallet: BitcoinWallet, from: BitcoinAccount, recipients: Recipient[], network: CaipNetwork): Promise<string> {
  const checked = checkRecipients(recipients, network)
  if (wallet.sendTransfer) return wallet.sendTransfer({ recipients: checked, network })
  const base = esploraUrl(network)
  const [utxos, feeRate] = await Promise.all([getUtxos(base, from.address), getFeeRate(base)])
  const { psbt, inputs } = await buildTransferPsbt({ from, recipients: checked, network, utxos, feeRate, txHex: (txid) => getTxHex(base, txid) })
  const signed = await wallet.signPsbt({ psbt, signInputs: { [from.address]: inputs }, network })
  return broadcast(base, await extractTransaction(signed))
}

export function hexToBytes(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error('Invalid hex string')
  return Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16))
}
