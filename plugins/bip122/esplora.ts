/** The few Esplora REST calls the plugin makes (blockstream.info/api, mempool.space/api, the stack's regtest). */

export interface Utxo {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean; block_height?: number }
}

async function call(base: string, path: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(`${base}${path}`, init)
  if (!res.ok) {
    const text = (await res.text().catch(() => '')).slice(0, 300)
    throw new Error(text || `Esplora ${path} answered ${res.status}`)
  }
  return res
}

/** Unspent outputs of an address, confirmed and in the mempool. */
export async function getUtxos(base: string, address: string): Promise<Utxo[]> {
  const list = (await (await call(base, `/address/${encodeURIComponent(address)}/utxo`)).json()) as unknown
  if (!Array.isArray(list)) throw new Error('Esplora answered an unexpected UTXO list')
  return list.filter(
    (u): u is Utxo =>
      typeof u?.txid === 'string' && /^[0-9a-f]{64}$/.test(u.txid) && Number.isInteger(u.vout) && Number.isSafeInteger(u.value) && u.value >= 0,
  )
}

/** The balance of an address in satoshis: the sum of its UTXOs. */
export async function getBalanceSats(base: string, address: string): Promise<bigint> {
  const utxos = await getUtxos(base, address)
  return utxos.reduce((sum, u) => sum + BigInt(u.value), 0n)
}

/** Fee rate in sat/vB for confirmation within `target` blocks (at least 1). */
export async function getFeeRate(base: string, target = 6): Promise<number> {
  try {
    const table = (await (await call(base, '/fee-estimates')).json()) as Record<string, number>
    const keys = Object.keys(table).map(Number).filter((k) => k >= target).sort((a, b) => a - b)
    const rate = table[String(keys[0] ?? target)]
    return typeof rate === 'number' && rate >= 1 ? rate : 1
  } catch {
    return 1
  }
}

/** A transaction's raw hex (for legacy inputs, whose PSBT needs the whole previous transaction). */
export async function getTxHex(base: string, txid: string): Promise<string> {
  return (await call(base, `/tx/${txid}/hex`)).text()
}

/** Broadcasts a raw transaction; answers its txid. Rejections carry the node's reason. */
export async function broadcast(base: string, hex: string): Promise<string> {
  return (await (await call(base, '/tx', { method: 'POST', body: hex })).text()).trim()
}
