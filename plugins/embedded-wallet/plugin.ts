/** The embedded-wallet plugin's code, loaded by index.ts with a dynamic import (its registration and everything it uses). */
import { definePlugin, type ChainNamespace, type PluginContext } from 'portico/plugin'
import { AccountDataTokens } from 'portico/plugins/account-data'
import { message } from 'portico/react'
import { AuthConnector, AUTH_CONNECTOR_ID, AUTH_NAMESPACES } from './connector.ts'
import { EmbeddedWalletController, type ControllerOptions } from './controller.ts'
import { messages } from './messages.ts'
import { detectTelegramPlatform, visibleSocials, type TelegramPlatform } from './rules.ts'
import { SOCIAL_PROVIDERS, type AccountType, type SocialProvider } from './protocol.ts'
import { EmbeddedWalletTokens } from './tokens.ts'

// The frame protocol (message kinds, parsers, replies): what a secure site's frame page speaks with this plugin. The
// entry already loads protocol.ts, so this adds nothing to the host's bundle.

declare module 'portico' {
  /** The host's switches this plugin reads (docs/OPTIONS.md `features`). */
  interface ModalFeatures {
    /** false turns the email section off (as `email: false` on the plugin does). */
    email?: boolean
    /** Social providers in display order, used when the plugin's own `socials` is not given; `[]` turns them all off. */
    socials?: readonly (SocialProvider | 'farcaster')[]
  }
  interface ViewParams {
    /** SPEC §2 EmailLogin: device approval wait and the one-time code (the email field when opened from the list). */
    EmailLogin: undefined
    /** SPEC §2 UpdateEmailWallet: new email, primary and secondary codes. */
    UpdateEmailWallet: undefined
    /** SPEC §2 ApproveTransaction: the secure site's approval panel shown inside the modal. */
    ApproveTransaction: undefined
    /** SPEC §2 ConnectingFarcaster: the sign-in URL as a QR code and a link, waiting for the Farcaster app. */
    ConnectingFarcaster: undefined
    /** SPEC §4 Switching account type (EOA ↔ smart account) of the auth connection. */
    SwitchAccountType: undefined
    /** The smart account's sessions (ERC-7715 grants) with a Revoke button each. */
    SmartSessions: undefined
    /** Issue 28: the user's passkeys, "Add a passkey" and Remove. */
    Passkeys: undefined
  }
}

export interface EmbeddedWalletOptions {
  /** The secure site's base URL; its origin is the only one the plugin trusts. */
  secureSiteUrl: string
  /** Social providers in display order (SPEC §5). @default none; the modal's `features.socials` when set */
  socials?: readonly (SocialProvider | 'farcaster')[]
  /** Offer Farcaster sign-in in the social section. @default true when `socials` lists 'farcaster' */
  farcaster?: boolean
  /** The account type used until the user chooses one (SPEC §3 preferredAccountTypes; sent with SYNC_DAPP_DATA). @default 'eoa' */
  defaultAccountType?: AccountType
  /**
   * An ERC-7677 paymaster service URL (docs/SPONSORED-GAS.md): the smart account's user operations ask it to pay their
   * gas, and the approval panel says "Gas paid by <metadata.name>"; a call it refuses is paid by the user.
   * @default the secure site's own sponsor, when it runs one
   */
  paymasterUrl?: string
  /**
   * Passkeys (issue 28): "Continue with a passkey" on Connect and "Add a passkey" in Account. The secure site must be
   * reached at a domain name (its RP id; browsers refuse IP addresses, e.g. `http://localhost:8791` in dev). @default false
   */
  passkeys?: boolean
  /** Show the email section. @default true (unless the modal's `features.email` is false) */
  email?: boolean
  /** The host runs inside Telegram: SPEC §5 Telegram rules hide some providers. */
  telegram?: boolean
  /** Overrides the platform for the Telegram rules. @default from Telegram.WebApp or the user agent */
  telegramPlatform?: TelegramPlatform
  /** Test seams (the frame, the popup, the origins fetch); the browser defaults otherwise. */
  testing?: Partial<Omit<ControllerOptions, 'secureSiteUrl'>>
}

/**
 * Email and social login (kind 'feature'): the auth connector for eip155 and solana, the Connect sections, the
 * views EmailLogin, UpdateEmailWallet and ApproveTransaction, and the Account action "Update email".
 */
export function embeddedWallet(options: EmbeddedWalletOptions) {
  new URL(options.secureSiteUrl) // a readable error for a bad URL, before any modal exists
  if (options.paymasterUrl !== undefined) new URL(options.paymasterUrl)
  const controllers = new WeakMap<PluginContext, EmbeddedWalletController>()
  return definePlugin({
    id: 'embedded-wallet',
    kind: 'feature',
    portico: '1.x',
    optional: [AccountDataTokens.Analytics],
    setup(ctx) {
      const modalOptions = ctx.state.options.getSnapshot()
      const hostSocials = modalOptions.features?.socials
      const listed = hostSocials?.length === 0 ? [] : (options.socials ?? hostSocials ?? [])
      const farcaster = options.farcaster ?? listed.includes('farcaster')
      const socials = visibleSocials(listed.filter((p): p is SocialProvider => p !== 'farcaster'), {
        inTelegram: Boolean(options.telegram),
        platform: options.telegramPlatform ?? detectTelegramPlatform(),
      })
      const email = options.email !== false && modalOptions.features?.email !== false
      const hostOrigin = options.testing?.hostOrigin ?? (typeof location === 'undefined' ? 'http://localhost' : location.origin)
      const track = (event: 'SET_PREFERRED_ACCOUNT_TYPE', properties: Record<string, unknown>) => {
        if (ctx.has(AccountDataTokens.Analytics)) void ctx.get(AccountDataTokens.Analytics).track(event, properties)
      }
      const controller = new EmbeddedWalletController(ctx, {
        track,
        ...options.testing,
        secureSiteUrl: options.secureSiteUrl,
        hostOrigin,
        ...(options.defaultAccountType ? { defaultAccountType: options.defaultAccountType } : {}),
        ...(options.paymasterUrl ? { paymasterUrl: options.paymasterUrl } : {}),
      })
      controllers.set(ctx, controller)
      ctx.track(controller)
      ctx.provide(EmbeddedWalletTokens.Services, () => ({ controller, socials, email, farcaster }))

      const namespaces = (AUTH_NAMESPACES as readonly string[]) as readonly ChainNamespace[]
      const idleName = email ? (socials.length ? 'Email or social login' : 'Email') : 'Social login'
      ctx.registerConnector((emitter) => {
        const connector = new AuthConnector(controller, emitter, namespaces, idleName)
        controller.attach(connector)
        return connector
      })

      if (email) ctx.registerConnectSection({ id: 'embedded-wallet.email', method: 'email', order: 0, load: () => import('./views/EmailSection.tsx') })
      if (options.passkeys) ctx.registerConnectSection({ id: 'embedded-wallet.passkey', method: 'email', order: 1, load: () => import('./views/PasskeySection.tsx') })
      if (socials.length || farcaster) ctx.registerConnectSection({ id: 'embedded-wallet.social', method: 'social', order: 0, load: () => import('./views/SocialSection.tsx') })
      ctx.registerView('EmailLogin', () => import('./views/EmailLogin.tsx'), { title: message(messages, 'email') })
      ctx.registerView('UpdateEmailWallet', () => import('./views/UpdateEmailWallet.tsx'), { title: message(messages, 'updateEmail') })
      ctx.registerView('ApproveTransaction', () => import('./views/ApproveTransaction.tsx'), { title: message(messages, 'approveTransaction') })
      ctx.registerView('ConnectingFarcaster', () => import('./views/ConnectingFarcaster.tsx'), { title: 'Farcaster' })
      ctx.registerView('SwitchAccountType', () => import('./views/SwitchAccountType.tsx'), { title: message(messages, 'accountTypeTitle') })
      ctx.registerView('SmartSessions', () => import('./views/SmartSessions.tsx'), { title: message(messages, 'sessions') })
      ctx.registerAccountAction({
        id: 'embedded-wallet.sessions',
        label: message(messages, 'sessions'),
        order: 85,
        view: 'SmartSessions',
        available: ({ namespace, caipNetworkId }) => namespace === 'eip155' && controller.accountType() === 'smartAccount' && controller.canSwitchAccountType(caipNetworkId),
      })
      // SPEC §4 Switching account type: one action per direction, for the auth connection on an enabled network.
      ctx.registerAccountAction({
        id: 'embedded-wallet.smart-account',
        label: message(messages, 'switchToSmart'),
        order: 80,
        view: 'SwitchAccountType',
        available: ({ namespace, caipNetworkId }) => namespace === 'eip155' && controller.accountType() === 'eoa' && controller.canSwitchAccountType(caipNetworkId),
      })
      ctx.registerAccountAction({
        id: 'embedded-wallet.eoa',
        label: message(messages, 'switchToEoa'),
        order: 80,
        view: 'SwitchAccountType',
        available: ({ namespace, caipNetworkId }) => namespace === 'eip155' && controller.accountType() === 'smartAccount' && controller.canSwitchAccountType(caipNetworkId),
      })
      if (options.passkeys) {
        ctx.registerView('Passkeys', () => import('./views/Passkeys.tsx'), { title: message(messages, 'passkeys') })
        ctx.registerAccountAction({
          id: 'embedded-wallet.passkeys',
          label: message(messages, 'addPasskey'),
          order: 88,
          view: 'Passkeys',
          available: ({ namespace }) => Boolean(controller.user) && namespace !== undefined && ctx.state.connection.getSnapshot().activeConnectorIds[namespace] === AUTH_CONNECTOR_ID,
        })
      }
      ctx.registerAccountAction({
        id: 'embedded-wallet.update-email',
        label: message(messages, 'updateEmail'),
        order: 90,
        view: 'UpdateEmailWallet',
        available: ({ namespace }) =>
          Boolean(controller.user?.email) && namespace !== undefined && ctx.state.connection.getSnapshot().activeConnectorIds[namespace] === AUTH_CONNECTOR_ID,
      })
    },
    async activate(ctx) {
      controllers.get(ctx)?.init()
    },
  })
}
