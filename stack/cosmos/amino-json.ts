import { utf8ToBytes } from '@noble/hashes/utils'
import type { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin'
import type { AuthInfo, TxBody } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import type { BankMsg } from './bank-ledger.ts'

/**
 * SIGN_MODE_LEGACY_AMINO_JSON sign bytes, rebuilt from the transaction the way the SDK's x/auth does: the StdSignDoc
 * as JSON with keys sorted at every level, no whitespace, and `&`, `<`, `>` escaped as Go's encoder writes them.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  const out: { [key: string]: Json } = {}
  for (const key of Object.keys(value).sort()) out[key] = sortKeys(value[key]!)
  return out
}

export function canonicalAminoJson(doc: Json): string {
  return JSON.stringify(sortKeys(doc)).replace(/&/g, '\\u0026').replace(/</g, '\\u003c').replace(/>/g, '\\u003e')
}

const coinsJson = (coins: Coin[]): Json => coins.map((c) => ({ amount: c.amount, denom: c.denom }))

function msgJson(msg: BankMsg): Json {
  switch (msg.typeUrl) {
    case '/cosmos.bank.v1beta1.MsgSend':
      return {
        type: 'cosmos-sdk/MsgSend',
        value: { from_address: msg.value.fromAddress, to_address: msg.value.toAddress, amount: coinsJson(msg.value.amount) },
      }
  }
}

export function legacyAminoSignBytes(args: {
  body: TxBody
  msgs: BankMsg[]
  authInfo: AuthInfo
  chainId: string
  accountNumber: bigint
  sequence: bigint
}): Uint8Array {
  const fee = args.authInfo.fee
  const feeJson: { [key: string]: Json } = { amount: coinsJson(fee?.amount ?? []), gas: String(fee?.gasLimit ?? 0n) }
  if (fee?.payer) feeJson.payer = fee.payer
  if (fee?.granter) feeJson.granter = fee.granter
  const doc: { [key: string]: Json } = {
    account_number: args.accountNumber.toString(),
    chain_id: args.chainId,
    fee: feeJson,
    memo: args.body.memo,
    msgs: args.msgs.map(msgJson),
    sequence: args.sequence.toString(),
  }
  if (args.body.timeoutHeight > 0n) doc.timeout_height = args.body.timeoutHeight.toString()
  return utf8ToBytes(canonicalAminoJson(doc))
}
