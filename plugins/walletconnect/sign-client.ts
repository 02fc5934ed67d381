/**
 * The one place sign-client is imported: dynamically, so it is a separate chunk loaded on first use. This module is
 * itself loaded on first use (index.ts), so the missing-peer check (`requirePeer`) and the client's options stay out of
 * the host's initial load.
 */
import { ErrorText, requirePeer, type PluginContext } from 'portico/plugin'
import type { SignClientLike } from './connector.ts'
import type { SignClientInitOptions, WalletConnectMetadata, WalletConnectOptions } from './index.ts'

/** What the plugin needs installed beside portico (docs/OPTIONS.md gives the same line). */
const WALLETCONNECT_PEERS = { plugin: 'walletconnect', packages: ['@walletconnect/sign-client'] } as const

export async function loadSignClient(initOptions: SignClientInitOptions): Promise<SignClientLike> {
  const SignClient = requirePeer(await import('@walletconnect/sign-client'), 'SignClient', WALLETCONNECT_PEERS)
  const clean = Object.fromEntries(Object.entries(initOptions).filter(([, v]) => v !== undefined)) as SignClientInitOptions
  return (await SignClient.init(clean)) as unknown as SignClientLike
}

/** Creates the sign client with the plugin's options (or the host's `createSignClient`), then its Verify settings. */
export async function createClient(ctx: PluginContext, options: WalletConnectOptions): Promise<SignClientLike> {
  const initOptions: SignClientInitOptions = {
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    metadata: metadataOf(ctx, options),
    // A second modal on the page (its own storage namespace) gets its own sign-client state too.
    customStoragePrefix: options.storagePrefix ?? instancePrefix(ctx),
    telemetryEnabled: false,
  }
  const client = options.createSignClient ? await options.createSignClient(initOptions) : await loadSignClient(initOptions)
  if (!client) throw new Error(ErrorText.SIGN_CLIENT_NOT_INITIALIZED)
  // Verify settings are needed only beside sign-client, so they load with it (a chunk of their own, no kernel code).
  const { configureVerify, relayHttpUrlOf } = await import('./verify.ts')
  configureVerify(client.core, options.verify, options.relayHttpUrl ?? relayHttpUrlOf(options.relayUrl))
  return client
}

/** sign-client's storage prefix for a modal with its own storage namespace (undefined: sign-client's default). */
function instancePrefix(ctx: PluginContext): string | undefined {
  const id = ctx.state.options.getSnapshot().id
  return id === undefined ? undefined : `portico-${id}`
}

function metadataOf(ctx: PluginContext, options: WalletConnectOptions): WalletConnectMetadata {
  const modal = ctx.state.options.getSnapshot().metadata
  const page = typeof document !== 'undefined' ? { name: document.title, url: location.origin } : { name: 'Portico', url: 'http://localhost' }
  return {
    name: options.metadata?.name ?? modal?.name ?? page.name,
    description: options.metadata?.description ?? modal?.description ?? '',
    url: options.metadata?.url ?? modal?.url ?? page.url,
    icons: options.metadata?.icons ?? [...(modal?.icons ?? [])],
  }
}

