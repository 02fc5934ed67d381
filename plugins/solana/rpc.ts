import { fetchWithRetry, noRpcUrl, ProviderRpcError, type CaipNetwork, type TokenBalance } from 'portico/plugin'
import type { Connection } from '@solana/web3.js'
import { web3 } from './peers.ts'

/** SPEC §7 chain RPC: a Solana JSON-RPC POST to the network's RPC URL (methods the wallet does not serve). */
export async function solanaHttpRpc<T>(network: CaipNetwork, method: string, params: readonly unknown[] | object = []): Promise<T> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(noRpcUrl(String(network.id)))
  const response = await fetchWithRetry(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json().catch(() => undefined)) as { result?: T; error?: { code: number; message: string; data?: unknown } } | undefined
  if (!body) throw new ProviderRpcError(-32700, `Invalid JSON-RPC reply from ${url}`)
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
  return body.result as T
}

/** One web3.js Connection per network of one plugin instance, made on first use (the SDK loads lazily). */
export class Connections {
  private readonly byNetwork = new Map<string, Promise<Connection>>()

  constructor(private readonly wsUrlOf: (network: CaipNetwork) => string | undefined) {}

  get(network: CaipNetwork): Promise<Connection> {
    let found = this.byNetwork.get(network.caipNetworkId)
    if (!found) {
      const url = network.rpcUrls.default.http[0]
      if (!url) return Promise.reject(new Error(noRpcUrl(String(network.id))))
      found = web3().then(({ Connection }) => new Connection(url, { commitment: 'confirmed', wsEndpoint: this.wsUrlOf(network) }))
      this.byNetwork.set(network.caipNetworkId, found)
    }
    return found
  }

  clear(): void {
    this.byNetwork.clear()
  }
}

/** SPEC §3 Token balance of an SPL token account, `address` its mint (no price source for SPL tokens: price and value 0). */
export type SplTokenBalance = TokenBalance & { address: string }

/** Names a host gives its mints (the local cluster has no Metaplex metadata program). */
export type SplTokenInfo = { name: string; symbol: string; iconUrl?: string }

export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/**
 * The SPL balances of an owner (Token and Token-2022 accounts, jsonParsed), summed per mint; empty accounts and
 * 0-decimal tokens are dropped (SPEC §5).
 */
export async function splTokenBalances(
  connection: Connection,
  owner: string,
  network: CaipNetwork,
  known: Readonly<Record<string, SplTokenInfo>> = {},
): Promise<SplTokenBalance[]> {
  const { PublicKey } = await web3()
  const ownerKey = new PublicKey(owner)
  const lists = await Promise.all(
    [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].map((programId) =>
      connection.getParsedTokenAccountsByOwner(ownerKey, { programId: new PublicKey(programId) }).then((r) => r.value),
    ),
  )
  const byMint = new Map<string, { raw: bigint; decimals: number }>()
  for (const { account } of lists.flat()) {
    const info = (account.data as { parsed?: { info?: { mint?: string; tokenAmount?: { amount?: string; decimals?: number } } } }).parsed?.info
    const mint = info?.mint
    const amount = info?.tokenAmount?.amount
    const decimals = info?.tokenAmount?.decimals
    if (!mint || !amount || typeof decimals !== 'number' || !/^\d+$/.test(amount)) continue
    const prev = byMint.get(mint)
    byMint.set(mint, { raw: (prev?.raw ?? 0n) + BigInt(amount), decimals })
  }
  const out: SplTokenBalance[] = []
  for (const [mint, { raw, decimals }] of byMint) {
    if (raw === 0n || decimals === 0) continue
    const meta = known[mint]
    out.push({
      name: meta?.name ?? `${mint.slice(0, 4)}…${mint.slice(-4)}`,
      symbol: meta?.symbol ?? mint.slice(0, 4),
      chainId: network.caipNetworkId,
      address: mint,
      value: 0,
      price: 0,
      quantity: { decimals: String(decimals), numeric: toDecimal(raw, decimals) },
      iconUrl: meta?.iconUrl,
    })
  }
  return out.sort((a, b) => Number(b.quantity.numeric) - Number(a.quantity.numeric))
}

function toDecimal(raw: bigint, decimals: number): string {
  const s = raw.toString().padStart(decimals + 1, '0')
  const int = s.slice(0, s.length - decimals)
  const frac = s.slice(s.length - decimals).replace(/0+$/, '')
  return frac ? `${int}.${frac}` : int
}
