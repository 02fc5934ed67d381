import {
  ErrorText,
  Store,
  type ChainNamespace,
  type Disposable,
  type PluginContext,
  type StoredText,
} from 'portico/plugin'
import { cacaoAccount, cacaoFields, cacaoMessage, type Cacao } from './cacao.ts'
import { formatSiweMessage, formatSolanaSignInMessage, type SiweMessageFields, type SolanaSignInFields } from './message.ts'
import type { OneClickRequest, OneClickSignIn } from './one-click.ts'

/** A signed-in session: what the SIWX token key (SPEC §3) holds for the connected address. */
export interface SiwxSession {
  /** CAIP-10 account the message was signed by, e.g. `eip155:31337:0xab...`. */
  caipAddress: string
  message: string
  signature: string
  data: SiweMessageFields | SolanaSignInFields
  /** The backend's session token (the default backend's JWT). */
  token?: string
  /** When the session ends (ISO 8601), if it does. */
  expiresAt?: string
}

/** What the message of a sign-in is made from (the plugin fills in the rest). */
export interface SiwxMessageInput {
  caipAddress: string
  namespace: ChainNamespace
  address: string
  chainId: number | string
  domain: string
}

/** The host side of sign-in: nonces, verification, session lookup and revocation. */
export interface SiwxBackend {
  /** A fresh nonce for a message. */
  getNonce(input: SiwxMessageInput): Promise<string>
  /**
   * Checks the signed message and stores the session; resolves the backend's token (or true), false or a rejection
   * when it is refused.
   */
  verify(session: Omit<SiwxSession, 'token' | 'expiresAt'>): Promise<{ token?: string; expiresAt?: string } | boolean>
  /** The valid session of `caipAddress`, given what is stored locally (undefined: sign in again). */
  getSession(caipAddress: string, stored: SiwxSession | undefined): Promise<SiwxSession | undefined>
  /** Ends a session (disconnect, account change). */
  revoke(session: SiwxSession): Promise<void>
}

export interface SiwxControllerOptions {
  backend: SiwxBackend
  /** Authentication is required: the dialog cannot be closed without a session, Cancel disconnects. */
  required: boolean
  statement?: string
  /** How long a signed message is valid, in ms (its Expiration Time). */
  expiry?: number
  /** The domain and URI the message names. @default location.host and the page's origin and path */
  domain?: string
  uri?: string
  now: () => number
}

/** SPEC §4 SIWX dialog state. */
export interface SiwxState {
  /** idle: waiting for the user; signing: the wallet is asked; error: the last attempt failed. */
  status: 'idle' | 'signing' | 'error'
  /** The SPEC §8 text of the last failure. */
  error?: string
  /** The wallet's or the backend's reason, when it says more than the SPEC text. */
  detail?: string
  /** Universal authentication (a pairing wallet, eip155 only, one namespace): the view says "Authenticating...". */
  universal: boolean
  /** The session of the connected address, when signed in. */
  session?: SiwxSession
  /** The account the dialog is for. */
  caipAddress?: string
}

/** SPEC §5: universal authentication only for eip155, and exactly one namespace. */
export function canUseUniversalAuthentication(namespaces: readonly string[]): boolean {
  return namespaces.length === 1 && namespaces[0] === 'eip155'
}

/** SIWX sign-in is possible on these namespaces (SPEC §1: authentication connectors support eip155 and solana). */
const SIGN_IN_NAMESPACES = new Set(['eip155', 'solana'])

function isUserRejection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 4001 || code === 5000
}

function toHex(text: string): `0x${string}` {
  return `0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * SPEC §4 SIWX: opens SIWXSignMessage when the connected address has no stored session; signing success stores the
 * session and closes; failure reopens with the error; Cancel disconnects when required, else closes; the dialog
 * cannot be closed while required and sessionless. Sessions live under the SIWX token key, survive reload, and are
 * dropped (and revoked) on disconnect or account change.
 */
export class SiwxController implements Disposable, OneClickSignIn {
  readonly store = new Store<SiwxState>({ status: 'idle', universal: false })
  /** The SPEC §3 SIWX token key. */
  private readonly stored: StoredText
  private readonly disposables: Array<() => void> = []
  /** The account being checked or signed in; a change makes a running check stale. */
  private current: string | undefined
  private leaving = false
  /** The dialog is due: the connected address has no session and the user has not dismissed the dialog. */
  private due = false
  /** The backend's session check of the connected account, while it runs. */
  private checking: Promise<SiwxSession | undefined> | undefined
  /** The dialog was shown while that check ran (a connection made in the open modal), so its answer decides. */
  private held = false
  /** A session a one-click sign-in verified just now, for the connection it came with (no backend check again). */
  private fresh: SiwxSession | undefined

  constructor(
    private readonly ctx: PluginContext,
    private readonly options: SiwxControllerOptions,
  ) {
    this.stored = ctx.sharedStorage.siwxToken
  }

  /** Starts watching the connected account (called from activate). */
  start(): void {
    let last: string | undefined
    const check = () => {
      const key = this.activeCaipAddress()
      if (key === last) return
      const previous = last
      last = key
      void this.onAccount(previous, key)
    }
    const accounts = this.ctx.state.accounts.subscribe(check)
    const network = this.ctx.state.network.subscribe(check)
    const closing = this.ctx.events.on('modal:close', () => this.onModalClose())
    // SPEC §4: while authentication is required and the connected account has no session, the dialog refuses to
    // close (the kernel shakes it instead); Cancel disconnects first, so it may close then.
    const guard = this.ctx.modal.guardClose(() => !this.options.required || this.leaving || !this.activeCaipAddress() || !!this.store.getSnapshot().session)
    // A connect flow lands on Account when the wallet approves, which may come after the dialog opened: the
    // sign-in comes first.
    // While the backend is still asked whether the account has a session, the dialog comes first too: the modal
    // neither closes on connect (closeOnConnect waits on Account) nor reopens a moment later for the sign-in.
    const routing = this.ctx.router.subscribe(() => {
      if ((!this.due && !this.checking) || this.ctx.router.current.view !== 'Account') return
      if (!this.ctx.state.modal.getSnapshot().open) return
      if (!this.due) this.held = true
      this.ctx.router.reset('SIWXSignMessage')
    })
    this.disposables.push(accounts, network, routing, () => guard.dispose(), () => closing.dispose())
    check()
  }

  get required(): boolean {
    return this.options.required
  }

  /** The connected account as CAIP-10 on the active namespace, when it is one sign-in supports. */
  activeCaipAddress(): string | undefined {
    const active = this.ctx.connection.active()
    if (!active || !SIGN_IN_NAMESPACES.has(active.network.chainNamespace)) return undefined
    const account = this.ctx.state.accounts.getSnapshot().byNamespace[active.network.chainNamespace]
    if (account?.status !== 'connected' && account?.status !== undefined) return undefined
    return `${active.network.caipNetworkId}:${active.address}`
  }

  /** The stored session (SIWX token key), if any. */
  readStored(): SiwxSession | undefined {
    const raw = this.stored.get()
    if (!raw) return undefined
    try {
      const parsed = JSON.parse(raw) as SiwxSession
      return typeof parsed?.caipAddress === 'string' && typeof parsed.message === 'string' ? parsed : undefined
    } catch {
      return undefined
    }
  }

  private writeStored(session: SiwxSession | undefined): void {
    if (session) this.stored.set(JSON.stringify(session))
    else this.stored.remove()
  }

  private async onAccount(previous: string | undefined, next: string | undefined): Promise<void> {
    this.current = next
    this.due = false
    this.held = false
    // Disconnect or account change drops the session of the previous account.
    const stored = this.readStored()
    if (stored && previous !== undefined && stored.caipAddress !== next && sameAccount(stored.caipAddress, previous)) {
      this.writeStored(undefined)
      void this.options.backend.revoke(stored).catch(() => undefined)
    }
    this.store.set({ session: undefined, status: 'idle', error: undefined, detail: undefined, caipAddress: next })
    if (!next) return
    let session: SiwxSession | undefined
    const fresh = this.fresh
    this.fresh = undefined
    if (fresh && sameAccount(fresh.caipAddress, next)) {
      this.store.set({ session: fresh })
      return
    }
    const candidate = stored && sameAccount(stored.caipAddress, next) && !expired(stored, this.options.now()) ? stored : undefined
    const check = (this.checking = Promise.resolve().then(() => this.options.backend.getSession(next, candidate)))
    try {
      session = await check
    } catch {
      if (this.checking === check) this.checking = undefined
      if (this.current !== next) return
      this.releaseHeld()
      // SPEC §8: shown, and the user is disconnected.
      this.ctx.snackbar.showError(ErrorText.AUTHENTICATION_INIT_FAILED)
      await this.ctx.connection.disconnect().catch(() => undefined)
      return
    }
    if (this.checking === check) this.checking = undefined
    if (this.current !== next) return
    if (session) {
      this.writeStored(session)
      this.store.set({ session })
      this.releaseHeld()
      return
    }
    if (this.held && !this.ctx.state.modal.getSnapshot().open) {
      // Dismissed while the check ran: not shown again until the next connection.
      this.held = false
      return
    }
    this.held = false
    if (stored && sameAccount(stored.caipAddress, next)) this.writeStored(undefined)
    this.openDialog()
  }

  /** The dialog shown while the check ran is not needed after all: the modal closes, as the connect would have. */
  private releaseHeld(): void {
    if (!this.held) return
    this.held = false
    if (this.ctx.state.modal.getSnapshot().open && this.ctx.router.current.view === 'SIWXSignMessage') this.ctx.modal.close()
  }

  /** SPEC §4: the dialog opens when the connected address has no stored session. */
  openDialog(): void {
    const active = this.ctx.connection.active()
    const namespaces = [...new Set(this.ctx.state.networks().map((n) => n.chainNamespace))]
    const universal = active?.connector.type === 'MULTI_CHAIN' && canUseUniversalAuthentication(namespaces)
    this.due = true
    this.store.set({ universal })
    this.ctx.modal.open({ view: 'SIWXSignMessage' })
    if (universal && this.store.getSnapshot().status !== 'signing') void this.signIn()
  }

  /** Asks the wallet to sign the message, has the backend verify it, stores the session and closes. */
  async signIn(): Promise<SiwxSession | undefined> {
    // Signed while the session check ran: its answer first (a session found needs no signature).
    if (this.checking) await this.checking.catch(() => undefined)
    if (this.store.getSnapshot().session) return this.store.getSnapshot().session
    const active = this.ctx.connection.active()
    const caipAddress = this.activeCaipAddress()
    if (!active || !caipAddress) {
      this.fail(ErrorText.NO_ACTIVE_CAIP_ADDRESS)
      return undefined
    }
    if (!active.connector.request) {
      this.fail(ErrorText.NO_ACTIVE_CAIP_NETWORK_OR_CLIENT)
      return undefined
    }
    this.store.set({ status: 'signing', error: undefined, detail: undefined })
    const namespace = active.network.chainNamespace
    const chainId = namespace === 'eip155' ? Number(active.network.id) : String(active.network.caipNetworkId.split(':')[1])
    const { domain, uri } = this.place()
    try {
      const input: SiwxMessageInput = { caipAddress, namespace, address: active.address, chainId, domain }
      const nonce = await this.options.backend.getNonce(input)
      const now = this.options.now()
      const base = {
        domain,
        address: active.address,
        statement: this.options.statement,
        uri,
        version: '1' as const,
        nonce,
        issuedAt: new Date(now).toISOString(),
        expirationTime: this.options.expiry ? new Date(now + this.options.expiry).toISOString() : undefined,
      }
      const data = namespace === 'eip155' ? { ...base, chainId: chainId as number } : { ...base, chainId: String(chainId) }
      const message = namespace === 'eip155' ? formatSiweMessage(data as SiweMessageFields) : formatSolanaSignInMessage(data as SolanaSignInFields)
      const signature = await this.sign(message, active.address, active.network.caipNetworkId, namespace)
      const verified = await this.options.backend.verify({ caipAddress, message, signature, data: stripUndefined(data) })
      if (verified === false) throw new Error('The signature was not accepted')
      if (this.current !== caipAddress) return undefined
      const session: SiwxSession = {
        caipAddress,
        message,
        signature,
        data: stripUndefined(data),
        ...(typeof verified === 'object' ? stripUndefined(verified) : {}),
      }
      if (!session.expiresAt && base.expirationTime) session.expiresAt = base.expirationTime
      this.writeStored(session)
      this.due = false
      this.store.set({ status: 'idle', session })
      // SPEC §4: success stores the session and closes the dialog.
      this.ctx.modal.close()
      return session
    } catch (error) {
      if (this.current !== caipAddress) return undefined
      const smart = this.ctx.state.accounts.getSnapshot().byNamespace[namespace]?.allAccounts.some(
        (a) => a.type === 'smartAccount' && a.address.toLowerCase() === active.address.toLowerCase(),
      )
      const text = smart ? ErrorText.SMART_ACCOUNT_NOT_SUPPORTED : ErrorText.SIGNATURE_DECLINED
      const detail = isUserRejection(error) ? undefined : (error as Error)?.message || undefined
      this.fail(text, detail)
      return undefined
    }
  }

  /** The domain and URI messages name: the options', else the page's host and URL. */
  private place(): { domain: string; uri: string } {
    const location = (globalThis as { location?: Location }).location
    const domain = this.options.domain ?? location?.host ?? 'localhost'
    return { domain, uri: this.options.uri ?? (location ? `${location.origin}${location.pathname}` : `http://${domain}/`) }
  }

  /** One-click sign-in applies where universal authentication does (SPEC §5: eip155 only, exactly one namespace). */
  supportsOneClick(namespaces: readonly string[]): boolean {
    return canUseUniversalAuthentication(namespaces)
  }

  /** The sign-in a pairing connector sends with its offer: a fresh nonce from the backend, the page's domain and URI. */
  async oneClickRequest(chainId: string): Promise<OneClickRequest> {
    const { domain, uri } = this.place()
    const reference = chainId.split(':')[1] ?? ''
    const input: SiwxMessageInput = { caipAddress: `${chainId}:`, namespace: 'eip155', address: '', chainId: Number(reference), domain }
    const nonce = await this.options.backend.getNonce(input)
    const now = this.options.now()
    return {
      domain,
      uri,
      nonce,
      statement: this.options.statement,
      expirationTime: this.options.expiry ? new Date(now + this.options.expiry).toISOString() : undefined,
    }
  }

  oneClickDeclined(cause: unknown): Error {
    return new Error(ErrorText.SIGNATURE_DECLINED, { cause })
  }

  /**
   * Verifies the wallet's answer to a one-click sign-in with the backend, exactly as a signed message (the cacao's
   * message text and signature go to `verify`), and keeps the session for the connection that follows: the dialog is
   * not opened then. Rejects when the cacao is not for this request or the backend refuses it; the connection then
   * signs in in two steps as without one-click.
   */
  async completeOneClick(cacaos: readonly Cacao[], request: OneClickRequest): Promise<SiwxSession> {
    this.fresh = undefined
    try {
      const cacao = cacaos[0]
      if (!cacao) throw new Error('The wallet returned no sign-in')
      const data = cacaoFields(cacao)
      const message = cacaoMessage(cacao)
      if (data.domain !== request.domain || data.nonce !== request.nonce || data.uri !== request.uri) throw new Error('The sign-in is not for this request')
      const { caipAddress } = cacaoAccount(cacao)
      const signature = cacao.s.s
      const verified = await this.options.backend.verify({ caipAddress, message, signature, data })
      if (verified === false) throw new Error('The signature was not accepted')
      const session: SiwxSession = { caipAddress, message, signature, data, ...(typeof verified === 'object' ? stripUndefined(verified) : {}) }
      if (!session.expiresAt && data.expirationTime) session.expiresAt = data.expirationTime
      this.writeStored(session)
      this.fresh = session
      return session
    } catch (error) {
      // SPEC §8: the sign-in failed; the dialog follows the connection (two steps) with the reason under it.
      this.ctx.snackbar.showError(ErrorText.SIGNATURE_DECLINED)
      throw error
    }
  }

  /** SPEC §4: Cancel disconnects when authentication is required, otherwise only closes. */
  async cancel(): Promise<void> {
    this.due = false
    if (this.options.required) {
      this.leaving = true
      try {
        await this.ctx.connection.disconnect()
      } finally {
        this.leaving = false
      }
    }
    this.store.set({ status: 'idle', error: undefined, detail: undefined })
    this.ctx.modal.close()
  }

  /** Signs out: revokes and forgets the session (the dialog opens again for a required sign-in). */
  async signOut(): Promise<void> {
    const stored = this.readStored()
    this.writeStored(undefined)
    this.store.set({ session: undefined })
    if (stored) await this.options.backend.revoke(stored).catch(() => undefined)
    if (this.activeCaipAddress()) this.openDialog()
  }

  /** SPEC §4: failure reopens the dialog with the error. */
  private fail(error: string, detail?: string): void {
    this.store.set({ status: 'error', error, detail })
    if (!this.ctx.state.modal.getSnapshot().open || this.ctx.router.current.view !== 'SIWXSignMessage') this.ctx.modal.open({ view: 'SIWXSignMessage' })
    this.ctx.snackbar.showError(error)
    this.ctx.modal.shake()
  }

  /** SPEC §4: the dialog cannot be closed while authentication is required and no session exists. */
  private onModalClose(): void {
    if (!this.options.required) {
      // Closing dismisses the optional dialog until the next connection.
      this.due = false
      return
    }
    if (this.leaving) return
    if (!this.activeCaipAddress() || this.store.getSnapshot().session) return
    this.ctx.modal.open({ view: 'SIWXSignMessage' })
    this.ctx.modal.shake()
  }

  private async sign(message: string, address: string, caipNetworkId: string, namespace: ChainNamespace): Promise<string> {
    const connector = this.ctx.connection.active(namespace)!.connector
    if (namespace === 'eip155') {
      return (await connector.request!({ namespace, caipNetworkId, method: 'personal_sign', params: [toHex(message), address] })) as string
    }
    const { base58 } = await import('@scure/base')
    const result = (await connector.request!({
      namespace,
      caipNetworkId,
      method: 'solana_signMessage',
      params: { message: base58.encode(new TextEncoder().encode(message)), pubkey: address },
    })) as { signature?: string } | string
    const signature = typeof result === 'string' ? result : result?.signature
    if (!signature) throw new Error('The wallet returned no signature')
    return signature
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d()
  }
}

function sameAccount(a: string, b: string): boolean {
  // eip155 addresses compare without case; the chain reference is part of the account.
  return a.startsWith('eip155:') && b.startsWith('eip155:') ? a.toLowerCase() === b.toLowerCase() : a === b
}

function expired(session: SiwxSession, now: number): boolean {
  return session.expiresAt !== undefined && Date.parse(session.expiresAt) <= now
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T
}
