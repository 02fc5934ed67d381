import { ModalEventBus } from 'portico'
import { createMemoryAdapter, PorticoStorage } from 'portico'
import { AccountController } from 'portico'
import { ChainRegistry } from 'portico'
import { ConnectorController } from 'portico'
import { NetworkController } from 'portico'
import type { CaipNetwork } from 'portico'
import type { TokenBalance } from './clients/index.ts'

/** Test fixtures shared by the account-data controller tests. */
export function evmNetwork(id: number, name: string): CaipNetwork {
  return {
    id, caipNetworkId: `eip155:${id}`, chainNamespace: 'eip155', name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  }
}
export const mainnet = evmNetwork(1, 'Ethereum')
export const arbitrum = evmNetwork(42161, 'Arbitrum One')
export const ADDRESS = '0x00000000000000000000000000000000000000a1'

export function token(symbol: string, decimals: number, numeric: string, chainId = 'eip155:1'): TokenBalance {
  return { name: symbol, symbol, chainId, value: Number(numeric), price: 1, quantity: { decimals: String(decimals), numeric } }
}

/** An event bus, account, connectors and an eip155 network state on mainnet and arbitrum, connected as ADDRESS. */
export function kernelState(opts: { connected?: boolean } = {}) {
  const events = new ModalEventBus()
  const account = new AccountController()
  const chains = new ChainRegistry()
  chains.register({ namespace: 'eip155', networks: [mainnet, arbitrum], isAddress: () => true })
  const storage = new PorticoStorage(createMemoryAdapter())
  const network = new NetworkController(events, chains, account, storage)
  network.initialize()
  const connectors = new ConnectorController()
  if (opts.connected !== false) account.setAccounts('eip155', [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], '1')
  const snackbar = { errors: [] as string[], showError(message: string) { this.errors.push(message) } }
  return { events, account, chains, storage, network, connectors, snackbar }
}
