import { fetchWithRetry, noRpcUrl, ProviderRpcError, type CaipNetwork } from 'portico/plugin'

let nextId = 1

/** SPEC §7 chain RPC: a JSON-RPC POST to the network's RPC URL (reads, and methods the wallet does not serve). */
export async function httpRpc<T>(network: CaipNetwork, method: string, params: readonly unknown[] = []): Promise<T> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(noRpcUrl(String(network.id)))
  const response = await fetchWithRetry(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  })
  const body = (await response.json().catch(() => undefined)) as { result?: T; error?: { code: number; message: string; data?: unknown } } | undefined
  if (!body) throw new ProviderRpcError(-32700, `Invalid JSON-RPC reply from ${url}`)
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
  return body.result as T
}
