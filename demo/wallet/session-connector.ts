/**
 * For the chain plugins' unit tests: a connector standing in for a WalletConnect session, whose `request` is served
 * by the demo wallet's namespace signer (params go through JSON, as over the relay). It records the methods asked.
 * The browser test (tests/e2e/walletconnect-namespaces.e2e.ts) runs the real thing over the relay.
 */
import { definePlugin, ProviderRpcError, type ChainNamespace, type Connector } from 'portico'
import type { NamespaceSigner } from './namespaces.ts'

export function sessionConnectorPlugin(signer: NamespaceSigner, opts: { reject?: boolean } = {}) {
  const asked: Array<{ method: string; params: unknown; caipNetworkId: string }> = []
  const namespace = signer.namespace as ChainNamespace
  const connector: Connector = {
    id: 'test-session',
    name: 'Portico Demo Wallet',
    type: 'ANNOUNCED',
    chain: namespace,
    async connect() {
      return { accounts: [{ namespace, address: await signer.address(), type: 'eoa' }], caipNetworkId: signer.chains[0]! as never }
    },
    async disconnect() {},
    async request({ method, params, caipNetworkId }) {
      const wire = JSON.parse(JSON.stringify(params ?? {})) as unknown
      asked.push({ method, params: wire, caipNetworkId })
      if (opts.reject) throw new ProviderRpcError(4001, 'User rejected the request.')
      if (!signer.methods.includes(method)) throw new ProviderRpcError(4200, `${method} is not supported`)
      return JSON.parse(JSON.stringify(await signer.execute(method, wire))) as unknown
    },
  }
  const plugin = definePlugin({
    id: 'test-session',
    kind: 'connector',
    portico: '1.x',
    setup(ctx) {
      ctx.registerConnector(() => connector)
    },
  })
  return { plugin, asked }
}
