import { createHash } from 'node:crypto'

/** One row of GET /getWallets (SPEC §3 wallet listing; `installed` is the client's own flag). */
export type WalletListing = {
  id: string
  name: string
  rdns: string | null
  image_id: string
  chains: string[]
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  homepage: string | null
  badge_type: 'certified' | 'none'
}

/** Bump when the generator below changes, so existing data directories are re-seeded. */
export const WALLET_DATASET_VERSION = '1'
export const GENERATED_WALLET_COUNT = 300

const sha256Hex = (s: string): string => createHash('sha256').update(s).digest('hex')

/** Registry ids are 64 hex characters; ours are hashes of a stable label so they never change between runs. */
export const walletIdFor = (label: string): string => sha256Hex(`portico-wallet:${label}`)

/** Image ids look like the registry's UUIDs. */
function imageIdFor(label: string): string {
  const h = sha256Hex(`portico-image:${label}`)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export const DEMO_WALLET_ID = walletIdFor('portico-demo-wallet')
export const DEV_WALLET_ID = walletIdFor('portico-dev-wallet')
export const DEV_WALLET_RDNS = 'dev.portico.wallet'

export const CAIP2 = {
  ethereum: 'eip155:1',
  optimism: 'eip155:10',
  polygon: 'eip155:137',
  base: 'eip155:8453',
  arbitrum: 'eip155:42161',
  avalanche: 'eip155:43114',
  local: 'eip155:31337',
  local2: 'eip155:31338',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  solanaDevnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  bitcoin: 'bip122:000000000019d6689c085ae165831e93',
  bitcoinTestnet: 'bip122:000000000933ea01ad0ee984209779ba',
  cosmosHub: 'cosmos:cosmoshub-4',
  osmosis: 'cosmos:osmosis-1',
  polkadot: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
} as const

/** The two wallets of the local stack, always listed first. */
export function demoWallets(demoWalletUrl: string | undefined): WalletListing[] {
  return [
    {
      id: DEMO_WALLET_ID,
      name: 'Portico Demo Wallet',
      rdns: null,
      image_id: imageIdFor('portico-demo-wallet'),
      chains: [CAIP2.local, CAIP2.local2, CAIP2.ethereum],
      mobile_link: null,
      desktop_link: null,
      webapp_link: demoWalletUrl ?? null,
      homepage: demoWalletUrl ?? null,
      badge_type: 'none',
    },
    {
      id: DEV_WALLET_ID,
      name: 'Portico Dev Wallet',
      rdns: DEV_WALLET_RDNS,
      image_id: imageIdFor('portico-dev-wallet'),
      chains: [CAIP2.local, CAIP2.local2, CAIP2.ethereum],
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      homepage: null,
      badge_type: 'none',
    },
  ]
}

/** mulberry32: small, seedable, and good enough to shuffle a name list the same way on every machine. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const FIRST = [
  'Aurora', 'Basalt', 'Cobalt', 'Drift', 'Ember', 'Fjord', 'Granite', 'Harbor', 'Indigo', 'Juniper',
  'Kestrel', 'Lumen', 'Meridian', 'Nimbus', 'Onyx', 'Prism', 'Quartz', 'Raven', 'Summit', 'Tidal',
  'Umber', 'Vela', 'Willow', 'Xenon', 'Yarrow', 'Zephyr', 'Alder', 'Beacon', 'Cinder', 'Dune',
] as const
const SECOND = ['Wallet', 'Vault', 'Keys', 'Pay', 'Safe', 'Purse', 'Pocket', 'Chest', 'Keep', 'Hub', 'Pass', 'Wallet X'] as const

/** Chain sets a listing can carry; weights make EVM wallets the majority, as in the real registry. */
const CHAIN_SETS: ReadonlyArray<{ weight: number; chains: string[] }> = [
  { weight: 30, chains: [CAIP2.ethereum, CAIP2.polygon, CAIP2.arbitrum, CAIP2.optimism, CAIP2.base] },
  { weight: 16, chains: [CAIP2.ethereum] },
  { weight: 10, chains: [CAIP2.ethereum, CAIP2.avalanche, CAIP2.arbitrum] },
  { weight: 10, chains: [CAIP2.ethereum, CAIP2.polygon, CAIP2.solana] },
  { weight: 8, chains: [CAIP2.solana, CAIP2.solanaDevnet] },
  { weight: 6, chains: [CAIP2.bitcoin, CAIP2.bitcoinTestnet] },
  { weight: 6, chains: [CAIP2.ethereum, CAIP2.bitcoin] },
  { weight: 5, chains: [CAIP2.cosmosHub, CAIP2.osmosis] },
  { weight: 4, chains: [CAIP2.ethereum, CAIP2.cosmosHub] },
  { weight: 3, chains: [CAIP2.polkadot] },
  { weight: 2, chains: [CAIP2.ethereum, CAIP2.solana, CAIP2.bitcoin, CAIP2.cosmosHub, CAIP2.polkadot] },
]

/** Which links a listing has; some are desktop-only or web-only, some injected-only (no links, rdns set). */
const LINK_SHAPES: ReadonlyArray<{ weight: number; mobile: boolean; desktop: boolean; web: boolean }> = [
  { weight: 40, mobile: true, desktop: false, web: false },
  { weight: 20, mobile: true, desktop: true, web: false },
  { weight: 10, mobile: true, desktop: true, web: true },
  { weight: 8, mobile: false, desktop: true, web: false },
  { weight: 8, mobile: false, desktop: false, web: true },
  { weight: 6, mobile: true, desktop: false, web: true },
  { weight: 8, mobile: false, desktop: false, web: false },
]

function pickWeighted<T extends { weight: number }>(rand: () => number, items: ReadonlyArray<T>): T {
  const total = items.reduce((s, i) => s + i.weight, 0)
  let r = rand() * total
  for (const item of items) {
    r -= item.weight
    if (r < 0) return item
  }
  return items[items.length - 1]!
}

/** The generated part of the registry: `count` listings, identical on every run for the same seed. */
export function generateWallets(count = GENERATED_WALLET_COUNT, seed = 0x9071c0): WalletListing[] {
  const rand = seededRandom(seed)
  const names: string[] = []
  for (const f of FIRST) for (const s of SECOND) names.push(`${f} ${s}`)
  if (count > names.length) throw new Error(`the name list holds ${names.length} wallets, asked for ${count}`)
  // Fisher-Yates with the seeded generator, so the order looks organic but is fixed.
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[names[i], names[j]] = [names[j]!, names[i]!]
  }
  return names.slice(0, count).map((name, i) => {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '')
    const dashed = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    const links = pickWeighted(rand, LINK_SHAPES)
    const chains = pickWeighted(rand, CHAIN_SETS).chains
    const hasRdns = !links.mobile || rand() < 0.5
    // A few certified wallets, like the registry's badge.
    const certified = rand() < 0.06
    return {
      id: walletIdFor(`generated:${i}:${name}`),
      name,
      rdns: hasRdns ? `app.${slug}` : null,
      image_id: imageIdFor(`generated:${i}:${name}`),
      chains: [...chains],
      mobile_link: links.mobile ? `${slug}://` : null,
      desktop_link: links.desktop ? `${slug}-desktop://` : null,
      webapp_link: links.web ? `https://app.${dashed}.example/` : null,
      homepage: `https://${dashed}.example/`,
      badge_type: certified ? 'certified' : 'none',
    }
  })
}
