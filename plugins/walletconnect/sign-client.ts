/**
 * The one place sign-client is imported: dynamically, so it is a separate chunk loaded on first use. This module is
 * itself loaded on first use (index.ts), so the missing-peer check (`requirePeer`) stays out of the host's initial load.
 */
import { requirePeer } from 'portico/plugin'
import type { SignClientLike } from './connector.ts'
import type { SignClientInitOptions } from './index.ts'

/** What the plugin needs installed beside portico (docs/OPTIONS.md gives the same line). */
const WALLETCONNECT_PEERS = { plugin: 'walletconnect', packages: ['@walletconnect/sign-client'] } as const

export async function loadSignClient(initOptions: SignClientInitOptions): Promise<SignClientLike> {
  const SignClient = requirePeer(await import('@walletconnect/sign-client'), 'SignClient', WALLETCONNECT_PEERS)
  const clean = Object.fromEntries(Object.entries(initOptions).filter(([, v]) => v !== undefined)) as SignClientInitOptions
  return (await SignClient.init(clean)) as unknown as SignClientLike
}
