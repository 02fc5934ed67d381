import { parseCaipAddress, type AccountEntry, type ChainNamespace } from 'portico/plugin'

/** What the dapp proposes for one namespace. */
export interface ProposalNamespace {
  chains: string[]
  methods: string[]
  events: string[]
}

/** What a session holds for one namespace (sign-client's SessionTypes.Namespace, seen structurally). */
export interface SessionNamespace {
  chains?: string[]
  accounts: string[]
  methods: string[]
  events: string[]
}

/**
 * Wallet methods the connector asks for, per namespace (SPEC §6: a fixed list of wallet methods). A method the
 * wallet does not approve is answered with 4200 so the chain plugin uses the HTTP RPC instead (SPEC §5).
 */
export const WALLET_METHODS: Readonly<Record<string, readonly string[]>> = {
  eip155: [
    'personal_sign',
    'eth_sign',
    'eth_signTypedData',
    'eth_signTypedData_v4',
    'eth_signTransaction',
    'eth_sendTransaction',
    'eth_sendRawTransaction',
    'eth_accounts',
    'eth_requestAccounts',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_getCapabilities',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    'wallet_showCallsStatus',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'wallet_getAssets',
    'eth_sendUserOperation',
  ],
  solana: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signAllTransactions'],
  polkadot: ['polkadot_signTransaction', 'polkadot_signMessage'],
  bip122: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'],
  cosmos: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
}

/** Session events the connector listens to, per namespace. */
export const WALLET_EVENTS: Readonly<Record<string, readonly string[]>> = {
  eip155: ['accountsChanged', 'chainChanged'],
  solana: ['accountsChanged', 'chainChanged'],
  bip122: ['bip122_addressesChanged'],
}

/** Used when the host has no chain adapter (SPEC §2 ConnectingWalletConnectBasic): the SPEC §1 default chain. */
export const FALLBACK_CHAIN = 'eip155:1'

/** Optional namespaces of a proposal: every requested network of every chain adapter. */
export function proposalNamespaces(networksByNamespace: ReadonlyMap<ChainNamespace, readonly string[]>): Record<string, ProposalNamespace> {
  const out: Record<string, ProposalNamespace> = {}
  for (const [namespace, chains] of networksByNamespace) {
    if (!chains.length) continue
    out[namespace] = { chains: [...chains], methods: [...(WALLET_METHODS[namespace] ?? [])], events: [...(WALLET_EVENTS[namespace] ?? [])] }
  }
  if (!Object.keys(out).length) {
    out.eip155 = { chains: [FALLBACK_CHAIN], methods: [...(WALLET_METHODS.eip155 ?? [])], events: [...(WALLET_EVENTS.eip155 ?? [])] }
  }
  return out
}

/** The approved chains of a namespace: `chains` when the wallet sent it, else those of the CAIP-10 accounts. */
export function approvedChains(ns: SessionNamespace | undefined): string[] {
  if (!ns) return []
  if (ns.chains?.length) return [...ns.chains]
  const chains: string[] = []
  for (const account of ns.accounts) {
    const { namespace, reference } = parseCaipAddress(account)
    const chain = `${namespace}:${reference}`
    if (!chains.includes(chain)) chains.push(chain)
  }
  return chains
}

/** The distinct addresses of a namespace's CAIP-10 accounts, in the wallet's order. */
export function sessionAccounts(namespace: ChainNamespace, ns: SessionNamespace | undefined): AccountEntry[] {
  const seen = new Set<string>()
  const out: AccountEntry[] = []
  for (const account of ns?.accounts ?? []) {
    const { address } = parseCaipAddress(account)
    const key = namespace === 'eip155' ? address.toLowerCase() : address
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ namespace, address, type: 'eoa' })
  }
  return out
}

/**
 * The chain a session event reports: eip155 `chainChanged` carries a number or hex id; other namespaces carry the
 * reference or a CAIP-2 id.
 */
export function chainFromEvent(namespace: string, data: unknown): string | undefined {
  if (typeof data === 'number') return `${namespace}:${data}`
  if (typeof data !== 'string' || !data) return undefined
  if (data.includes(':')) return data
  if (namespace === 'eip155' && /^0x[0-9a-f]+$/i.test(data)) return `eip155:${Number.parseInt(data, 16)}`
  return `${namespace}:${data}`
}

/** Addresses of an `accountsChanged` event: plain addresses or CAIP-10 ids. */
export function addressesFromEvent(namespace: ChainNamespace, data: unknown): AccountEntry[] {
  if (!Array.isArray(data)) return []
  const seen = new Set<string>()
  const out: AccountEntry[] = []
  for (const item of data) {
    if (typeof item !== 'string' || !item) continue
    const address = item.split(':').length === 3 ? parseCaipAddress(item).address : item
    if (seen.has(address.toLowerCase())) continue
    seen.add(address.toLowerCase())
    out.push({ namespace, address, type: 'eoa' })
  }
  return out
}
