/**
 * The embedded wallet's flows (SPEC §4 Social login, Email and wallet connection, Email update, Disconnect) over
 * the frame client, and the state the views read. One instance per modal (provided through the plugin context).
 */
import {
  classifyOriginsResponse,
  ErrorText,
  PorticoError,
  tryAgainAfter,
  withSdkParams,
  SDK_TYPE,
  SDK_VERSION,
  Store,
  type ChainNamespace,
  type PluginContext,
} from 'portico/plugin'
import { EmbeddedWalletAlerts, type EmbeddedWalletAlert } from './alerts.ts'
import { AUTH_CONNECTOR_ID, AUTH_NAMESPACES, type AuthSession } from './connector.ts'
import { FrameClient, type FrameClientOptions } from './frame-client.ts'
import { parseSocialMessage, type AccountType, type FrameChainId, type FrameEvent, type FramePasskey, type FrameUser, type SocialProvider } from './protocol.ts'
import { isValidEmail, isValidOtp, throttleSecondsLeft } from './rules.ts'

/** SPEC §4/§9: the social popup. */
export const POPUP_WIDTH = 600
export const POPUP_HEIGHT = 800
/** SPEC §4: popup closure is polled every 1 s. */
export const POPUP_POLL_MS = 1_000
/** SPEC §4: the email update polls every 1 s until the email changes. */
export const EMAIL_UPDATE_POLL_MS = 1_000
/** Storage key (scoped to the plugin) set after an email or social login: the iframe is then created on init. */
export const LOGIN_USED_KEY = 'login'

/** SPEC §2: leaving ConnectingFarcaster while disconnected re-syncs app data after 100 ms. */
export const FARCASTER_RESYNC_MS = 100

export const INVALID_EMAIL = 'Enter a valid email address'
export const INVALID_OTP = 'Enter the 6-digit code'

export type EmailStep = 'idle' | 'sending' | 'device' | 'otp' | 'verifying' | 'error'
export type SocialStatus = 'idle' | 'opening' | 'waiting' | 'connecting' | 'error'
/** One active smart-account session (SPEC §3 session record: pci, signature; plus what the ERC-7715 grant says). */
export interface SmartSession {
  pci: string
  /** Unix seconds. */
  expiry: number
  /** The permission types the grant gives (e.g. 'native-token-recurring-allowance'). */
  permissions: string[]
}

/** GET /v1/sessions/{caipAddress} → the sessions that have the expected shape (anything else is dropped). */
export function parseSessions(body: unknown): SmartSession[] {
  const list = (body as { pcis?: unknown } | null)?.pcis
  if (!Array.isArray(list)) return []
  const out: SmartSession[] = []
  for (const item of list) {
    const r = item as { pci?: unknown; expiry?: unknown; grant?: { permissions?: unknown } } | null
    if (!r || typeof r.pci !== 'string' || !r.pci || r.pci.length > 200 || typeof r.expiry !== 'number' || !Number.isFinite(r.expiry)) continue
    const perms = Array.isArray(r.grant?.permissions) ? r.grant.permissions : []
    out.push({ pci: r.pci, expiry: r.expiry, permissions: perms.map((p) => (p as { type?: unknown })?.type).filter((t): t is string => typeof t === 'string').map((t) => t.slice(0, 100)) })
  }
  return out
}

export type FarcasterStatus = 'idle' | 'loading' | 'waiting' | 'connecting' | 'error'
export type UpdateStep = 'form' | 'sending' | 'primary' | 'secondary' | 'verifying' | 'waiting' | 'done'

export interface EmbeddedWalletState {
  email: { step: EmailStep; address?: string; error?: string; lastSentAt?: number }
  social: { status: SocialStatus; provider?: SocialProvider; error?: string }
  update: { step: UpdateStep; newEmail?: string; codeStep?: 'primary' | 'secondary'; error?: string }
  /** SPEC §4 Farcaster sign-in; `url` is the SPEC §3 farcasterUrl (QR and link). */
  farcaster: { status: FarcasterStatus; url?: string; error?: string }
  /** SPEC §4 Switching account type: loading while the frame switches, the failure text after. */
  accountType: { switching: boolean; error?: string }
  /** SPEC §3 smartAccountEnabledNetworks, as the secure site reports them (eip155 chain ids). */
  smartAccountEnabledNetworks?: readonly number[]
  /** The smart account's active sessions (SmartSessions view); `revoking` is the pci being revoked. */
  sessions: { status: 'idle' | 'loading' | 'ready' | 'error'; items: SmartSession[]; error?: string; revoking?: string }
  /** Issue 28: "Continue with a passkey" on Connect (the ceremony runs in the secure site's frame). */
  passkey: { status: 'idle' | 'connecting' | 'error'; error?: string }
  /** Issue 28: the signed-in user's passkeys (Passkeys view); `adding` while the frame's panel is up, `removing` an id. */
  passkeys: { status: 'idle' | 'loading' | 'ready' | 'error'; items: FramePasskey[]; error?: string; adding?: boolean; removing?: string }
  /** SPEC §3 login-frame user and social provider of the connected account. */
  user?: FrameUser
  socialProvider?: SocialProvider
  /** The signing request the secure site shows its approval panel for. */
  approval?: { id: string; method: string }
  /** The last embedded wallet alert (SPEC §8). */
  alert?: EmbeddedWalletAlert
}

/** A popup window as the controller uses it. */
export interface PopupLike {
  readonly closed: boolean
  close(): void
  location: { href: string }
}

export interface ControllerOptions {
  secureSiteUrl: string
  hostOrigin: string
  /** Test seams of the frame client. */
  mount?: FrameClientOptions['mount']
  listen?: FrameClientOptions['listen']
  /** Opens the social popup. @default window.open('', name, 'width=600,height=800,...') */
  openPopup?: () => PopupLike | null
  /** Reads GET /projects/v1/origins. @default fetch on the modal's registry endpoint */
  fetchOrigins?: (url: string) => Promise<{ status: number; body: unknown }>
  /** Reads GET /v1/sessions/{caipAddress}. @default fetch on the modal's blockchainApi endpoint */
  fetchSessions?: (url: string) => Promise<{ status: number; body: unknown }>
  now?: () => number
  /** The host's default account type (sent with SYNC_DAPP_DATA and GET_USER until the user chooses one). */
  defaultAccountType?: AccountType
  /** The host's ERC-7677 paymaster service (sent with SYNC_DAPP_DATA): the smart account's gas sponsor. */
  paymasterUrl?: string
  /** Sends a SPEC §7 analytics event (SET_PREFERRED_ACCOUNT_TYPE). */
  track?: (event: 'SET_PREFERRED_ACCOUNT_TYPE', properties: Record<string, unknown>) => void
}

/** What the controller asks of the auth connector once it exists. */
export interface AccountsSink {
  accountsChanged(user: FrameUser): void
}

interface Deferred<T> {
  promise: Promise<T>
  resolve(v: T): void
  reject(e: unknown): void
}

function defer<T>(): Deferred<T> {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  promise.catch(() => undefined)
  return { promise, resolve, reject }
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : ErrorText.AN_ERROR_OCCURRED
}

/** True when an allowlist entry (exact origin, or `scheme://host:*`) admits the origin. */
export function originAllowed(allowed: readonly string[], origin: string): boolean {
  return allowed.some((entry) => {
    if (entry === origin) return true
    if (entry.endsWith(':*')) {
      const base = entry.slice(0, -2)
      return origin === base || (origin.startsWith(`${base}:`) && /^\d+$/.test(origin.slice(base.length + 1)))
    }
    return false
  })
}

export class EmbeddedWalletController implements AuthSession {
  readonly store = new Store<EmbeddedWalletState>({
    email: { step: 'idle' },
    social: { status: 'idle' },
    update: { step: 'form' },
    farcaster: { status: 'idle' },
    accountType: { switching: false },
    sessions: { status: 'idle', items: [] },
    passkey: { status: 'idle' },
    passkeys: { status: 'idle', items: [] },
  })
  readonly frame: FrameClient
  private login: Deferred<FrameUser> | undefined
  private connecting: Promise<void> | undefined
  private restoring: Promise<FrameUser | undefined> | undefined
  private popup: { window: PopupLike; cancel(error: Error): void } | undefined
  private approvalOpenedModal = false
  private closingAfterApproval = false
  private updatePoll: ReturnType<typeof setTimeout> | undefined
  private resyncTimer: ReturnType<typeof setTimeout> | undefined
  private connector: AccountsSink | undefined
  private syncedFrame = false
  private networksLoading: Promise<readonly number[]> | undefined
  private readonly now: () => number

  constructor(
    private readonly ctx: PluginContext,
    private readonly options: ControllerOptions,
  ) {
    this.now = options.now ?? (() => Date.now())
    this.frame = new FrameClient({
      secureSiteUrl: options.secureSiteUrl,
      projectId: this.projectId(),
      hostOrigin: options.hostOrigin,
      mount: options.mount,
      listen: options.listen,
      onAlert: (alert) => this.showAlert(alert),
      onEvent: (event) => this.onFrameEvent(event),
      checkOrigin: () => this.checkOrigin(),
    })
    ctx.track(ctx.events.on('modal:close', () => this.onModalClose()))
    ctx.track(
      ctx.events.on('router:leave', ({ from, connected }) => {
        if (from === 'ConnectingFarcaster' && !connected) this.leaveFarcaster()
      }),
    )
  }

  /** The auth connector (created by the kernel after the controller) that reports account changes. */
  attach(connector: AccountsSink): void {
    this.connector = connector
  }

  get state(): EmbeddedWalletState {
    return this.store.getSnapshot()
  }

  get user(): FrameUser | undefined {
    return this.state.user
  }

  /** SPEC §4 Iframe: created on init when email or social login was used before (otherwise on first use). */
  init(): void {
    if (this.ctx.storage.getItem(LOGIN_USED_KEY)) {
      void this.frame.ready().catch(() => undefined)
      this.syncOnce()
    }
  }

  // ─── App data, account types (SPEC §4 Switching account type, §7 SYNC_DAPP_DATA) ─────────────────────────

  /** The account type the host wants until the user chooses: the SPEC §3 stored preference, else the host default. */
  hostAccountType(): AccountType | undefined {
    return this.ctx.sharedStorage.preferredAccountType('eip155' as ChainNamespace) ?? this.options.defaultAccountType
  }

  /** SPEC §7 SYNC_DAPP_DATA: project, SDK, metadata and the preferred account type. */
  syncDappData(): Promise<void> {
    const options = this.ctx.state.options.getSnapshot()
    const type = this.hostAccountType()
    const meta = options.metadata
    return this.frame
      .request('SYNC_DAPP_DATA', {
        projectId: this.projectId(),
        sdkType: SDK_TYPE,
        sdkVersion: SDK_VERSION,
        ...(meta ? { metadata: { name: meta.name, ...(meta.url ? { url: meta.url } : {}), ...(meta.icons ? { icons: [...meta.icons] } : {}) } } : {}),
        ...(type ? { preferredAccountType: type } : {}),
        ...(this.options.paymasterUrl ? { paymasterUrl: this.options.paymasterUrl } : {}),
      })
      .then(
        () => undefined,
        () => undefined,
      )
  }

  /** Sends the app data once per iframe (a fresh iframe after a reset gets it again). */
  private syncOnce(): void {
    if (!this.frame.created) this.syncedFrame = false
    if (this.syncedFrame) return
    this.syncedFrame = true
    void this.syncDappData()
  }

  /** SPEC §3 smartAccountEnabledNetworks from the secure site, also written to the eip155 network state. */
  loadSmartNetworks(): Promise<readonly number[]> {
    if (this.state.smartAccountEnabledNetworks) return Promise.resolve(this.state.smartAccountEnabledNetworks)
    this.networksLoading ??= this.frame
      .request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})
      .then(({ smartAccountEnabledNetworks }) => {
        this.store.set({ smartAccountEnabledNetworks })
        this.ctx.network.setSmartAccountEnabledNetworks('eip155' as ChainNamespace, smartAccountEnabledNetworks)
        return smartAccountEnabledNetworks
      })
      .catch(() => [] as readonly number[])
      .finally(() => {
        this.networksLoading = undefined
      })
    return this.networksLoading
  }

  /** The type of the connected eip155 account ('eoa' before a login). */
  accountType(): AccountType {
    return this.state.user?.preferredAccountType ?? 'eoa'
  }

  /** SPEC §4: smart accounts only on enabled networks; the switch is offered for the auth connection there. */
  canSwitchAccountType(caipNetworkId: string | undefined): boolean {
    if (!this.state.user || !caipNetworkId?.startsWith('eip155:')) return false
    if (this.ctx.state.connection.getSnapshot().activeConnectorIds['eip155' as ChainNamespace] !== AUTH_CONNECTOR_ID) return false
    return (this.state.smartAccountEnabledNetworks ?? []).includes(Number(caipNetworkId.slice(7)))
  }

  /**
   * SPEC §4 Switching account type: loading on, the auth wallet switches (SET_PREFERRED_ACCOUNT), the connection
   * takes the account of that type (reconnect), loading off. Stores the SPEC §3 preferred account type and sends
   * SET_PREFERRED_ACCOUNT_TYPE to analytics.
   */
  async switchAccountType(type: AccountType): Promise<boolean> {
    if (this.state.accountType.switching) return false
    this.store.set({ accountType: { switching: true } })
    try {
      await this.frame.request('SET_PREFERRED_ACCOUNT', { type })
      const network = this.ctx.state.network.getSnapshot().byNamespace['eip155' as ChainNamespace]?.caipNetwork
      const chainId = network ? Number(network.id) : undefined
      const { user } = await this.frame.request('GET_USER', { ...(chainId === undefined ? {} : { chainId }), preferredAccountType: type })
      this.store.set({ user })
      this.connector?.accountsChanged(user)
      this.ctx.sharedStorage.setPreferredAccountType('eip155' as ChainNamespace, type)
      this.options.track?.('SET_PREFERRED_ACCOUNT_TYPE', { accountType: type, network: network?.caipNetworkId })
      this.store.set({ accountType: { switching: false } })
      return true
    } catch (error) {
      this.store.set({ accountType: { switching: false, error: messageOf(error) } })
      return false
    }
  }

  clearAccountTypeError(): void {
    if (this.state.accountType.error) this.store.set({ accountType: { switching: false } })
  }

  // ─── Smart sessions (SPEC §1 "manage smart-account sessions", §3 session record, §6 wallet_revokePermissions) ──

  /** The connected eip155 smart account as a CAIP-10 address, when the smart account is the active one. */
  private smartCaipAddress(): string | undefined {
    const account = this.ctx.state.accounts.getSnapshot().byNamespace['eip155' as ChainNamespace]
    const entry = account?.allAccounts[0]
    if (!account?.caipAddress || entry?.type !== 'smartAccount') return undefined
    return account.caipAddress
  }

  /** Lists the smart account's active sessions from the API server (the modal's blockchainApi endpoint). */
  async loadSessions(): Promise<void> {
    const caip = this.smartCaipAddress()
    if (!caip) {
      this.store.set({ sessions: { status: 'ready', items: [] } })
      return
    }
    this.store.set({ sessions: { ...this.state.sessions, status: 'loading', error: undefined } })
    const base = this.ctx.state.options.getSnapshot().endpoints.blockchainApi
    const url = withSdkParams(new URL(`/v1/sessions/${encodeURIComponent(caip)}`, base), { projectId: this.projectId(), st: SDK_TYPE, sv: SDK_VERSION })
    try {
      const answer = await (this.options.fetchSessions ?? fetchJson)(url)
      if (answer.status !== 200) throw new Error(ErrorText.AN_ERROR_OCCURRED)
      this.store.set({ sessions: { status: 'ready', items: parseSessions(answer.body) } })
    } catch {
      this.store.set({ sessions: { ...this.state.sessions, status: 'error', error: ErrorText.AN_ERROR_OCCURRED } })
    }
  }

  /** Revokes one session through the secure site (its approval panel signs the revoke), then lists again. */
  async revokeSession(pci: string): Promise<void> {
    const network = this.ctx.state.network.getSnapshot().byNamespace['eip155' as ChainNamespace]?.caipNetwork
    if (!network || this.state.sessions.revoking) return
    this.store.set({ sessions: { ...this.state.sessions, revoking: pci, error: undefined } })
    try {
      await this.rpc('wallet_revokePermissions', [{ permissionContext: pci }], Number(network.id))
      this.store.set({ sessions: { ...this.state.sessions, revoking: undefined } })
      await this.loadSessions()
    } catch (error) {
      this.store.set({ sessions: { ...this.state.sessions, revoking: undefined, error: messageOf(error) } })
    }
  }

  // ─── Passkeys (issue 28: WebAuthn on the secure site's origin, in its frame) ─────────────────────────────────

  /** "Continue with a passkey": the frame asks the browser for a discoverable passkey of the secure site and logs in. */
  async connectPasskey(): Promise<void> {
    if (this.state.passkey.status === 'connecting') return
    this.store.set({ passkey: { status: 'connecting' } })
    this.ensureConnecting()
    try {
      const { user } = await this.frame.request('CONNECT_PASSKEY', this.chainIdPayload())
      this.store.set({ passkey: { status: 'idle' } })
      this.loggedIn(user, undefined, 'passkey')
    } catch (error) {
      // The connect stays open: the user may try again or pick email or social.
      this.store.set({ passkey: messageOf(error) === ErrorText.MODAL_CLOSED ? { status: 'idle' } : { status: 'error', error: messageOf(error) } })
    }
  }

  async loadPasskeys(): Promise<void> {
    this.store.set({ passkeys: { ...this.state.passkeys, status: 'loading', error: undefined } })
    try {
      const { passkeys } = await this.frame.request('GET_PASSKEYS', {})
      this.store.set({ passkeys: { ...this.state.passkeys, status: 'ready', items: passkeys } })
    } catch (error) {
      this.store.set({ passkeys: { ...this.state.passkeys, status: 'error', error: messageOf(error) } })
    }
  }

  /** "Add a passkey": the frame shows its own panel (the browser creates credentials in a frame only on a click there). */
  async addPasskey(): Promise<void> {
    if (this.state.passkeys.adding) return
    this.store.set({ passkeys: { ...this.state.passkeys, adding: true, error: undefined } })
    try {
      const { passkey } = await this.frame.request('ADD_PASSKEY', {})
      const items = this.state.passkeys.items.filter((p) => p.id !== passkey.id)
      this.store.set({ passkeys: { ...this.state.passkeys, status: 'ready', adding: false, items: [...items, passkey] } })
    } catch (error) {
      this.store.set({ passkeys: { ...this.state.passkeys, adding: false, error: messageOf(error) } })
    }
  }

  /** Removes one passkey; the secure site refuses the account's last login method with its own text. */
  async removePasskey(id: string): Promise<void> {
    if (this.state.passkeys.removing) return
    this.store.set({ passkeys: { ...this.state.passkeys, removing: id, error: undefined } })
    try {
      const { passkeys } = await this.frame.request('REMOVE_PASSKEY', { id })
      this.store.set({ passkeys: { ...this.state.passkeys, status: 'ready', removing: undefined, items: passkeys } })
    } catch (error) {
      this.store.set({ passkeys: { ...this.state.passkeys, removing: undefined, error: messageOf(error) } })
    }
  }

  // ─── Farcaster (SPEC §2 ConnectingFarcaster, §4 "Farcaster uses a URL") ─────────────────────────────────

  /** Asks the frame for the sign-in URL (QR, link), then waits for the Farcaster app's approval and connects. */
  async startFarcaster(): Promise<void> {
    const { status } = this.state.farcaster
    if (status === 'loading' || status === 'waiting' || status === 'connecting') return
    this.store.set({ farcaster: { status: 'loading' } })
    this.syncOnce()
    this.ensureConnecting()
    let url: string
    try {
      url = (await this.frame.request('GET_FARCASTER_URI', {})).url
    } catch (error) {
      if (this.state.farcaster.status === 'loading') this.farcasterFailed(error)
      return
    }
    if (this.state.farcaster.status !== 'loading') return // left the view meanwhile
    this.store.set({ farcaster: { status: 'waiting', url } })
    try {
      const { user } = await this.frame.request('CONNECT_FARCASTER', {})
      if (this.state.farcaster.url !== url) return
      this.store.set({ farcaster: { status: 'connecting', url } })
      this.loggedIn(user, undefined, 'farcaster')
    } catch (error) {
      if (this.state.farcaster.url === url) this.farcasterFailed(error)
    }
  }

  private farcasterFailed(error: unknown): void {
    if (messageOf(error) === ErrorText.MODAL_CLOSED) {
      this.store.set({ farcaster: { status: 'idle' } })
      return
    }
    this.store.set({ farcaster: { status: 'error', error: ErrorText.FAILED_TO_CONNECT_TO_FARCASTER } })
    this.failLogin(new PorticoError(ErrorText.FAILED_TO_CONNECT_TO_FARCASTER))
  }

  /** SPEC §2: leaving ConnectingFarcaster while disconnected clears the URL, reloads the frame, re-syncs in 100 ms. */
  private leaveFarcaster(): void {
    this.store.set({ farcaster: { status: 'idle' } })
    if (this.frame.created) void this.frame.request('RELOAD', {}).catch(() => undefined)
    clearTimeout(this.resyncTimer)
    this.resyncTimer = setTimeout(() => void this.syncDappData(), FARCASTER_RESYNC_MS)
  }

  // ─── Email (SPEC §4 Email and wallet connection, §5 throttle) ─────────────────────────────────────────────

  /** Starts an email login from Connect: validates, applies the 30 s throttle, opens EmailLogin. */
  async startEmail(input: string): Promise<void> {
    const email = input.trim()
    if (!isValidEmail(email)) {
      this.store.set({ email: { ...this.state.email, step: 'error', error: INVALID_EMAIL } })
      return
    }
    const wait = throttleSecondsLeft(this.state.email.lastSentAt, this.now())
    if (wait > 0) {
      this.store.set({ email: { ...this.state.email, step: 'error', error: tryAgainAfter(wait) } })
      return
    }
    if (this.ctx.router.current.view !== 'EmailLogin') this.ctx.router.push('EmailLogin' as 'Connect')
    this.store.set({ email: { step: 'sending', address: email, lastSentAt: this.now() } })
    this.ensureConnecting()
    await this.sendEmail(email)
  }

  /** Resends the code (same 30 s throttle). */
  async resendCode(): Promise<void> {
    const email = this.state.email.address
    if (!email) return
    const wait = throttleSecondsLeft(this.state.email.lastSentAt, this.now())
    if (wait > 0) {
      this.store.set({ email: { ...this.state.email, error: tryAgainAfter(wait) } })
      return
    }
    this.store.set({ email: { ...this.state.email, step: 'sending', error: undefined, lastSentAt: this.now() } })
    this.ensureConnecting()
    await this.sendEmail(email)
  }

  /** Seconds until a code may be sent again. */
  throttleLeft(): number {
    return throttleSecondsLeft(this.state.email.lastSentAt, this.now())
  }

  private async sendEmail(email: string): Promise<void> {
    try {
      const { action } = await this.frame.request('CONNECT_EMAIL', { email })
      if (this.state.email.address !== email) return
      if (action === 'VERIFY_DEVICE') {
        this.store.set({ email: { ...this.state.email, step: 'device' } })
        await this.frame.request('CONNECT_DEVICE', {})
      }
      if (this.state.email.address === email) this.store.set({ email: { ...this.state.email, step: 'otp', error: undefined } })
    } catch (error) {
      // A send that failed is not a trigger: Retry may send at once (the server keeps its own limit).
      if (this.state.email.address === email && this.state.email.step !== 'idle') this.store.set({ email: { ...this.state.email, step: 'error', error: messageOf(error), lastSentAt: undefined } })
    }
  }

  /** Checks the one-time code; a wrong code stays on the code step with the frame's message. */
  async submitOtp(input: string): Promise<void> {
    const otp = input.trim()
    if (!isValidOtp(otp)) {
      this.store.set({ email: { ...this.state.email, error: INVALID_OTP } })
      return
    }
    this.store.set({ email: { ...this.state.email, step: 'verifying', error: undefined } })
    this.ensureConnecting()
    try {
      const { user } = await this.frame.request('CONNECT_OTP', { otp, ...this.chainIdPayload() })
      this.loggedIn(user)
    } catch (error) {
      if (this.state.email.step === 'verifying') this.store.set({ email: { ...this.state.email, step: 'otp', error: messageOf(error) } })
    }
  }

  /** Back from EmailLogin to the email field. */
  cancelEmail(): void {
    this.store.set({ email: { step: 'idle', lastSentAt: this.state.email.lastSentAt } })
  }

  clearEmailError(): void {
    if (this.state.email.error) this.store.set({ email: { ...this.state.email, step: this.state.email.step === 'error' ? 'idle' : this.state.email.step, error: undefined } })
  }

  // ─── Social (SPEC §4 Social login) ─────────────────────────────────────────────────────────────────────────

  /**
   * Opens the 600x800 popup (synchronously, in the click), asks the frame for the provider's start URL, waits for the
   * popup's SOCIAL_RESULT from the exact secure origin, then connects by social through the frame.
   */
  async startSocial(provider: SocialProvider): Promise<void> {
    this.popup?.cancel(new PorticoError(ErrorText.POPUP_CLOSED))
    const popup = (this.options.openPopup ?? openBlankPopup)()
    if (!popup) {
      this.store.set({ social: { status: 'error', provider, error: ErrorText.FAILED_TO_INITIATE_SOCIAL_CONNECTION } })
      return
    }
    this.store.set({ social: { status: 'opening', provider } })
    this.ensureConnecting()
    const state = globalThis.crypto.randomUUID()
    let uri: string
    try {
      uri = (await this.frame.request('GET_SOCIAL_REDIRECT_URI', { provider, state })).uri
      if (new URL(uri).origin !== this.frame.secureOrigin) throw new Error('start page on another origin')
    } catch {
      popup.close()
      return this.socialFailed(provider, ErrorText.FAILED_TO_INITIATE_SOCIAL_CONNECTION)
    }
    if (popup.closed) return this.socialFailed(provider, ErrorText.POPUP_CLOSED)
    popup.location.href = uri
    this.store.set({ social: { status: 'waiting', provider } })
    let code: string
    try {
      code = await this.waitForSocialResult(popup, state)
    } catch (error) {
      return this.socialFailed(provider, messageOf(error))
    }
    this.store.set({ social: { status: 'connecting', provider } })
    try {
      const { user } = await this.frame.request('CONNECT_SOCIAL', { code, ...this.chainIdPayload() })
      this.loggedIn({ ...user, socialProvider: user.socialProvider ?? provider }, provider)
    } catch (error) {
      const text = messageOf(error)
      this.socialFailed(provider, text === ErrorText.MODAL_CLOSED ? text : ErrorText.FAILED_TO_CONNECT)
    }
  }

  private socialFailed(provider: SocialProvider, error: string): void {
    if (error === ErrorText.MODAL_CLOSED) {
      this.store.set({ social: { status: 'idle' } })
      return
    }
    this.store.set({ social: { status: 'error', provider, error } })
    this.failLogin(new PorticoError(error))
  }

  /** Resolves with the popup's one-time code; only from the exact secure origin and this popup, with our state. */
  private waitForSocialResult(popup: PopupLike, state: string): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const listen = this.options.listen ?? listenWindow
      const finish = (fn: () => void) => {
        clearInterval(poll)
        off()
        this.popup = undefined
        fn()
      }
      const off = listen((event) => {
        if (event.origin !== this.frame.secureOrigin || event.source !== popup) return
        const message = parseSocialMessage(event.data)
        if (!message || message.payload.state !== state) return
        if (message.type === 'SOCIAL_RESULT') finish(() => resolve(message.payload.code))
        else finish(() => reject(new PorticoError(ErrorText.FAILED_TO_CONNECT)))
        popup.close()
      })
      const poll = setInterval(() => {
        if (popup.closed) finish(() => reject(new PorticoError(ErrorText.POPUP_CLOSED)))
      }, POPUP_POLL_MS)
      this.popup = {
        window: popup,
        cancel: (error) => {
          finish(() => reject(error))
          popup.close()
        },
      }
    })
  }

  // ─── Connecting (the kernel's connect waits for the login) ────────────────────────────────────────────────

  waitForLogin(): Promise<FrameUser> {
    if (this.state.user) return Promise.resolve(this.state.user)
    this.login ??= defer<FrameUser>()
    return this.login.promise
  }

  /** The namespaces of the host the auth connector serves (SPEC §1: eip155 and solana). */
  namespaces(): ChainNamespace[] {
    const hosted = Object.keys(this.ctx.state.network.getSnapshot().byNamespace)
    return AUTH_NAMESPACES.filter((ns) => hosted.includes(ns)) as ChainNamespace[]
  }

  private primaryNamespace(): ChainNamespace | undefined {
    const active = this.ctx.state.network.getSnapshot().activeNamespace
    const ours = this.namespaces()
    return ours.find((ns) => ns === active) ?? ours[0]
  }

  private chainIdPayload(): { chainId?: FrameChainId } {
    const ns = this.primaryNamespace()
    const network = ns ? this.ctx.state.network.getSnapshot().byNamespace[ns]?.caipNetwork : undefined
    if (!network) return {}
    return { chainId: network.chainNamespace === 'eip155' ? Number(network.id) : network.caipNetworkId }
  }

  /** Starts the kernel's connect of the auth connector once; it resolves when the login's user arrives. */
  private ensureConnecting(): void {
    this.syncOnce()
    if (this.connecting) return
    const primary = this.primaryNamespace()
    if (!primary) return
    const connection = this.ctx.connection
    this.connecting = connection
      .connect(AUTH_CONNECTOR_ID, primary)
      .then(async () => {
        for (const ns of this.namespaces()) {
          if (ns === primary || connection.active(ns)) continue
          await connection.connect(AUTH_CONNECTOR_ID, ns).catch((error: unknown) => this.ctx.events.emit('error', { source: 'embedded-wallet', error }))
        }
        const unsupported = this.ctx.state.network.getSnapshot().unsupportedChainId !== undefined
        this.ctx.router.reset(unsupported ? 'UnsupportedChain' : 'Account')
        this.store.set({ email: { step: 'idle', lastSentAt: this.state.email.lastSentAt }, social: { status: 'idle' }, farcaster: { status: 'idle' }, passkey: { status: 'idle' } })
      })
      .catch((error: unknown) => {
        this.login = undefined
        if (messageOf(error) === ErrorText.MODAL_CLOSED) this.resetFlows()
      })
      .finally(() => {
        this.connecting = undefined
      })
  }

  private loggedIn(user: FrameUser, provider?: SocialProvider, method?: 'farcaster' | 'passkey'): void {
    this.ctx.storage.setItem(LOGIN_USED_KEY, method ?? (provider ? `social:${provider}` : 'email'))
    this.store.set({ user, socialProvider: provider ?? user.socialProvider })
    void this.loadSmartNetworks()
    const login = this.login
    this.login = undefined
    login?.resolve(user)
  }

  private failLogin(error: Error): void {
    const login = this.login
    this.login = undefined
    login?.reject(error)
  }

  // ─── AuthSession (the connector's side) ───────────────────────────────────────────────────────────────────

  /** SPEC §4 reload: the stored session is used when the frame says it is connected. */
  restore(chainId: FrameChainId | undefined): Promise<FrameUser | undefined> {
    if (this.state.user) return Promise.resolve(this.state.user)
    if (!this.ctx.storage.getItem(LOGIN_USED_KEY)) return Promise.resolve(undefined)
    this.restoring ??= (async () => {
      try {
        const { isConnected } = await this.frame.request('IS_CONNECTED', {})
        if (!isConnected) {
          this.ctx.storage.removeItem(LOGIN_USED_KEY)
          return undefined
        }
        this.syncOnce()
        const type = this.hostAccountType()
        const { user } = await this.frame.request('GET_USER', { ...(chainId === undefined ? {} : { chainId }), ...(type ? { preferredAccountType: type } : {}) })
        void this.loadSmartNetworks()
        const stored = this.ctx.storage.getItem(LOGIN_USED_KEY) ?? ''
        const provider = stored.startsWith('social:') ? (stored.slice(7) as SocialProvider) : undefined
        this.store.set({ user, socialProvider: user.socialProvider ?? provider })
        return user
      } catch {
        return undefined
      } finally {
        this.restoring = undefined
      }
    })()
    return this.restoring
  }

  async switchChain(chainId: FrameChainId): Promise<FrameUser> {
    await this.frame.request('SWITCH_NETWORK', { chainId })
    const { user } = await this.frame.request('GET_USER', { chainId, preferredAccountType: this.state.user?.preferredAccountType ?? this.hostAccountType() ?? 'eoa' })
    this.store.set({ user })
    return user
  }

  async rpc(method: string, params: unknown, chainId: FrameChainId): Promise<unknown> {
    const { result } = await this.frame.request('RPC_REQUEST', { method, params, chainId })
    const user = this.state.user
    if (user?.preferredAccountType === 'smartAccount' && !user.smartAccountDeployed && (method === 'eth_sendTransaction' || method === 'wallet_sendCalls')) {
      // SPEC §3 smartAccountDeployed: the first user operation deployed the account; read the user again.
      void this.frame.request('GET_USER', { chainId }).then(
        ({ user: next }) => {
          if (this.state.user) this.store.set({ user: next })
        },
        () => undefined,
      )
    }
    return result
  }

  /** SPEC §4 Disconnect: sign out through the frame and clear the cached email login data. */
  async signOut(): Promise<void> {
    const hadFrame = this.frame.created
    this.clearSession()
    if (hadFrame) await this.frame.request('SIGN_OUT', {}).catch(() => undefined)
  }

  private clearSession(): void {
    this.ctx.storage.removeItem(LOGIN_USED_KEY)
    clearTimeout(this.updatePoll)
    this.store.set({ user: undefined, socialProvider: undefined, email: { step: 'idle' }, social: { status: 'idle' }, update: { step: 'form' }, farcaster: { status: 'idle' }, accountType: { switching: false }, passkey: { status: 'idle' }, passkeys: { status: 'idle', items: [] } })
  }

  // ─── Email update (SPEC §4 Email update) ──────────────────────────────────────────────────────────────────

  async startUpdate(input: string): Promise<void> {
    const email = input.trim()
    if (!isValidEmail(email)) {
      this.store.set({ update: { step: 'form', error: INVALID_EMAIL } })
      return
    }
    this.store.set({ update: { step: 'sending', newEmail: email } })
    try {
      const { action } = await this.frame.request('UPDATE_EMAIL', { email })
      this.store.set({ update: { step: action === 'VERIFY_PRIMARY_OTP' ? 'primary' : 'secondary', newEmail: email } })
    } catch (error) {
      this.store.set({ update: { step: 'form', newEmail: email, error: messageOf(error) } })
    }
  }

  async submitUpdateCode(input: string): Promise<void> {
    const { step, newEmail } = this.state.update
    if (step !== 'primary' && step !== 'secondary') return
    const otp = input.trim()
    if (!isValidOtp(otp)) {
      this.store.set({ update: { ...this.state.update, error: INVALID_OTP } })
      return
    }
    this.store.set({ update: { step: 'verifying', newEmail, codeStep: step } })
    try {
      if (step === 'primary') {
        await this.frame.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
        this.store.set({ update: { step: 'secondary', newEmail } })
      } else {
        const { newEmail: confirmed } = await this.frame.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
        this.store.set({ update: { step: 'waiting', newEmail: confirmed } })
        this.pollUntilEmailChanged(this.state.user?.email)
      }
    } catch (error) {
      this.store.set({ update: { step, newEmail, error: messageOf(error) } })
    }
  }

  resetUpdate(): void {
    clearTimeout(this.updatePoll)
    this.store.set({ update: { step: 'form' } })
  }

  /** SPEC §4: polls get-user every 1 s until the email changed. */
  private pollUntilEmailChanged(previous: string | undefined): void {
    const tick = async () => {
      try {
        const { user } = await this.frame.request('GET_USER', {})
        if (user.email && user.email !== previous) {
          this.store.set({ user, update: { step: 'done', newEmail: user.email } })
          return
        }
      } catch {
        // Try again on the next tick.
      }
      if (this.state.update.step === 'waiting') this.updatePoll = setTimeout(() => void tick(), EMAIL_UPDATE_POLL_MS)
    }
    this.updatePoll = setTimeout(() => void tick(), EMAIL_UPDATE_POLL_MS)
  }

  // ─── Frame events, alerts, closing ────────────────────────────────────────────────────────────────────────

  private onFrameEvent(event: FrameEvent): void {
    const modal = this.ctx.modal
    if (event.type === 'FRAME_SHOW_APPROVAL') {
      this.store.set({ approval: { id: event.payload.id, method: event.payload.method } })
      if (!this.ctx.state.modal.getSnapshot().open) {
        this.approvalOpenedModal = true
        modal.open({ view: 'ApproveTransaction' as 'Connect' })
      } else if (this.ctx.router.current.view !== 'ApproveTransaction') {
        this.approvalOpenedModal = false
        this.ctx.router.push('ApproveTransaction' as 'Connect')
      }
    } else if (event.type === 'FRAME_HIDE_APPROVAL') {
      if (this.state.approval?.id !== event.payload.id) return
      this.store.set({ approval: undefined })
      this.frame.place(undefined)
      if (this.ctx.router.current.view === 'ApproveTransaction') {
        if (this.approvalOpenedModal) {
          // The request was decided in the panel: closing now must not abort it (its answer follows the hide).
          this.closingAfterApproval = true
          try {
            modal.close()
          } finally {
            this.closingAfterApproval = false
          }
        } else this.ctx.router.goBack()
      }
      this.approvalOpenedModal = false
    } else if (event.type === 'FRAME_SESSION_EXPIRED') {
      if (!this.state.user) return
      this.clearSession()
      for (const ns of AUTH_NAMESPACES) {
        if (this.ctx.state.connection.getSnapshot().activeConnectorIds[ns as ChainNamespace] === AUTH_CONNECTOR_ID) void this.ctx.connection.disconnect(ns as ChainNamespace, AUTH_CONNECTOR_ID)
      }
    }
  }

  /** SPEC §4/§8: closing rejects pending connects ("Modal closed") and open wallet requests ("Request was aborted"). */
  private onModalClose(): void {
    if (this.closingAfterApproval) return
    const approvalOpen = this.state.approval !== undefined
    this.popup?.cancel(new PorticoError(ErrorText.MODAL_CLOSED))
    this.frame.abortOnClose()
    this.failLogin(new PorticoError(ErrorText.MODAL_CLOSED))
    this.resetFlows()
    if (approvalOpen) {
      // The frame's approval panel still waits: a fresh iframe drops it (the session stays in the secure origin).
      this.store.set({ approval: undefined })
      this.frame.reset()
    }
    this.approvalOpenedModal = false
  }

  private resetFlows(): void {
    clearTimeout(this.updatePoll)
    this.store.set({ email: { step: 'idle', lastSentAt: this.state.email.lastSentAt }, social: { status: 'idle' }, update: { step: 'form' }, passkey: { status: 'idle' } })
    if (this.state.farcaster.status !== 'connecting') this.store.set({ farcaster: { status: 'idle' } })
  }

  private showAlert(alert: EmbeddedWalletAlert): void {
    this.store.set({ alert })
    this.ctx.snackbar.showError(alert.shortMessage)
  }

  dismissAlert(): void {
    this.store.set({ alert: undefined })
  }

  private projectId(): string {
    return this.ctx.state.options.getSnapshot().projectId ?? ''
  }

  /** SPEC §7/§8: the project's allowed origins; a host origin not on them is "Invalid App Configuration". */
  private async checkOrigin(): Promise<EmbeddedWalletAlert | undefined> {
    const projectId = this.projectId()
    if (!projectId) return EmbeddedWalletAlerts.PROJECT_ID_NOT_CONFIGURED
    const registry = this.ctx.state.options.getSnapshot().endpoints.registry
    const url = withSdkParams(new URL('/projects/v1/origins', registry), { projectId, st: SDK_TYPE, sv: SDK_VERSION })
    let answer: { status: number; body: unknown }
    try {
      answer = await (this.options.fetchOrigins ?? fetchJson)(url)
    } catch {
      return undefined
    }
    const result = classifyOriginsResponse(answer.status, answer.body)
    if ('error' in result) return undefined
    if (result.allowedOrigins.length && !originAllowed(result.allowedOrigins, this.options.hostOrigin)) return EmbeddedWalletAlerts.INVALID_APP_CONFIGURATION
    return undefined
  }

  dispose(): void {
    this.popup?.cancel(new PorticoError(ErrorText.SOMETHING_WENT_WRONG))
    clearTimeout(this.updatePoll)
    clearTimeout(this.resyncTimer)
    this.failLogin(new PorticoError(ErrorText.SOMETHING_WENT_WRONG))
    this.frame.dispose()
  }
}

async function fetchJson(url: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url)
  return { status: res.status, body: await res.json().catch(() => undefined) }
}

function listenWindow(handler: (event: { origin: string; source: unknown; data: unknown }) => void): () => void {
  const listener = (event: MessageEvent) => handler({ origin: event.origin, source: event.source, data: event.data })
  window.addEventListener('message', listener)
  return () => window.removeEventListener('message', listener)
}

/** SPEC §9: a 600x800 popup, centred; opened blank in the click, navigated once the start URL is known. */
function openBlankPopup(): PopupLike | null {
  const left = Math.max(0, Math.round((window.screenX ?? 0) + ((window.outerWidth ?? POPUP_WIDTH) - POPUP_WIDTH) / 2))
  const top = Math.max(0, Math.round((window.screenY ?? 0) + ((window.outerHeight ?? POPUP_HEIGHT) - POPUP_HEIGHT) / 2))
  return window.open('', 'portico-social', `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`) as PopupLike | null
}
