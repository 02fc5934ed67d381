import type { Sender, SendFee, SendReceipt, SendRequest } from './tokens.ts'

/** How the eip155 sender reaches the chain: the eip155 plugin's RPC methods (wallet first, HTTP RPC fallback). */
export interface Eip155Rpc {
  /** Any JSON-RPC method (eth_estimateGas, eth_gasPrice, eth_getTransactionReceipt). */
  request(method: string, params: readonly unknown[]): Promise<unknown>
  /** eth_sendTransaction from the connected account; answers the hash. */
  sendTransaction(tx: { to: `0x${string}`; value?: `0x${string}`; data?: `0x${string}` }): Promise<`0x${string}`>
}

export interface Eip155SenderOptions {
  /** Waits between receipt polls (SPEC §9 polling interval 4000 ms). */
  sleep?: (ms: number) => Promise<void>
  /** Receipt polls before the send counts as pending. @default 15 */
  receiptPolls?: number
}

/** SPEC §9 polling interval. */
const POLL_MS = 4_000

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

const toHex = (n: bigint): `0x${string}` => `0x${n.toString(16)}`

/** The transaction of a transfer: a value transfer for the native token, ERC-20 `transfer(to, amount)` otherwise. */
export async function transferTransaction(request: SendRequest): Promise<{ to: `0x${string}`; value?: `0x${string}`; data?: `0x${string}` }> {
  if (!request.token.address) return { to: request.to as `0x${string}`, value: toHex(request.amount) }
  const { encodeFunctionData, erc20Abi } = await import('viem')
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [request.to as `0x${string}`, request.amount] })
  return { to: request.token.address as `0x${string}`, data }
}

/**
 * The eip155 sender: native value transfers and ERC-20 `transfer`, fee from eth_estimateGas × eth_gasPrice, sent with
 * eth_sendTransaction through the connected wallet, then the receipt polled (a reverted receipt is reported).
 */
export function eip155Sender(rpc: Eip155Rpc, options: Eip155SenderOptions = {}): Sender {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const polls = options.receiptPolls ?? 15
  return {
    namespace: 'eip155',
    isAddress: (address) => EVM_ADDRESS.test(address),
    async estimateFee(request): Promise<SendFee> {
      const tx = await transferTransaction(request)
      const [gas, gasPrice] = await Promise.all([
        rpc.request('eth_estimateGas', [{ from: request.from, ...tx }]),
        rpc.request('eth_gasPrice', []),
      ])
      const { decimals, symbol } = request.network.nativeCurrency
      return { amount: BigInt(gas as string) * BigInt(gasPrice as string), decimals, symbol }
    },
    async send(request): Promise<SendReceipt> {
      const hash = await rpc.sendTransaction(await transferTransaction(request))
      for (let i = 0; i < polls; i++) {
        const receipt = (await rpc.request('eth_getTransactionReceipt', [hash])) as { status?: string } | null
        if (receipt) return { hash, status: receipt.status === '0x0' ? 'reverted' : 'success' }
        await sleep(i === 0 ? 500 : POLL_MS)
      }
      return { hash, status: 'pending' }
    },
  }
}
