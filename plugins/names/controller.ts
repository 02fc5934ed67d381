import { ErrorText, Store, type Disposable, type PluginContext } from 'portico/plugin'
import { NamesApiError, type NameSuggestion, type ProfileApi } from './client.ts'
import { chainIdToCoinType } from './coin-type.ts'
import { formatRegistrationMessage, isAccountName, nameRuleProblem } from './rule.ts'
import type { NameLookup } from './tokens.ts'

/** How long typing must pause before suggestions are asked for. */
export const SUGGESTION_DEBOUNCE_MS = 300

export interface NamesState {
  /** The label typed (without the zone). */
  input: string
  /** The SPEC §5 name rule's complaint about the input, if any (empty input has none). */
  ruleProblem?: string
  suggestions: readonly NameSuggestion[]
  suggestionsStatus: 'idle' | 'loading' | 'ready' | 'error'
  /** "Error fetching name suggestions" and the API's reason. */
  suggestionsError?: string
  /** SPEC §4 name registration: signing, then posting, then success; error goes back to the register view. */
  status: 'idle' | 'signing' | 'registering' | 'success' | 'error'
  /** The failure shown: the API's reason when it gave one (SPEC §8), else the SPEC §8 text. */
  error?: string
  /** The name just registered. */
  registeredName?: string
}

export interface NamesControllerOptions {
  api: ProfileApi
  /** The zone names register in (without the leading dot). */
  zone: string
  now: () => number
  debounceMs?: number
}

type Normalizer = typeof import('./normalize.ts')

const initial = (): NamesState => ({ input: '', suggestions: [], suggestionsStatus: 'idle', status: 'idle' })

function toHex(text: string): `0x${string}` {
  let hex = ''
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return `0x${hex}`
}

/**
 * The catalogued texts the registration itself throws before it signs (no network, no account, a chain without a coin
 * type). Listed, not `Object.values(ErrorText)`: reading the whole catalogue as an object put every error text and the
 * catalogue's namespace object in the host's first chunk (1.2 KB gzip), where the catalogue module lives.
 */
const REGISTRATION_TEXTS: readonly string[] = [ErrorText.NETWORK_NOT_FOUND, ErrorText.ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND, ErrorText.INVALID_CHAIN_ID]

/** The text a failure shows: the API's reason is preferred (SPEC §8), else the registration's own catalogued text. */
function shownError(error: unknown, fallback: string): string {
  if (error instanceof NamesApiError) return error.reason ?? error.message
  if (error instanceof Error && REGISTRATION_TEXTS.includes(error.message)) return error.message
  return fallback
}

/**
 * SPEC §4 name registration and the §5 name rule, plus forward and reverse lookup. One per modal.
 */
export class NamesController implements Pick<NameLookup, 'isName' | 'resolveName' | 'lookupAddress'>, Disposable {
  readonly store = new Store<NamesState>(initial())
  private timer: ReturnType<typeof setTimeout> | undefined
  private request = 0
  /** Names found by reverse lookup or registered, by lowercased address. */
  private readonly known = new Map<string, string>()
  private readonly disposables: Array<() => void> = []
  private normalizer?: Normalizer
  private registering = false
  private loadingNormalizer?: Promise<Normalizer>

  constructor(
    private readonly ctx: PluginContext,
    private readonly options: NamesControllerOptions,
  ) {}

  get zone(): string {
    return this.options.zone
  }

  /** ENSIP-15 normalization, loaded on first need (the library is large). */
  loadNormalizer(): Promise<Normalizer> {
    this.loadingNormalizer ??= import('./normalize.ts').then((m) => (this.normalizer = m))
    return this.loadingNormalizer
  }

  /**
   * Watches connections: the active EVM address's name becomes the profile name, looked up on connect and when
   * another wallet of the namespace becomes the active one (SPEC §3: several connections per namespace).
   */
  start(): void {
    if (this.disposables.length) return
    void this.loadNormalizer().catch((error: unknown) => this.ctx.events.emit('error', { source: 'names', error }))
    const refresh = ({ namespace }: { namespace: string }) => {
      if (namespace === 'eip155') void this.refreshProfile()
    }
    for (const event of ['connection:connected', 'connection:switched'] as const) {
      const sub = this.ctx.events.on(event, refresh)
      this.disposables.push(() => sub.dispose())
    }
    // Another source (identity) may set the profile after us: a registered name stays the profile name.
    this.disposables.push(this.ctx.state.accounts.subscribe(() => this.keepProfile()))
    if (this.ctx.connection.active('eip155')) void this.refreshProfile()
  }

  /** Typing: checks the SPEC §5 rule at once and asks for suggestions once typing pauses. */
  setInput(input: string): void {
    clearTimeout(this.timer)
    this.request++
    const ruleProblem = input ? nameRuleProblem(input) : undefined
    this.store.set({
      input,
      ruleProblem,
      suggestions: [],
      suggestionsStatus: input && !ruleProblem ? 'loading' : 'idle',
      suggestionsError: undefined,
      ...(this.store.getSnapshot().status === 'error' ? { status: 'idle' as const, error: undefined } : {}),
    })
    if (!input || ruleProblem) return
    const id = this.request
    this.timer = setTimeout(() => void this.fetchSuggestions(input, id), this.options.debounceMs ?? SUGGESTION_DEBOUNCE_MS)
  }

  /** The full name the input registers (`label.zone`), or undefined when it breaks the rule or normalization. */
  candidate(input = this.store.getSnapshot().input): string | undefined {
    if (!input || nameRuleProblem(input)) return undefined
    // Until the normalizer is loaded: a label passing the SPEC §5 rule is ASCII, whose ENSIP-15 form is lowercase.
    if (!this.normalizer) return `${input.toLowerCase()}.${this.options.zone}`
    try {
      return this.normalizer.fullName(input, this.options.zone)
    } catch {
      return undefined
    }
  }

  /** True/false once the service said whether the input's name is free; undefined before. */
  available(state = this.store.getSnapshot()): boolean | undefined {
    const name = this.candidate(state.input)
    if (!name || state.suggestionsStatus !== 'ready') return undefined
    const exact = state.suggestions.find((s) => s.name === name)
    return exact ? !exact.registered : undefined
  }

  private async fetchSuggestions(input: string, id: number): Promise<void> {
    try {
      const suggestions = await this.options.api.suggestions(input.toLowerCase(), this.options.zone)
      if (id !== this.request) return
      this.store.set({ suggestions, suggestionsStatus: 'ready' })
    } catch (error) {
      if (id !== this.request) return
      this.store.set({ suggestionsStatus: 'error', suggestionsError: ErrorText.ERROR_FETCHING_NAME_SUGGESTIONS })
      this.ctx.events.emit('error', { source: 'names', error })
    }
  }

  /**
   * SPEC §4: signs the registration message with the wallet, posts it, then goes to RegisterAccountNameSuccess; on
   * error returns to RegisterAccountName with the API's reason (else "Error registering name"). Resolves either way.
   */
  async register(label = this.store.getSnapshot().input): Promise<void> {
    if (this.registering) return
    this.registering = true
    try {
      const problem = nameRuleProblem(label)
      if (problem) throw new Error(problem)
      const active = this.ctx.connection.active('eip155')
      const network = active?.network ?? this.ctx.state.network.getSnapshot().byNamespace.eip155?.caipNetwork
      if (!network) throw new Error(ErrorText.NETWORK_NOT_FOUND)
      if (!active?.address || !active.connector.request) throw new Error(ErrorText.ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND)
      const name = (await this.loadNormalizer()).fullName(label, this.options.zone)
      const coinType = chainIdToCoinType(Number(network.id))
      const message = formatRegistrationMessage(name, Math.floor(this.options.now() / 1000))
      this.store.set({ status: 'signing', error: undefined })
      const signature = (await active.connector.request({
        namespace: 'eip155',
        caipNetworkId: network.caipNetworkId,
        method: 'personal_sign',
        params: [toHex(message), active.address],
      })) as string
      this.store.set({ status: 'registering' })
      await this.options.api.register({ coin_type: coinType, address: active.address, message, signature })
      this.known.set(active.address.toLowerCase(), name)
      this.applyProfile(active.address, name)
      this.store.set({ status: 'success', registeredName: name })
      this.ctx.router.replace('RegisterAccountNameSuccess')
    } catch (error) {
      const text = error instanceof Error && (error.message === nameRuleProblem(label)) ? error.message : shownError(error, ErrorText.ERROR_REGISTERING_NAME)
      this.store.set({ status: 'error', error: text })
      this.ctx.events.emit('error', { source: 'names', error })
      this.backToRegister()
      this.ctx.snackbar.showError(text)
    } finally {
      this.registering = false
    }
  }

  /** SPEC §4: on error return to the register view (reopening the modal if it was closed meanwhile). */
  private backToRegister(): void {
    if (!this.ctx.state.modal.getSnapshot().open) this.ctx.modal.open({ view: 'RegisterAccountName' })
    else if (this.ctx.router.current.view !== 'RegisterAccountName') this.ctx.router.replace('RegisterAccountName')
  }

  /** Clears the form (a new registration). */
  reset(): void {
    clearTimeout(this.timer)
    this.request++
    this.store.set(initial())
  }

  isName(text: string): boolean {
    return isAccountName(text.trim(), [this.options.zone])
  }

  async resolveName(name: string): Promise<string | undefined> {
    const { normalizeName } = await this.loadNormalizer()
    let normalized: string
    try {
      normalized = normalizeName(name.trim())
    } catch {
      throw new NamesApiError(ErrorText.ERROR_RESOLVING_NAME, undefined, 'The name cannot be normalized')
    }
    const profile = await this.options.api.account(normalized)
    if (!profile) return undefined
    const network = this.ctx.state.network.getSnapshot().byNamespace.eip155?.caipNetwork
    let coinType: number | undefined
    try {
      coinType = network ? chainIdToCoinType(Number(network.id)) : undefined
    } catch {
      coinType = undefined
    }
    const entry = (coinType !== undefined ? profile.addresses[String(coinType)] : undefined) ?? profile.addresses['60'] ?? Object.values(profile.addresses)[0]
    return entry?.address
  }

  async lookupAddress(address: string): Promise<string | undefined> {
    const profiles = await this.options.api.reverse(address)
    const zone = `.${this.options.zone}`
    const names = profiles.map((p) => p.name)
    return names.find((n) => n.endsWith(zone)) ?? names.find((n) => isAccountName(n, [this.options.zone]))
  }

  /** Reverse lookup of the connected EVM address; a name found becomes its profile name. */
  async refreshProfile(): Promise<string | undefined> {
    const address = this.ctx.connection.active('eip155')?.address
    if (!address) return undefined
    try {
      const name = await this.lookupAddress(address)
      if (!name) return undefined
      this.known.set(address.toLowerCase(), name)
      this.applyProfile(address, name)
      return name
    } catch (error) {
      this.ctx.events.emit('error', { source: 'names', error })
      return undefined
    }
  }

  private applyProfile(address: string, name: string): void {
    const account = this.ctx.state.accounts.getSnapshot().byNamespace.eip155
    // The account may have changed while the answer was on its way.
    if (account?.address?.toLowerCase() !== address.toLowerCase()) return
    if (account.profileName === name) return
    this.ctx.setProfile('eip155', { name, image: account.profileImage ?? null })
  }

  private keepProfile(): void {
    const account = this.ctx.state.accounts.getSnapshot().byNamespace.eip155
    if (!account?.address) return
    const name = this.known.get(account.address.toLowerCase())
    if (name && account.profileName !== name) this.applyProfile(account.address, name)
  }

  dispose(): void {
    clearTimeout(this.timer)
    this.request++
    for (const d of this.disposables.splice(0)) d()
  }
}
