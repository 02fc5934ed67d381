/** The siwx plugin's code, loaded by index.ts with a dynamic import (its registration and everything it uses). */
import { definePlugin, ErrorText } from 'portico/plugin'
import { message } from 'portico/react'
import { cloudAuthBackend } from './backend.ts'
import { SiwxController, type SiwxBackend } from './controller.ts'
import { messages } from './messages.ts'
import { SiwxTokens } from './tokens.ts'

declare module 'portico' {
  interface ViewParams {
    /** SPEC §2 SIWXSignMessage: the sign-in dialog. */
    SIWXSignMessage: undefined
  }
}

/** Sign-in options; any backend function given replaces the default (the API server's `/auth/v1`). */
export interface SiwxOptions extends Partial<SiwxBackend> {
  /** Authentication is required: the dialog cannot be closed without a session, and Cancel disconnects. @default false */
  required?: boolean
  /** The message's statement. */
  statement?: string
  /** How long a signed message (and its session) is valid, in ms. @default 24 hours */
  expiry?: number
  /** Base URL of the default backend. @default the modal's registry endpoint */
  apiUrl?: string
  /** Domain and URI the message names. @default the page's host and URL */
  domain?: string
  uri?: string
  /** Clock, in ms. @default Date.now */
  now?: () => number
}

const DEFAULT_EXPIRY_MS = 24 * 60 * 60 * 1000

/**
 * SIWX (sign-in with X): EIP-4361 for eip155, CAIP-122 for solana. After a wallet connects, the SIWXSignMessage
 * dialog asks for a signed message unless the address has a stored session; the session is kept under the SIWX
 * token key and survives reload.
 * @example createModal({ projectId, plugins: [eip155(), siwx({ required: true })] })
 */
export function siwx(options: SiwxOptions = {}) {
  return definePlugin({
    id: 'siwx',
    kind: 'feature',
    portico: '1.x',
    provides: [SiwxTokens.OneClick, SiwxTokens.Controller],
    setup(ctx) {
      // One-click sign-in (a pairing connector's wc_sessionAuthenticate) is the controller's too.
      ctx.provide(SiwxTokens.OneClick, (get) => get(SiwxTokens.Controller))
      ctx.provide(SiwxTokens.Controller, () => {
        const modalOptions = ctx.state.options.getSnapshot()
        const custom = { getNonce: options.getNonce, verify: options.verify, getSession: options.getSession, revoke: options.revoke }
        const needsDefault = Object.values(custom).some((f) => f === undefined)
        const fallback: SiwxBackend | undefined = !needsDefault
          ? undefined
          : modalOptions.projectId
            ? cloudAuthBackend({ baseUrl: options.apiUrl ?? modalOptions.endpoints.registry, projectId: modalOptions.projectId })
            : notEnabledBackend()
        const backend: SiwxBackend = {
          getNonce: custom.getNonce ?? fallback!.getNonce,
          verify: custom.verify ?? fallback!.verify,
          getSession: custom.getSession ?? fallback!.getSession,
          revoke: custom.revoke ?? fallback!.revoke,
        }
        return new SiwxController(ctx, {
          backend,
          required: options.required ?? false,
          statement: options.statement,
          expiry: options.expiry ?? DEFAULT_EXPIRY_MS,
          domain: options.domain,
          uri: options.uri,
          now: options.now ?? Date.now,
        })
      })
      ctx.registerView('SIWXSignMessage', () => import('./views/SIWXSignMessage.tsx'), { title: message(messages, 'signIn') })
    },
    async activate(ctx) {
      ctx.get(SiwxTokens.Controller).start()
    },
  })
}

/** Without a projectId and without host functions there is nothing to sign in against. */
function notEnabledBackend(): SiwxBackend {
  const fail = () => Promise.reject(new Error(ErrorText.SIWX_NOT_ENABLED))
  return { getNonce: fail, verify: fail, getSession: async () => undefined, revoke: async () => undefined }
}
