import type { ChainNamespace } from '../caip/index.ts'
import type { ModalFeatures, PluginDefinition } from '../plugin/contract.ts'
import type { ConnectMethod } from './connect-methods.ts'
import type { ConnectorGroup } from './connectors.ts'
import { Store } from './store.ts'
import type { ThemeMode, ThemeVariables } from './theme.ts'

/** Where the modal's backend calls go; the hosted services by default, the local stack in the demo and tests. */
export interface Endpoints {
  /** Wallet registry (SPEC §7). @default 'https://api.web3modal.org' */
  registry: string
  /** Blockchain API (SPEC §7). @default 'https://rpc.walletconnect.org' */
  blockchainApi: string
  /** Analytics (SPEC §7 POST /e). @default 'https://pulse.walletconnect.org' */
  analytics: string
}

/** The hosted services; a self-hoster points these at their own stack. */
export const DEFAULT_ENDPOINTS: Endpoints = {
  registry: 'https://api.web3modal.org',
  blockchainApi: 'https://rpc.walletconnect.org',
  analytics: 'https://pulse.walletconnect.org',
}

/** What the host passes to `createModal`. */
export interface ModalOptions {
  /** The chain, connector and feature plugins to compose. */
  plugins?: readonly PluginDefinition[]
  /** Project id sent with every backend call (SPEC §7). */
  projectId?: string
  /** The host app, shown to wallets. */
  metadata?: { name: string; description?: string; url?: string; icons?: string[] }
  /** CAIP-2 id of the network to start on. @default the first network of the first chain plugin */
  defaultNetwork?: string
  /** @default 'light' */
  themeMode?: ThemeMode
  /** CSS variable overrides. @example { '--portico-accent': '#0a84ff' } */
  themeVariables?: ThemeVariables
  /** Embedded mode: the modal stays on the page; closing shows Account or Connect (SPEC §2). */
  embedded?: boolean
  /**
   * Closes the modal when a connection made in it succeeds (not while a sign-in still needs a signature, never in
   * embedded mode). `false` keeps it open on Account. @default true
   */
  closeOnConnect?: boolean
  /** Overrides the SPEC §2 connector list order. */
  connectorOrder?: readonly ConnectorGroup[]
  /** Overrides the SPEC §2 connect-method order. */
  connectMethodOrder?: readonly ConnectMethod[]
  /** Switches of feature plugins, each read by the plugin that declares it (ModalFeatures); the kernel reads none. */
  features?: ModalFeatures
  featuredWalletIds?: readonly string[]
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  /** Backend endpoints; hosted defaults. */
  endpoints?: Partial<Endpoints>
  /** Namespaces the host requests (filters wallet lists, SPEC §5). @default the chain plugins' namespaces */
  namespaces?: readonly ChainNamespace[]
  /** Where the modal keeps its state across reloads. @default localStorage, or memory where there is none */
  storage?: import('../storage/index.ts').StorageAdapter
  /**
   * Names this modal's storage namespace (letters, digits, `_`, `-`). Without it, the first live modal on a store
   * keeps the plain `@portico/` keys and each further one gets the next free number, so two modals share nothing.
   * Resolved options hold the namespace in use (undefined for the plain keys). @example 'checkout'
   */
  id?: string
  /** Overrides mobile detection (SPEC §2 opening rule, §5 mobile filters). */
  isMobile?: () => boolean
  /**
   * The UI language, a BCP 47 tag (`de`, `pt-BR`, `ar`...). Without it the modal follows the browser's languages; an
   * unsupported one falls back to the closest supported language, then English. Changeable with `setLocale`.
   */
  locale?: string
}

export { SDK_TYPE, SDK_VERSION } from './sdk.ts'

/** The options in force, with defaults filled. */
export type ResolvedOptions = Omit<ModalOptions, 'endpoints'> & { endpoints: Endpoints }

export class OptionsController {
  readonly store: Store<{ options: ResolvedOptions }>

  constructor(options: ModalOptions) {
    this.store = new Store({ options: { ...options, endpoints: { ...DEFAULT_ENDPOINTS, ...options.endpoints } } })
  }

  get options(): ResolvedOptions {
    return this.store.getSnapshot().options
  }

  /** Changes the UI language at runtime (undefined: follow the browser again). */
  setLocale(locale: string | undefined): void {
    this.store.set({ options: { ...this.options, locale } })
  }
}

/** Mobile detection for the browser: a coarse pointer on a small screen, or a mobile user agent. */
export function detectMobile(): boolean {
  if (typeof navigator === 'undefined') return false
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)) return true
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse) and (max-width: 600px)').matches
}
