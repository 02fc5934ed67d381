import { base64 } from '@scure/base'
import { requirePeer, type CaipNetwork } from 'portico/plugin'
import type { Sender, SendRequest, SendToken } from 'portico/plugins/send'
import type { Connection, PublicKey, Transaction } from '@solana/web3.js'
import { isSolanaAddress } from './address.ts'
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from './rpc.ts'
import { SPL_TOKEN_PEER, web3 as loadWeb3 } from './peers.ts'

/** A transfer as the Solana sender needs it: the send plugin's request, of which the token's symbol, decimals and mint. */
export type SolanaSendRequest = Omit<SendRequest, 'token'> & { token: Pick<SendToken, 'symbol' | 'decimals' | 'address'> }

/** The send plugin's `Sender` for Solana (registered under `SendTokens.Senders` when the host has send). */
export interface SolanaSender extends Sender {
  namespace: 'solana'
  estimateFee(request: SolanaSendRequest): ReturnType<Sender['estimateFee']>
  send(request: SolanaSendRequest): ReturnType<Sender['send']>
}

export interface SolanaSenderDeps {
  /** The network's web3.js Connection. */
  connection(network: CaipNetwork): Promise<Connection>
  /** Signs and sends a base64 wire transaction with the connected wallet; answers the signature (base58). */
  signAndSend(transaction: string): Promise<{ signature: string }>
  /** Waits between status polls. */
  sleep?: (ms: number) => Promise<void>
  /** Status polls before the send counts as pending. @default 30 */
  statusPolls?: number
}

/** Between signature status polls: about a slot. */
const POLL_MS = 500

/**
 * The transfer as a transaction (fee payer and blockhash set, unsigned): SystemProgram.transfer for SOL; for an SPL
 * token, `transferChecked` between the associated token accounts of sender and receiver (Token or Token-2022, as the
 * mint's owner says), creating the receiver's account first when it does not exist.
 */
export async function solanaTransferTransaction(connection: Connection, request: SolanaSendRequest): Promise<Transaction> {
  const web3 = await loadWeb3()
  const from = new web3.PublicKey(request.from)
  const to = new web3.PublicKey(request.to)
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed')
  const tx = new web3.Transaction({ feePayer: from, blockhash, lastValidBlockHeight })
  if (!request.token.address) {
    tx.add(web3.SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: request.amount }))
    return tx
  }
  const spl = await import('@solana/spl-token')
  requirePeer(spl, 'createTransferCheckedInstruction', SPL_TOKEN_PEER)
  const mint = new web3.PublicKey(request.token.address)
  const programId = await tokenProgramOf(connection, mint)
  // The receiver may be a PDA (off the curve): its associated account is still well defined.
  const source = spl.getAssociatedTokenAddressSync(mint, from, false, programId)
  const destination = spl.getAssociatedTokenAddressSync(mint, to, true, programId)
  if (!(await connection.getAccountInfo(destination, 'confirmed'))) {
    tx.add(spl.createAssociatedTokenAccountIdempotentInstruction(from, destination, to, mint, programId))
  }
  tx.add(spl.createTransferCheckedInstruction(source, mint, destination, from, request.amount, request.token.decimals, [], programId))
  return tx
}

async function tokenProgramOf(connection: Connection, mint: PublicKey): Promise<PublicKey> {
  const info = await connection.getAccountInfo(mint, 'confirmed')
  const owner = info?.owner.toBase58()
  if (owner !== TOKEN_PROGRAM_ID && owner !== TOKEN_2022_PROGRAM_ID) throw new Error(`${mint.toBase58()} is not an SPL token mint`)
  return info!.owner
}

/**
 * The solana sender of the send plugin: SOL and SPL transfers, the fee from getFeeForMessage, signed and sent by the
 * connected wallet (`solana_signAndSendTransaction`), then the signature status polled until confirmed.
 */
export function solanaSender(deps: SolanaSenderDeps): SolanaSender {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const polls = deps.statusPolls ?? 30
  return {
    namespace: 'solana',
    isAddress: (address) => isSolanaAddress(address),
    async estimateFee(request) {
      const connection = await deps.connection(request.network)
      const tx = await solanaTransferTransaction(connection, request)
      const { value } = await connection.getFeeForMessage(tx.compileMessage(), 'confirmed')
      if (value === null) throw new Error('The network could not price this transaction (its blockhash expired); try again')
      const { decimals, symbol } = request.network.nativeCurrency
      return { amount: BigInt(value), decimals, symbol }
    },
    async send(request) {
      const connection = await deps.connection(request.network)
      const tx = await solanaTransferTransaction(connection, request)
      const wire = base64.encode(tx.serialize({ requireAllSignatures: false, verifySignatures: false }))
      const { signature } = await deps.signAndSend(wire)
      for (let i = 0; i < polls; i++) {
        const { value } = await connection.getSignatureStatuses([signature])
        const status = value[0]
        if (status?.err) return { hash: signature, status: 'reverted' }
        if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) {
          return { hash: signature, status: 'success' }
        }
        await sleep(POLL_MS)
      }
      return { hash: signature, status: 'pending' }
    },
  }
}
