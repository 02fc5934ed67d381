import { useEffect, useState, type ReactNode } from 'react'
import {
  createMemoryAdapter,
  createModal,
  definePlugin,
  KernelTokens,
  ProviderRpcError,
  type CaipNetwork,
  type Connector,
  type ConnectResult,
  type Modal,
  type PluginDefinition,
} from '../kernel/index.ts'
import { PorticoProvider } from '../ui/react/context.tsx'
import { sampleAddress, sampleIcon } from './fixtures.ts'

/** How the story's fake wallet answers connect. */
export type StoryConnectBehaviour = 'approve' | 'pending' | 'reject'

const network = (id: number, name: string): CaipNetwork => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})

export const storyNetworks = [network(31337, 'Portico Local'), network(31338, 'Portico Local 2')]

function storyConnector(id: string, name: string, type: Connector['type'], color: string, behaviour: StoryConnectBehaviour): Connector {
  const result: ConnectResult = { accounts: [{ namespace: 'eip155', address: sampleAddress, type: 'eoa' }], caipNetworkId: 'eip155:31337' }
  return {
    id,
    name,
    type,
    chain: 'eip155',
    imageUrl: sampleIcon(color, name[0] ?? '?'),
    info: { rdns: `dev.story.${id}` },
    connect: () =>
      behaviour === 'approve'
        ? Promise.resolve(result)
        : behaviour === 'reject'
          ? Promise.reject(new ProviderRpcError(4001, 'User rejected the request.'))
          : new Promise<ConnectResult>(() => undefined),
    reconnect: () => Promise.resolve(undefined),
    disconnect: () => Promise.resolve(),
    switchNetwork: () => Promise.resolve(),
  }
}

/** Which wallets a story's Connect lists: the usual two, none, a dozen, or names too long for a row. */
export type StoryWallets = 'default' | 'none' | 'many' | 'long-names'

const MANY = ['Aurora', 'Beacon', 'Cobalt', 'Drift', 'Ember', 'Fjord', 'Garnet', 'Hollow', 'Indigo', 'Juniper']
const COLORS = ['#8a3ffc', '#d6336c', '#0f62fe', '#198038', '#b28600', '#005d5d']

/** A chain plugin for stories: fixed networks and balance, connectors that answer as the story wants. */
function storyChain(behaviour: StoryConnectBehaviour, wallets: StoryWallets = 'default') {
  return definePlugin({
    id: 'story-chain',
    kind: 'chain', portico: '1.x',
    namespace: 'eip155',
    setup(ctx) {
      ctx.registerChain({
        namespace: 'eip155',
        networks: storyNetworks,
        isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
        getBalance: async () => ({ balance: '1234.56789', symbol: 'ETH' }),
      })
      if (wallets === 'none') return
      const installedName = wallets === 'long-names' ? 'Portico Dev Wallet with an Exceptionally Long Display Name' : 'Portico Dev Wallet'
      ctx.registerConnector(() => ({ ...storyConnector('dev.portico.wallet', installedName, 'ANNOUNCED', '#e2761b', behaviour), switchNetwork: async () => undefined }))
      ctx.registerConnector(() => ({ ...storyConnector('harbor', 'Harbor', 'EXTERNAL', '#0f9d75', behaviour), switchNetwork: async () => undefined }))
      if (wallets === 'many') {
        MANY.forEach((name, i) => ctx.registerConnector(() => storyConnector(name.toLowerCase(), `${name} Wallet`, 'EXTERNAL', COLORS[i % COLORS.length]!, behaviour)))
      }
    },
  })
}

/** Builds a modal for a story: in memory, offline, optionally connected. */
export async function createStoryModal(opts: { connected?: boolean; behaviour?: StoryConnectBehaviour; unsupported?: boolean; themeMode?: 'light' | 'dark'; embedded?: boolean; /** Stories show where a flow lands, so the dialog stays open after connecting unless true. */ closeOnConnect?: boolean; wallets?: StoryWallets; /** The modal's language, e.g. 'de'. */ locale?: string; /** The host's connect-method order (SPEC §2). */ connectMethodOrder?: ('email' | 'social' | 'wallet')[]; /** Extra plugins, made fresh for each modal. */ plugins?: () => PluginDefinition[] } = {}): Promise<Modal> {
  const modal = createModal({ storage: createMemoryAdapter(), plugins: [storyChain(opts.behaviour ?? 'pending', opts.wallets), ...(opts.plugins?.() ?? [])], embedded: opts.embedded ?? true, themeMode: opts.themeMode, locale: opts.locale, connectMethodOrder: opts.connectMethodOrder, closeOnConnect: opts.closeOnConnect ?? false })
  await modal.ready
  if (opts.connected) {
    const connection = modal.get(KernelTokens.Connection)
    const connector = modal.get(KernelTokens.Connectors).get('harbor')!
    connector.connect = () =>
      Promise.resolve({ accounts: [{ namespace: 'eip155', address: sampleAddress, type: 'eoa' }], caipNetworkId: opts.unsupported ? 'eip155:999' : 'eip155:31337' })
    // As SwitchActiveChain does before Connect: the story's eip155 wallet connects with eip155 active, so a namespace
    // restored first (a story's Solana chain) does not keep the user (issue 25 §5 keeps the namespace a connect starts on).
    modal.get(KernelTokens.Network).setActiveNamespace('eip155')
    await connection.connect('harbor')
  }
  return modal
}

/** Renders children inside a provider for a story modal built once. */
export function WithStoryModal({ options, children }: { options?: Parameters<typeof createStoryModal>[0]; children: ReactNode }) {
  const [modal, setModal] = useState<Modal>()
  useEffect(() => {
    let live = true
    let built: Modal | undefined
    void createStoryModal(options).then((m) => {
      built = m
      if (live) setModal(m)
    })
    return () => {
      live = false
      built?.destroy()
    }
  }, [options])
  if (!modal) return null
  return <PorticoProvider modal={modal}>{children}</PorticoProvider>
}
