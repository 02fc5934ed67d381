import { createServiceToken, createToken } from 'portico/plugin'
import type { SiwxController } from './controller.ts'
import type { OneClickSignIn } from './one-click.ts'

/** The services the siwx plugin provides (hosts and views read them with `modal.get` / `useService`). */
export const SiwxTokens = {
  Controller: createToken<SiwxController>('siwx.controller'),
  /**
   * One-click sign-in for a pairing connector (WalletConnect's `wc_sessionAuthenticate`): the request to send and the
   * completion of the wallet's answer. A connector declares `optional: ['siwx']` and reads
   * `ctx.has(SiwxTokens.OneClick) ? ctx.get(SiwxTokens.OneClick) : undefined`. Side-effect free.
   */
  OneClick: createServiceToken<OneClickSignIn>('siwx', 'one-click'),
} as const
