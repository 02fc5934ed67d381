import { address as btcAddress, networks, opcodes } from 'bitcoinjs-lib'
import { hex } from '@scure/base'

/** Script facts as Esplora shows them: its `scriptpubkey_type` names and rust-bitcoin's asm notation. */

export type EsploraScriptType =
  | 'p2pk'
  | 'p2pkh'
  | 'p2sh'
  | 'v0_p2wpkh'
  | 'v0_p2wsh'
  | 'v1_p2tr'
  | 'op_return'
  | 'multisig'
  | 'provably_unspendable'
  | 'empty'
  | 'unknown'

const OP_0 = 0x00
const OP_PUSHDATA1 = 0x4c
const OP_PUSHDATA2 = 0x4d
const OP_PUSHDATA4 = 0x4e
const OP_1NEGATE = 0x4f
const OP_1 = 0x51
const OP_16 = 0x60
const OP_RETURN = 0x6a
const OP_DUP = 0x76
const OP_EQUAL = 0x87
const OP_EQUALVERIFY = 0x88
const OP_HASH160 = 0xa9
const OP_CHECKSIG = 0xac
const OP_CHECKMULTISIG = 0xae

export type ScriptOp = { opcode: number; data?: Uint8Array; truncated?: boolean }

/** Splits a script into opcodes and pushes; a push running past the end is marked truncated and ends the list. */
export function parseScript(script: Uint8Array): ScriptOp[] {
  const ops: ScriptOp[] = []
  let i = 0
  while (i < script.length) {
    const opcode = script[i++]!
    let size = -1
    if (opcode > OP_0 && opcode < OP_PUSHDATA1) size = opcode
    else if (opcode === OP_PUSHDATA1) size = i + 1 <= script.length ? script[i]! : -2
    else if (opcode === OP_PUSHDATA2) size = i + 2 <= script.length ? script[i]! | (script[i + 1]! << 8) : -2
    else if (opcode === OP_PUSHDATA4)
      size = i + 4 <= script.length ? (script[i]! | (script[i + 1]! << 8) | (script[i + 2]! << 16)) + script[i + 3]! * 0x1000000 : -2
    if (size === -1) {
      ops.push({ opcode })
      continue
    }
    if (size === -2) {
      ops.push({ opcode, truncated: true })
      break
    }
    if (opcode >= OP_PUSHDATA1) i += opcode === OP_PUSHDATA1 ? 1 : opcode === OP_PUSHDATA2 ? 2 : 4
    if (i + size > script.length) {
      ops.push({ opcode, truncated: true })
      break
    }
    ops.push({ opcode, data: script.slice(i, i + size) })
    i += size
  }
  return ops
}

const OPCODE_NAMES = new Map<number, string>()
for (const [name, value] of Object.entries(opcodes)) {
  if (typeof value === 'number' && !OPCODE_NAMES.has(value)) OPCODE_NAMES.set(value, name)
}

function opcodeName(opcode: number): string {
  if (opcode === OP_0) return 'OP_0'
  if (opcode === OP_1NEGATE) return 'OP_PUSHNUM_NEG1'
  if (opcode >= OP_1 && opcode <= OP_16) return `OP_PUSHNUM_${opcode - OP_1 + 1}`
  if (opcode === 0xb1) return 'OP_CLTV'
  if (opcode === 0xb2) return 'OP_CSV'
  if (opcode > 0xba) return `OP_RETURN_${opcode}`
  return OPCODE_NAMES.get(opcode) ?? `OP_UNKNOWN_${opcode}`
}

/** rust-bitcoin's asm, which Esplora's `*_asm` fields use: `OP_0 OP_PUSHBYTES_20 <hex>`. */
export function scriptAsm(script: Uint8Array): string {
  return parseScript(script)
    .map((op) => {
      if (op.opcode > OP_0 && op.opcode <= OP_PUSHDATA4) {
        const name = op.opcode < OP_PUSHDATA1 ? `OP_PUSHBYTES_${op.opcode}` : opcodeName(op.opcode)
        return op.truncated ? `${name} <push past end>` : `${name} ${hex.encode(op.data!)}`
      }
      return opcodeName(op.opcode)
    })
    .join(' ')
}

export function scriptType(script: Uint8Array): EsploraScriptType {
  const n = script.length
  if (n === 0) return 'empty'
  if (n === 22 && script[0] === OP_0 && script[1] === 20) return 'v0_p2wpkh'
  if (n === 34 && script[0] === OP_0 && script[1] === 32) return 'v0_p2wsh'
  if (n === 34 && script[0] === OP_1 && script[1] === 32) return 'v1_p2tr'
  if (n === 25 && script[0] === OP_DUP && script[1] === OP_HASH160 && script[2] === 20 && script[23] === OP_EQUALVERIFY && script[24] === OP_CHECKSIG)
    return 'p2pkh'
  if (n === 23 && script[0] === OP_HASH160 && script[1] === 20 && script[22] === OP_EQUAL) return 'p2sh'
  if ((n === 35 && script[0] === 33) || (n === 67 && script[0] === 65)) {
    if (script[n - 1] === OP_CHECKSIG) return 'p2pk'
  }
  if (script[0] === OP_RETURN) return 'op_return'
  if (script[n - 1] === OP_CHECKMULTISIG && script[0]! >= OP_1 && script[0]! <= OP_16) return 'multisig'
  return 'unknown'
}

/** The regtest address of an output script, or undefined for scripts without one (OP_RETURN, bare multisig...). */
export function scriptAddress(script: Uint8Array): string | undefined {
  try {
    return btcAddress.fromOutputScript(script, networks.regtest)
  } catch {
    return undefined
  }
}

/** The output script of a regtest address (bcrt1..., m/n..., 2...), or undefined when it is not one. */
export function addressScript(address: string): Uint8Array | undefined {
  try {
    return btcAddress.toOutputScript(address, networks.regtest)
  } catch {
    return undefined
  }
}

/** True for witness programs (v0-v16), which get the cheaper dust threshold and are exempt from sigop counting. */
export function isWitnessProgram(script: Uint8Array): boolean {
  const n = script.length
  if (n < 4 || n > 42) return false
  const v = script[0]!
  if (v !== OP_0 && (v < OP_1 || v > OP_16)) return false
  return script[1] === n - 2
}
