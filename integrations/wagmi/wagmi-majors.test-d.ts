import { expectTypeOf, test } from 'vitest'
import { createConfig as createConfig3, http as http3, type CreateConnectorFn as CreateConnectorFn3 } from 'wagmi'
import { createConfig as createConfig2, http as http2, type CreateConnectorFn as CreateConnectorFn2 } from 'wagmi2'
import { createModal } from 'portico'
import { porticoConnector } from 'portico/wagmi'

const chain = { id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } } as const

test('porticoConnector(modal) is a CreateConnectorFn of wagmi 3 and of wagmi 2', () => {
  const modal = createModal()
  expectTypeOf(porticoConnector(modal)).toExtend<CreateConnectorFn3>()
  expectTypeOf(porticoConnector(modal)).toExtend<CreateConnectorFn2>()
  createConfig3({ chains: [chain], connectors: [porticoConnector(modal)], transports: { [chain.id]: http3() } })
  createConfig2({ chains: [chain], connectors: [porticoConnector(modal)], transports: { [chain.id]: http2() } })
})
