import { createHash } from 'node:crypto'
import { base58 } from '@scure/base'
import { Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js'
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
} from '@solana/spl-token'
import { SYSTEM_PROGRAM, TOKEN_PROGRAM } from './accounts.ts'
import { transactionErrorText } from './errors.ts'
import { decodeWireTransaction, type SolanaLedger } from './ledger.ts'
import { mnemonicToSeed, slip10Ed25519, solanaDerivationPath, SOLANA_DEV_MNEMONIC } from './keys.ts'

export const SOLANA_DEV_ACCOUNT_COUNT = 10
/** Mint authority and fee payer of the seed transactions, as account 9 deploys on stack/chain. */
export const SOLANA_DEPLOYER_INDEX = 9
export const SOLANA_DEV_ACCOUNT_LAMPORTS = 1000n * BigInt(LAMPORTS_PER_SOL)
/** Kept below 2^53 lamports so getBalance of the faucet stays exact in a JSON number. */
export const SOLANA_FAUCET_LAMPORTS = 5_000_000n * BigInt(LAMPORTS_PER_SOL)

/**
 * Fixed, so the CAIP-2 id `solana:<first 32 chars>` is the same on every start and every machine. It names this
 * local cluster only; it is no hash of a real genesis config.
 */
export const SOLANA_GENESIS_HASH = base58.encode(createHash('sha256').update('portico solana local cluster v1').digest())
export const SOLANA_CAIP_NETWORK_ID = `solana:${SOLANA_GENESIS_HASH.slice(0, 32)}`

export type SolanaDevAccount = {
  index: number
  address: string
  derivationPath: string
  /** 64 bytes: ed25519 seed then public key, as `Keypair.fromSecretKey` and solana-keygen files take it. */
  secretKey: Uint8Array
  /** The same 64 bytes in base58, the form wallets import as a "private key". */
  secretKeyBase58: string
}

const seed = mnemonicToSeed(SOLANA_DEV_MNEMONIC)
const keypairAt = (path: string): Keypair => Keypair.fromSeed(slip10Ed25519(seed, path))

/** The dev accounts: m/44'/501'/i'/0' of the dev mnemonic, 1000 SOL each at genesis. */
export const solanaDevAccounts: readonly SolanaDevAccount[] = Object.freeze(
  Array.from({ length: SOLANA_DEV_ACCOUNT_COUNT }, (_, index) => {
    const derivationPath = solanaDerivationPath(index)
    const keypair = keypairAt(derivationPath)
    return Object.freeze({
      index,
      address: keypair.publicKey.toBase58(),
      derivationPath,
      secretKey: keypair.secretKey,
      secretKeyBase58: base58.encode(keypair.secretKey),
    })
  }),
)

export function solanaDevKeypair(index: number): Keypair {
  const account = solanaDevAccounts[index]
  if (!account) throw new Error(`no Solana dev account ${index}`)
  return Keypair.fromSecretKey(account.secretKey)
}

/** Signs requestAirdrop transfers. Far beyond the accounts a wallet scans, so an imported phrase never shows it. */
export const SOLANA_FAUCET_PATH = "m/44'/501'/999'/0'"
export const solanaFaucetKeypair = (): Keypair => keypairAt(SOLANA_FAUCET_PATH)

export type SeedToken = {
  key: 'usdc6' | 'ptk9'
  name: string
  symbol: string
  decimals: number
  /** Whole tokens minted to each holder. */
  amount: string
  holders: number[]
  /** Where the mint keypair derives from, so the mint address is fixed. */
  mintPath: string
}

export const SOLANA_SEED_TOKENS: readonly SeedToken[] = Object.freeze([
  { key: 'usdc6', name: 'USD Coin (Portico)', symbol: 'USDC', decimals: 6, amount: '1000', holders: [0, 1, 2, 3], mintPath: "m/44'/501'/1000'/0'" },
  { key: 'ptk9', name: 'Portico Token', symbol: 'PTK', decimals: 9, amount: '250.5', holders: [0, 1, 2, 3], mintPath: "m/44'/501'/1001'/0'" },
])

export type SeededMint = {
  address: string
  name: string
  symbol: string
  decimals: number
  programId: string
  mintAuthority: string
}

export type SolanaSeed = {
  faucet: string
  mints: Record<SeedToken['key'], SeededMint>
  /** Owner address -> token key -> associated token account. */
  tokenAccounts: Record<string, Partial<Record<SeedToken['key'], string>>>
}

function baseUnits(amount: string, decimals: number): bigint {
  const [whole, fraction = ''] = amount.split('.')
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt((fraction + '0'.repeat(decimals)).slice(0, decimals) || '0')
}

function land(ledger: SolanaLedger, signers: Keypair[], instructions: TransactionInstruction[]): void {
  const tx = new Transaction({ feePayer: signers[0]!.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash })
  tx.add(...instructions)
  tx.sign(...signers)
  const outcome = ledger.submit(decodeWireTransaction(tx.serialize()))
  const err = outcome.dropped ?? outcome.record?.err ?? null
  if (err !== null) throw new Error(`seed transaction ${outcome.signature} failed: ${transactionErrorText(err)}`)
}

/**
 * Genesis balances (no transaction, as a validator's genesis accounts), then the mints and token balances through
 * real transactions signed by the deployer, so they show in getSignaturesForAddress like any later transfer.
 */
export function seedLedger(ledger: SolanaLedger): SolanaSeed {
  const system = { data: new Uint8Array(), owner: SYSTEM_PROGRAM, executable: false }
  for (const account of solanaDevAccounts) ledger.setAccount(account.address, { ...system, lamports: SOLANA_DEV_ACCOUNT_LAMPORTS })
  const faucet = solanaFaucetKeypair()
  ledger.setAccount(faucet.publicKey.toBase58(), { ...system, lamports: SOLANA_FAUCET_LAMPORTS })

  const deployer = solanaDevKeypair(SOLANA_DEPLOYER_INDEX)
  const tokenProgram = new PublicKey(TOKEN_PROGRAM)
  const mints = {} as SolanaSeed['mints']
  const tokenAccounts: SolanaSeed['tokenAccounts'] = {}
  const mintRent = Number(ledger.minimumBalanceForRentExemption(MINT_SIZE))
  for (const token of SOLANA_SEED_TOKENS) {
    const mint = keypairAt(token.mintPath)
    land(ledger, [deployer, mint], [
      SystemProgram.createAccount({ fromPubkey: deployer.publicKey, newAccountPubkey: mint.publicKey, lamports: mintRent, space: MINT_SIZE, programId: tokenProgram }),
      createInitializeMint2Instruction(mint.publicKey, token.decimals, deployer.publicKey, null, tokenProgram),
    ])
    for (const index of token.holders) {
      const holder = new PublicKey(solanaDevAccounts[index]!.address)
      const ata = getAssociatedTokenAddressSync(mint.publicKey, holder, false, tokenProgram)
      land(ledger, [deployer], [
        createAssociatedTokenAccountIdempotentInstruction(deployer.publicKey, ata, holder, mint.publicKey, tokenProgram),
        createMintToInstruction(mint.publicKey, ata, deployer.publicKey, baseUnits(token.amount, token.decimals), [], tokenProgram),
      ])
      const owned = (tokenAccounts[holder.toBase58()] ??= {})
      owned[token.key] = ata.toBase58()
    }
    mints[token.key] = {
      address: mint.publicKey.toBase58(),
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      programId: TOKEN_PROGRAM,
      mintAuthority: deployer.publicKey.toBase58(),
    }
  }
  return { faucet: faucet.publicKey.toBase58(), mints, tokenAccounts }
}
