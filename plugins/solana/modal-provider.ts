import type { WalletAccount } from '@wallet-standard/base'
import { ProviderRpcError, type PluginContext } from 'portico/plugin'
import { WalletStandardConnector } from './connector.ts'
import type { SolanaStandardWallet, SolanaWalletFeatures } from './wallet-standard.ts'

/**
 * `modal.getProvider('solana')`: the connected Wallet Standard wallet, its account and its features
 * (`standard:connect`, `solana:signMessage`, `solana:signTransaction`, `solana:signAndSendTransaction`, ...), read at
 * the time of use. `features` throws 4900 while no Wallet Standard wallet is connected for solana (a WalletConnect or
 * embedded-wallet connection has no Wallet Standard wallet: use `modal.request('solana:signMessage', ...)` there).
 */
export interface SolanaModalProvider {
  readonly wallet: SolanaStandardWallet | undefined
  readonly account: WalletAccount | undefined
  readonly features: SolanaWalletFeatures
}

export function createSolanaModalProvider(ctx: Pick<PluginContext, 'connection'>): SolanaModalProvider {
  const connected = () => {
    const active = ctx.connection.active('solana')
    return active?.connector instanceof WalletStandardConnector ? { wallet: active.connector.wallet, address: active.address } : undefined
  }
  return {
    get wallet() {
      return connected()?.wallet
    },
    get account() {
      const c = connected()
      return c?.wallet.accounts.find((a) => a.address === c.address)
    },
    get features() {
      const c = connected()
      if (!c) throw new ProviderRpcError(4900, 'No Wallet Standard wallet is connected for solana.')
      return c.wallet.features
    },
  }
}
