import { base58, base64 } from '@scure/base'
import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction, TransactionInstruction } from '@solana/web3.js'
import { createApproveInstruction, createTransferInstruction } from '@solana/spl-token'
import { encodeFunctionData, maxUint256, parseAbi, serializeTransaction } from 'viem'
import { describe, expect, it } from 'vitest'
import { describeRequest, formatEther, formatUnits, sponsorRows } from './describe.ts'
import { parseSigningRequest, SIGNING_METHODS, SigningRequestError, type SigningRequest } from '../requests.ts'
import { SUPPORTED_METHODS } from '../server/rpc.ts'
import { needsApproval } from 'portico/plugins/embedded-wallet'

const hex = (s: string) => `0x${Buffer.from(s, 'utf8').toString('hex')}`
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TOKEN = '0x5FbDB2315678afecb367f032d7b7b4e3C0fFeE01'
const SPENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const erc20 = parseAbi(['function approve(address spender, uint256 amount)', 'function transfer(address to, uint256 amount)', 'function setApprovalForAll(address operator, bool approved)'])
const describeApproval = (method: string, params: unknown, chainId?: number | string) => describeRequest(parseSigningRequest(method, params), chainId)
const panelText = (method: string, params: unknown, chainId?: number | string) =>
  describeApproval(method, params, chainId)
    .rows.map((r) => `${r.label}\n${r.value}`)
    .join('\n')

const payer = Keypair.fromSeed(new Uint8Array(32).fill(7))
const other = Keypair.fromSeed(new Uint8Array(32).fill(8)).publicKey
const unknownProgram = Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey
function solanaTx(instructions: TransactionInstruction[]): string {
  const message = new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: base58.encode(new Uint8Array(32).fill(1)), instructions }).compileToV0Message()
  return base64.encode(new VersionedTransaction(message).serialize())
}
const mint = new PublicKey(new Uint8Array(32).fill(3))
const source = new PublicKey(new Uint8Array(32).fill(4))
const dest = new PublicKey(new Uint8Array(32).fill(5))

/** One fully populated request per signing method the server serves: every field it accepts is set. */
const FULL: Record<(typeof SIGNING_METHODS)[number], unknown> = {
  personal_sign: [hex('Hello Portico'), ALICE],
  eth_signTypedData_v4: [
    ALICE,
    JSON.stringify({
      domain: { name: 'Permit Token', version: '2', chainId: 31337, verifyingContract: TOKEN, salt: `0x${'ab'.repeat(32)}` },
      primaryType: 'Permit',
      types: { Permit: [{ name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }] },
      message: { spender: SPENDER, value: '12345' },
    }),
  ],
  eth_sendTransaction: [
    { from: ALICE, to: TOKEN, value: '0x2386f26fc10000', input: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [SPENDER, 777n] }), gas: '0x5208', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00', nonce: '0x7', chainId: '0x7a69' },
  ],
  wallet_sendCalls: [
    {
      version: '2.0.0',
      id: 'batch-1',
      from: ALICE,
      chainId: '0x7a69',
      atomicRequired: true,
      calls: [{ to: TOKEN, value: '0x1', input: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [SPENDER, maxUint256] }) }, { to: SPENDER, data: '0x1234' }],
      capabilities: { paymasterService: { optional: true } },
    },
  ],
  wallet_grantPermissions: [
    { expiry: 1_800_000_000, chainId: '0x7a69', address: ALICE, signer: { type: 'account', data: { id: SPENDER } }, permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1' }, policies: [{ type: 'rate', data: 3 }] }] },
  ],
  wallet_revokePermissions: [{ permissionContext: `0x${'cd'.repeat(32)}` }],
  portico_setDelegation: [{ chainId: '0x7a69', address: SPENDER }],
  solana_signMessage: { message: base58.encode(new TextEncoder().encode('Sign in to Portico')), pubkey: payer.publicKey.toBase58() },
  solana_signTransaction: {
    pubkey: payer.publicKey.toBase58(),
    transaction: solanaTx([
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: other, lamports: 1_500_000_000 }),
      createTransferInstruction(source, dest, payer.publicKey, 4242n),
      new TransactionInstruction({ programId: unknownProgram, keys: [{ pubkey: other, isSigner: false, isWritable: true }], data: Buffer.from([1, 2, 3]) }),
    ]),
  },
  solana_signAndSendTransaction: { pubkey: payer.publicKey.toBase58(), transaction: solanaTx([createApproveInstruction(source, other, payer.publicKey, 2n ** 64n - 1n)]), sendOptions: { skipPreflight: false } },
}

/** Every leaf value of the parsed request the signer reads, with its path. */
function signedFields(req: SigningRequest): Array<[string, string[]]> {
  const out: Array<[string, string[]]> = []
  const walk = (path: string, v: unknown) => {
    if (v instanceof VersionedTransaction) {
      const keys = v.message.staticAccountKeys
      out.push([`${path}.feePayer`, [keys[0]!.toBase58()]])
      v.message.compiledInstructions.forEach((ix, i) => {
        out.push([`${path}.instructions[${i}].program`, [keys[ix.programIdIndex]!.toBase58()]])
        ix.accountKeyIndexes.forEach((a, j) => out.push([`${path}.instructions[${i}].accounts[${j}]`, [keys[a]!.toBase58()]]))
      })
      return
    }
    if (v instanceof Uint8Array) return out.push([path, [new TextDecoder().decode(v), base58.encode(v)]])
    if (typeof v === 'bigint') return out.push([path, [v.toString(), formatEther(v), formatUnits(v, 9)]])
    if (typeof v === 'number' || typeof v === 'boolean') return out.push([path, [String(v), v === true ? 'Yes' : v === false ? 'No' : String(v), new Date(Number(v) * 1000).toISOString()]])
    if (typeof v === 'string') return out.push([path, [v, String(Number(v)), new TextDecoder().decode(Buffer.from(v.slice(2), 'hex'))]])
    if (Array.isArray(v)) return v.forEach((x, i) => walk(`${path}[${i}]`, x))
    if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) if (k !== 'method') walk(path ? `${path}.${k}` : k, x)
  }
  walk('', req)
  return out
}

describe('issue 26 item 1: the panel shows every field the signer uses', () => {
  for (const method of SIGNING_METHODS) {
    it(`${method}: every field of the parsed (signed) request is on the panel`, () => {
      const parsed = parseSigningRequest(method, FULL[method])
      const values = describeApproval(method, FULL[method], 31337).rows.map((r) => r.value)
      const escape = (f: string) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      // A field is shown when a row's value is it, or holds it as a whole token (JSON, lists, "1.5 SOL").
      const shown = (f: string) => f !== '' && values.some((v) => v === f || new RegExp(`(^|[^0-9A-Za-z])${escape(f)}($|[^0-9A-Za-z])`).test(v))
      const fields = signedFields(parsed)
      expect(fields.length).toBeGreaterThan(0)
      const missing = fields.filter(([, forms]) => !forms.some(shown)).map(([path]) => path)
      expect(missing).toEqual([])
    })
  }

  it('every method the server signs (served by /api/rpc and approved in the panel) has a full sample here', () => {
    const served = [...SUPPORTED_METHODS].filter((m) => needsApproval(m)).sort()
    expect(served).toEqual([...SIGNING_METHODS].sort())
    expect(Object.keys(FULL).sort()).toEqual(served)
  })
})

describe('issue 26 item 1: ambiguous and unknown fields are refused (-32602)', () => {
  const refused = (method: string, params: unknown, text: RegExp) => {
    let err: unknown
    try {
      parseSigningRequest(method, params)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(SigningRequestError)
    expect((err as SigningRequestError).code).toBe(-32602)
    expect((err as Error).message).toMatch(text)
  }
  it('data and input both present and different', () => {
    refused('eth_sendTransaction', [{ to: ALICE, data: '0x12', input: '0x34' }], /both "data" and "input"/)
    refused('wallet_sendCalls', [{ calls: [{ to: ALICE, data: '0x12', input: '0x34' }] }], /both "data" and "input"/)
    // Equal synonyms are one payload.
    expect(parseSigningRequest('eth_sendTransaction', [{ to: ALICE, data: '0x12', input: '0x12' }])).toMatchObject({ transaction: { data: '0x12' } })
  })
  it('Solana "transactions" next to (or instead of) "transaction"', () => {
    refused('solana_signTransaction', { transaction: FULL.solana_signTransaction && (FULL.solana_signTransaction as { transaction: string }).transaction, transactions: ['AA=='] }, /"transactions"/)
    refused('solana_signAndSendTransaction', { transactions: ['AA=='] }, /"transactions"/)
  })
  it('unknown fields anywhere', () => {
    refused('eth_sendTransaction', [{ to: ALICE, authorizationList: [] }], /unknown field "authorizationList"/)
    refused('wallet_sendCalls', [{ calls: [{ to: ALICE, gas: '0x1' }] }], /unknown field "gas" in calls\[0\]/)
    refused('solana_signMessage', { message: base58.encode(new Uint8Array([104, 105])), display: 'hex' }, /unknown field "display"/)
    refused('eth_signTypedData_v4', [ALICE, { types: {}, primaryType: 'A', message: {}, extra: 1 }], /unknown field "extra"/)
    refused('personal_sign', ['0x00', ALICE, 'extra'], /at most 2 params/)
  })
  it('a method not served is 4200 before any panel', () => {
    expect(() => parseSigningRequest('solana_signAllTransactions', { transactions: [] })).toThrow(expect.objectContaining({ code: 4200 }))
  })
})

describe('issue 26 item 2: decoded display', () => {
  it('an unlimited ERC-20 approve sent as `input` shows token, spender, amount and a warning in words', () => {
    const d = describeApproval('eth_sendTransaction', [{ to: TOKEN, input: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [SPENDER, maxUint256] }) }], 31337)
    expect(d.rows).toContainEqual({ label: 'Token contract', value: TOKEN, code: true })
    expect(d.rows).toContainEqual({ label: 'Spender', value: SPENDER, code: true })
    expect(d.rows).toContainEqual({ label: 'Amount (token units)', value: `${maxUint256} (unlimited)` })
    expect(d.rows.find((r) => r.warning)?.value).toMatch(/^Unlimited approval/)
  })
  it('setApprovalForAll(true) is flagged; a bounded approve is not', () => {
    const all = describeApproval('eth_sendTransaction', [{ to: TOKEN, data: encodeFunctionData({ abi: erc20, functionName: 'setApprovalForAll', args: [SPENDER, true] }) }])
    expect(all.rows.find((r) => r.warning)?.value).toMatch(/^Unlimited approval: the operator/)
    const bounded = describeApproval('eth_sendTransaction', [{ to: TOKEN, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [SPENDER, 10n] }) }])
    expect(bounded.rows.some((r) => r.warning)).toBe(false)
  })
  it('native value, gas limit, fees and nonce', () => {
    const d = describeApproval('eth_sendTransaction', [{ to: ALICE, value: '0x2386f26fc10000', gas: '0x5208', gasPrice: '0x3b9aca00', nonce: 3 }])
    expect(d.rows).toEqual(
      expect.arrayContaining([
        { label: 'Value', value: '0.01 ETH' },
        { label: 'Gas limit', value: '21000' },
        { label: 'Gas price', value: '1 gwei' },
        { label: 'Nonce', value: '3' },
      ]),
    )
  })
  it('typed data shows its domain chain id and verifying contract, and warns on another chain', () => {
    const d = describeApproval('eth_signTypedData_v4', FULL.eth_signTypedData_v4, 1)
    expect(d.rows).toContainEqual({ label: 'Domain chain id', value: '31337' })
    expect(d.rows).toContainEqual({ label: 'Verifying contract', value: TOKEN, code: true })
    expect(d.rows.find((r) => r.warning)?.value).toBe('The signature is for chain 31337, not the current network 1')
  })
  it('Solana: System transfer, SPL transfer and an unknown program named by id', () => {
    const text = panelText('solana_signTransaction', FULL.solana_signTransaction, 'solana:dev')
    expect(text).toContain('SOL transfer')
    expect(text).toContain('1.5 SOL')
    expect(text).toContain('Token transfer (SPL)')
    expect(text).toContain('4242')
    expect(text).toContain(`Unknown program ${unknownProgram.toBase58()}`)
    expect(text).toContain('0x010203')
  })
  it('Solana: an unlimited SPL approve is flagged', () => {
    const d = describeApproval('solana_signAndSendTransaction', FULL.solana_signAndSendTransaction)
    expect(d.rows.find((r) => r.warning)?.value).toMatch(/^Unlimited approval/)
    expect(d.rows).toContainEqual({ label: 'Instruction 1 spender', value: other.toBase58(), code: true })
  })
  it('personal_sign and solana_signMessage refuse bytes that are a transaction', () => {
    const evmTx = serializeTransaction({ chainId: 1, to: ALICE, value: 1n, nonce: 0, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n, gas: 21000n })
    expect(() => parseSigningRequest('personal_sign', [evmTx, ALICE])).toThrow(/is a serialized transaction/)
    const solTx = base64.decode((FULL.solana_signTransaction as { transaction: string }).transaction)
    expect(() => parseSigningRequest('solana_signMessage', { message: base58.encode(solTx) })).toThrow(/is a serialized transaction/)
    const solMessage = VersionedTransaction.deserialize(solTx).message.serialize()
    expect(() => parseSigningRequest('solana_signMessage', { message: base58.encode(solMessage) })).toThrow(/is a serialized transaction/)
    // Ordinary texts and bytes still sign.
    expect(parseSigningRequest('personal_sign', [hex('Hello from Portico'), ALICE]).method).toBe('personal_sign')
    expect(parseSigningRequest('personal_sign', ['0x00ff10', ALICE]).method).toBe('personal_sign')
    expect(parseSigningRequest('solana_signMessage', { message: base58.encode(new TextEncoder().encode('Hello from Portico')) }).method).toBe('solana_signMessage')
  })
})

describe('approval description', () => {
  it('personal_sign shows the decoded text, binary as hex, plain strings as they are', () => {
    expect(describeApproval('personal_sign', [hex('Hello Portico\nline 2')], 1)).toEqual({
      title: 'Sign message',
      rows: [
        { label: 'Message', value: 'Hello Portico\nline 2' },
        { label: 'Network', value: '1' },
      ],
    })
    expect(describeApproval('personal_sign', ['0x00ff10']).rows).toEqual([{ label: 'Message (hex)', value: '0x00ff10', code: true }])
    expect(describeApproval('personal_sign', ['gm']).rows[0]).toEqual({ label: 'Message', value: 'gm' })
  })

  it('eth_sendTransaction without value or data', () => {
    const d = describeApproval('eth_sendTransaction', [{ to: ALICE }])
    expect(d.rows).toContainEqual({ label: 'Value', value: '0 ETH' })
    expect(d.rows).toContainEqual({ label: 'Data', value: 'None', code: false })
    expect(d.rows).toContainEqual({ label: 'Fees', value: 'Estimated by the wallet' })
  })

  it('formatEther', () => {
    expect(formatEther('0xde0b6b3a7640000')).toBe('1')
    expect(formatEther(1500000000000000000n)).toBe('1.5')
    expect(formatEther('1')).toBe('0.000000000000000001')
    expect(formatEther(undefined)).toBe('0')
    expect(formatEther('junk')).toBe('junk')
  })

  it('wallet_sendCalls lists every call of the batch', () => {
    const d = describeApproval('wallet_sendCalls', [{ version: '2.0.0', calls: [{ to: ALICE, value: '0xde0b6b3a7640000' }, { to: SPENDER, data: '0x1234' }] }], 31337)
    expect(d.title).toBe('Approve transaction')
    expect(d.rows).toEqual([
      { label: 'Batch', value: '2 calls in one operation' },
      { label: 'Call 1 To', value: ALICE, code: true },
      { label: 'Call 1 Value', value: '1 ETH' },
      { label: 'Call 1 Data', value: 'None', code: false },
      { label: 'Call 2 To', value: SPENDER, code: true },
      { label: 'Call 2 Value', value: '0 ETH' },
      { label: 'Call 2 Data', value: '0x1234', code: true },
      { label: 'Version', value: '2.0.0' },
      { label: 'Network', value: '31337' },
    ])
  })

  it('wallet_grantPermissions and wallet_revokePermissions', () => {
    const d = describeApproval('wallet_grantPermissions', [
      { expiry: 1_800_000_000, signer: { type: 'account', data: { id: '0xabc' } }, permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1' } }] },
    ])
    expect(d.title).toBe('Grant permissions')
    expect(d.rows[0]).toEqual({ label: 'Expires', value: '2027-01-15T08:00:00.000Z' })
    expect(d.rows[1]).toEqual({ label: 'Signer', value: 'account' })
    expect(d.rows[3]!.label).toBe('Permission 1')
    expect(JSON.parse(d.rows[3]!.value)).toEqual({ type: 'native-token-recurring-allowance', data: { allowance: '0x1' } })
    const pci = `0x${'01'.repeat(32)}`
    expect(describeApproval('wallet_revokePermissions', [{ permissionContext: pci }])).toEqual({ title: 'Revoke permissions', rows: [{ label: 'Permission', value: pci, code: true }] })
  })
})

describe('issue 29 sponsored gas: the Gas row', () => {
  const origin = 'https://host.example'
  it('sponsored: "Gas paid by" the host metadata name, else the sponsor\'s ERC-7677 name, else the origin', () => {
    expect(sponsorRows({ status: 'sponsored', name: 'Sponsor Inc' }, { name: 'Portico demo', origin })).toEqual([{ label: 'Gas', value: 'Gas paid by Portico demo' }])
    expect(sponsorRows({ status: 'sponsored', name: 'Sponsor Inc' }, { name: '  ', origin })).toEqual([{ label: 'Gas', value: 'Gas paid by Sponsor Inc' }])
    expect(sponsorRows({ status: 'sponsored' }, { origin })).toEqual([{ label: 'Gas', value: 'Gas paid by https://host.example' }])
  })

  it('a long or multi-line name is one line of at most 60 characters', () => {
    const [row] = sponsorRows({ status: 'sponsored' }, { name: `Evil\nApp ${'x'.repeat(100)}`, origin })
    expect(row!.value.startsWith('Gas paid by Evil App xxx')).toBe(true)
    expect(row!.value.length).toBe('Gas paid by '.length + 60)
    expect(row!.value.endsWith('…')).toBe(true)
  })

  it("refused: a warning that the user pays, with the sponsor's reason; none: no row", () => {
    expect(sponsorRows({ status: 'refused', message: 'the daily gas budget is exhausted' }, { name: 'Portico demo', origin })).toEqual([
      { label: 'Gas', value: 'You pay the gas: the sponsor declined this transaction (the daily gas budget is exhausted)', warning: true },
    ])
    expect(sponsorRows({ status: 'none' }, { name: 'Portico demo', origin })).toEqual([])
  })
})
