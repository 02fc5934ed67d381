// @vitest-environment happy-dom
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { getWallets } from '@wallet-standard/app'
import { afterEach, describe, expect, it } from 'vitest'
import { solanaDevAccounts } from '../stack/solana/index.ts'
import {
  createSolanaDevWallet,
  installDevWallet,
  installSolanaDevWallet,
  solanaDevKey,
  verifySolanaSignature,
  type ConsentPrompt,
  type SolanaDevWallet,
} from './index.ts'

type Features = {
  'standard:connect': { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly { address: string }[] }> }
  'solana:signMessage': { signMessage(...i: { account: unknown; message: Uint8Array }[]): Promise<{ signature: Uint8Array }[]> }
  'solana:signTransaction': { signTransaction(...i: { account: unknown; transaction: Uint8Array }[]): Promise<{ signedTransaction: Uint8Array }[]> }
}
const features = (w: SolanaDevWallet) => w.features as unknown as Features

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

describe('Solana dev wallet keys', () => {
  it("derive the stack's funded accounts from the dev mnemonic at m/44'/501'/i'/0'", () => {
    for (const i of [0, 1, 9]) {
      expect(solanaDevKey(i).address).toBe(solanaDevAccounts[i]!.address)
      expect(solanaDevKey(i).path).toBe(`m/44'/501'/${i}'/0'`)
    }
  })
})

describe('Solana dev wallet (Wallet Standard)', () => {
  it('registers through the wallet-standard window events under "Portico Dev Wallet", and unregisters on dispose', () => {
    const installed = installSolanaDevWallet(window, { autoApprove: true, storage: null })
    cleanups.push(() => installed.dispose())
    expect(getWallets().get().map((w) => w.name)).toContain('Portico Dev Wallet')
    installed.dispose()
    expect(getWallets().get().map((w) => w.name)).not.toContain('Portico Dev Wallet')
  })

  it('asks for consent to connect; Reject answers 4001; a silent connect never prompts', async () => {
    const asked: string[] = []
    let answer = false
    const prompt: ConsentPrompt = async (r) => (asked.push(r.method), answer)
    const w = createSolanaDevWallet({ prompt, storage: null })
    await expect(features(w)['standard:connect'].connect()).rejects.toMatchObject({ code: 4001 })
    expect(await features(w)['standard:connect'].connect({ silent: true })).toEqual({ accounts: [] })
    answer = true
    const { accounts } = await features(w)['standard:connect'].connect()
    expect(accounts.map((a) => a.address)).toEqual([solanaDevAccounts[0]!.address])
    expect(asked).toEqual(['standard:connect', 'standard:connect'])
  })

  it('shows the in-page prompt with Approve and Reject when no prompt is given', async () => {
    const w = createSolanaDevWallet({ storage: null })
    const pending = features(w)['standard:connect'].connect()
    const dialog = document.querySelector('[role="dialog"][aria-label="Portico Dev Wallet"]')
    expect(dialog?.textContent).toContain(solanaDevAccounts[0]!.address)
    const reject = [...dialog!.querySelectorAll('button')].find((b) => b.textContent === 'Reject')
    expect([...dialog!.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Reject', 'Approve'])
    reject!.click()
    await expect(pending).rejects.toMatchObject({ code: 4001 })
  })

  it('signs messages with ed25519 and refuses before connect (4100)', async () => {
    const w = createSolanaDevWallet({ autoApprove: true, storage: null })
    const message = new TextEncoder().encode('hi')
    const account = { address: solanaDevAccounts[0]!.address }
    await expect(features(w)['solana:signMessage'].signMessage({ account, message })).rejects.toMatchObject({ code: 4100 })
    await features(w)['standard:connect'].connect()
    const [out] = await features(w)['solana:signMessage'].signMessage({ account: w.accounts[0], message })
    expect(verifySolanaSignature(account.address, message, out!.signature)).toBe(true)
    expect(verifySolanaSignature(account.address, new TextEncoder().encode('ho'), out!.signature)).toBe(false)
  })

  it('signs a v0 transaction in the fee payer slot', async () => {
    const w = createSolanaDevWallet({ autoApprove: true, storage: null })
    await features(w)['standard:connect'].connect()
    const payer = new PublicKey(solanaDevAccounts[0]!.address)
    const message = new TransactionMessage({
      payerKey: payer,
      recentBlockhash: base58.encode(new Uint8Array(32).fill(7)),
      instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: Keypair.generate().publicKey, lamports: 5 })],
    }).compileToV0Message()
    const unsigned = new VersionedTransaction(message).serialize()
    const [out] = await features(w)['solana:signTransaction'].signTransaction({ account: w.accounts[0], transaction: unsigned })
    const signed = VersionedTransaction.deserialize(out!.signedTransaction)
    expect(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), payer.toBytes())).toBe(true)
  })

  it('failure flags: a listed feature answers 4001 at once, until the flags change', async () => {
    const w = createSolanaDevWallet({ autoApprove: true, storage: null, failures: { reject: ['standard:connect'] } })
    await expect(features(w)['standard:connect'].connect()).rejects.toMatchObject({ code: 4001 })
    w.setFailures({})
    await expect(features(w)['standard:connect'].connect()).resolves.toMatchObject({ accounts: [{ address: solanaDevAccounts[0]!.address }] })
  })

  it('installDevWallet({ solana }) installs one multi-namespace wallet: EIP-6963 and Wallet Standard under one name', () => {
    const installed = installDevWallet(window, { chains: [{ chainId: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:1' }], autoApprove: true, storage: null, solana: true })
    cleanups.push(() => installed.dispose())
    expect(installed.solana?.name).toBe(installed.info.name)
    expect(getWallets().get().some((w) => w === (installed.solana as never))).toBe(true)
    installed.dispose()
    expect(getWallets().get().some((w) => w === (installed.solana as never))).toBe(false)
  })
})
