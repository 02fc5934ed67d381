// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { privateKeyToAccount } from 'viem/accounts'
import { verifyMessage } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createMemoryAdapter,
  createModal,
  definePlugin,
  ProviderRpcError,
  serviceOf,
  type AccountEntry,
  type CaipNetwork,
  type ConnectorEmitter,
  type Modal as ModalInstance,
} from 'portico'
import { Modal, PorticoProvider } from 'portico/react'
import { trackLeaks } from 'portico/testing/conformance'
import { probePlugin } from '../../tests/probe-plugin.ts'
import { isAccountName, nameRuleProblem, names, NamesTokens, type NamesOptions } from './index.ts'
import { RegisterAccountNameCard, type RegisterAccountNameCardProps } from './views/RegisterAccountNameCard.tsx'
import { messages } from './messages.ts'
import de from './messages/de.ts'

const signer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const other = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const T0 = Date.parse('2026-03-01T10:00:00.000Z')
const network: CaipNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

type SignBehaviour = 'sign' | 'reject'

/** A fake wallet connector that signs with a real key (unit tests may fake the wallet; e2e uses the dev wallet). */
function fakeChain(opts: { sign?: () => SignBehaviour; networks?: CaipNetwork[]; secondWallet?: boolean } = {}) {
  const state = { emitter: undefined as ConnectorEmitter | undefined, signed: [] as string[] }
  const result = () => ({
    accounts: [{ namespace: 'eip155', address: signer.address, type: 'eoa' } as AccountEntry],
    caipNetworkId: (opts.networks?.[0] ?? network).caipNetworkId,
  })
  const plugin = definePlugin({
    id: 'fake-chain',
    kind: 'chain',
    namespace: 'eip155',
    portico: '1.x',
    setup(ctx) {
      ctx.registerChain({ namespace: 'eip155', networks: opts.networks ?? [network], isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a) })
      ctx.registerConnector((emitter) => {
        state.emitter = emitter
        return {
          id: 'fake',
          name: 'Fake Wallet',
          type: 'INJECTED',
          chain: 'eip155',
          connect: async () => result(),
          reconnect: async () => undefined,
          disconnect: async () => undefined,
          request: async ({ method, params }) => {
            if (method !== 'personal_sign') throw new ProviderRpcError(4200, 'unsupported')
            if (opts.sign?.() === 'reject') throw new ProviderRpcError(4001, 'User rejected the request.')
            const [hex, address] = params as [`0x${string}`, string]
            expect(address).toBe(signer.address)
            state.signed.push(Buffer.from(hex.slice(2), 'hex').toString('utf8'))
            return signer.signMessage({ message: { raw: hex } })
          },
        }
      })
      // A second wallet of the namespace (SPEC §3: several connections per namespace), holding `other`'s account.
      if (opts.secondWallet) {
        ctx.registerConnector(() => ({
          id: 'fake-2',
          name: 'Second Wallet',
          type: 'INJECTED',
          chain: 'eip155',
          connect: async () => ({ accounts: [{ namespace: 'eip155', address: other.address, type: 'eoa' } as AccountEntry], caipNetworkId: network.caipNetworkId }),
          reconnect: async () => undefined,
          disconnect: async () => undefined,
        }))
      }
    },
  })
  return { plugin, state }
}

type Call = { method: string; url: URL; body?: any }
type Answer = { status: number; body?: unknown }

/** An in-memory profile service behind `fetch` (the real one is exercised in profile-routes.test.ts and below). */
function fakeService(over: Partial<Record<'suggestions' | 'account' | 'reverse' | 'register', (call: Call) => Answer | Promise<Answer>>> = {}) {
  const calls: Call[] = []
  const registered = new Map<string, { address: string; coin: number }>()
  const profile = (name: string) => {
    const r = registered.get(name)!
    return { name, addresses: { [String(r.coin)]: { address: r.address } }, attributes: {} }
  }
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    const call: Call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined }
    calls.push(call)
    const parts = url.pathname.split('/').slice(3).map(decodeURIComponent)
    const kind = call.method === 'POST' ? 'register' : (parts[0] as 'suggestions' | 'account' | 'reverse')
    const handler = over[kind]
    let answer: Answer
    if (handler) answer = await handler(call)
    else if (kind === 'suggestions') {
      const name = `${parts[1]}.${url.searchParams.get('zone')}`
      answer = { status: 200, body: { suggestions: [{ name, registered: registered.has(name) }, { name: `${parts[1]}1.${url.searchParams.get('zone')}`, registered: false }] } }
    } else if (kind === 'account') answer = registered.has(parts[1]!) ? { status: 200, body: profile(parts[1]!) } : { status: 404, body: { error: 'Name not found' } }
    else if (kind === 'reverse') answer = { status: 200, body: [...registered].filter(([, r]) => r.address.toLowerCase() === parts[1]!.toLowerCase()).map(([n]) => profile(n)) }
    else {
      const { name } = JSON.parse(call.body.message) as { name: string }
      registered.set(name, { address: call.body.address, coin: call.body.coin_type })
      answer = { status: 200, body: profile(name) }
    }
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  return { fetch, calls, registered }
}

let modals: ModalInstance[] = []
afterEach(() => {
  cleanup()
  for (const m of modals) m.destroy()
  modals = []
  vi.useRealTimers()
})

async function setup(o: { names?: NamesOptions; service?: ReturnType<typeof fakeService>; chain?: Parameters<typeof fakeChain>[0] | false; locale?: string } = {}) {
  const probe = probePlugin()
  const chain = fakeChain(o.chain || {})
  const service = o.service ?? fakeService()
  const modal = createModal({
    projectId: 'test-project',
    endpoints: { blockchainApi: 'http://api.test' },
    plugins: [...(o.chain === false ? [] : [chain.plugin]), names({ zone: 'reown.id', fetch: service.fetch, now: () => T0, ...o.names }), probe.plugin],
    storage: createMemoryAdapter(),
    ...(o.locale && { locale: o.locale }),
  })
  modals.push(modal)
  await modal.ready
  const controller = modal.get(NamesTokens.Controller)
  const view = () => modal.router.current.view
  const isOpen = () => modal.state.modal.getSnapshot().open
  const profileName = () => modal.state.accounts.getSnapshot().byNamespace.eip155?.profileName
  return { modal, chain, service, controller, view, isOpen, profileName, probe: probe.probe }
}
const connect = (modal: ModalInstance) => modal.connection.connect('fake', 'eip155')
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000 })
const snackbar = (modal: ModalInstance) => modal.state.snackbar.getSnapshot()

describe('SPEC §5 name rule', () => {
  it.each([
    ['abcd', undefined],
    ['a-1b', undefined],
    ['ABCD9', undefined],
    ['abc', 'At least 4 characters'],
    ['a', 'At least 4 characters'],
    ['ab_cd', 'Use letters, digits and hyphens only'],
    ['ab cd', 'Use letters, digits and hyphens only'],
    ['ab.cd', 'Use letters, digits and hyphens only'],
    ['abc!', 'Use letters, digits and hyphens only'],
  ])('%j -> %s', (label, problem) => {
    expect(nameRuleProblem(label)).toBe(problem)
  })

  it('a label breaking the rule asks for no suggestions and cannot be registered', async () => {
    vi.useFakeTimers()
    const t = await setup()
    await connect(t.modal)
    t.controller.setInput('ab_c')
    await vi.advanceTimersByTimeAsync(1000)
    expect(t.controller.store.getSnapshot().ruleProblem).toBe('Use letters, digits and hyphens only')
    expect(t.service.calls.filter((c) => c.url.pathname.includes('suggestions'))).toEqual([])
    await t.controller.register('abc')
    expect(t.controller.store.getSnapshot()).toMatchObject({ status: 'error', error: 'At least 4 characters' })
    expect(t.chain.state.signed).toEqual([])
  })
})

describe('SPEC §1 suffixes', () => {
  it('recognises .reown.id and the legacy .wcn.id, and the configured zone', async () => {
    expect(isAccountName('alice.reown.id')).toBe(true)
    expect(isAccountName('alice.wcn.id')).toBe(true)
    expect(isAccountName('alice.eth')).toBe(false)
    expect(isAccountName('.reown.id')).toBe(false)
    const t = await setup({ names: { zone: 'portico.test' } })
    const lookup = t.modal.get(NamesTokens.Lookup)
    expect(lookup.isName('bob.portico.test')).toBe(true)
    expect(lookup.isName('bob.wcn.id')).toBe(true)
    expect(lookup.isName('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
    // A service of the names plugin, declared in its provides (send declares it optional).
    // Its host token (the controller) too, so a host's modal.get of it before the code has loaded is told to await modal.ready.
    expect(names().provides).toEqual([NamesTokens.Lookup, NamesTokens.Controller])
    expect(serviceOf(NamesTokens.Lookup)?.label).toBe('names.lookup')
  })
})

describe('suggestions while typing', () => {
  it('asks /v1/profile/suggestions/{name} with the zone once typing pauses (300 ms), and tells availability', async () => {
    vi.useFakeTimers()
    const t = await setup()
    t.controller.setInput('ali')
    t.controller.setInput('alic')
    t.controller.setInput('alice')
    await vi.advanceTimersByTimeAsync(299)
    expect(t.service.calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(() => expect(t.controller.store.getSnapshot().suggestionsStatus).toBe('ready'))
    expect(t.service.calls).toHaveLength(1)
    const url = t.service.calls[0]!.url
    expect(url.pathname).toBe('/v1/profile/suggestions/alice')
    expect(url.searchParams.get('zone')).toBe('reown.id')
    expect(url.searchParams.get('projectId')).toBe('test-project')
    expect(t.controller.available()).toBe(true)
    expect(t.controller.candidate()).toBe('alice.reown.id')
  })

  it('a taken name is not available', async () => {
    const service = fakeService()
    service.registered.set('alice.reown.id', { address: other.address, coin: 60 })
    const t = await setup({ service, names: { zone: 'reown.id' } })
    t.controller.setInput('Alice')
    await until(() => t.controller.store.getSnapshot().suggestionsStatus === 'ready')
    expect(t.controller.available()).toBe(false)
  })

  it('a failure says "Error fetching name suggestions"', async () => {
    const t = await setup({ service: fakeService({ suggestions: () => ({ status: 500, body: { error: 'down' } }) }) })
    t.controller.setInput('alice')
    await until(() => t.controller.store.getSnapshot().suggestionsStatus === 'error')
    expect(t.controller.store.getSnapshot().suggestionsError).toBe('Error fetching name suggestions')
    expect(t.controller.available()).toBeUndefined()
  })
})

describe('SPEC §4 name registration', () => {
  it('signs the payload message with the wallet, posts it, then goes to success; the name becomes the profile name', async () => {
    const t = await setup()
    await connect(t.modal)
    t.modal.open({ view: 'RegisterAccountName' })
    await t.controller.register('Alice')
    const post = t.service.calls.find((c) => c.method === 'POST')!
    expect(post.url.pathname).toBe('/v1/profile/account')
    expect(Object.keys(post.body).sort()).toEqual(['address', 'coin_type', 'message', 'signature'])
    // ENSIP-11 coin type of chain 31337.
    expect(post.body.coin_type).toBe(2147514985)
    expect(post.body.address).toBe(signer.address)
    expect(JSON.parse(post.body.message)).toEqual({ name: 'alice.reown.id', attributes: {}, timestamp: T0 / 1000 })
    expect(t.chain.state.signed).toEqual([post.body.message])
    expect(await verifyMessage({ address: signer.address, message: post.body.message, signature: post.body.signature })).toBe(true)
    expect(t.view()).toBe('RegisterAccountNameSuccess')
    expect(t.controller.store.getSnapshot()).toMatchObject({ status: 'success', registeredName: 'alice.reown.id' })
    expect(t.profileName()).toBe('alice.reown.id')
  })

  it('mainnet uses coin type 60', async () => {
    const mainnet: CaipNetwork = { ...network, id: 1, caipNetworkId: 'eip155:1', name: 'Ethereum' }
    const chain = fakeChain({ networks: [mainnet] })
    const service = fakeService()
    const modal = createModal({ projectId: 'p', endpoints: { blockchainApi: 'http://api.test' }, plugins: [chain.plugin, names({ fetch: service.fetch, now: () => T0 })], storage: createMemoryAdapter() })
    modals.push(modal)
    await modal.ready
    await modal.connection.connect('fake', 'eip155')
    expect(modal.connection.active('eip155')?.network.id).toBe(1)
    await modal.get(NamesTokens.Controller).register('alice')
    expect(service.calls.find((c) => c.method === 'POST')!.body.coin_type).toBe(60)
  })

  it('a declined signature returns to the register view with "Error registering name"', async () => {
    const t = await setup({ chain: { sign: () => 'reject' } })
    await connect(t.modal)
    t.modal.open({ view: 'RegisterAccountName' })
    await t.controller.register('alice')
    expect(t.view()).toBe('RegisterAccountName')
    expect(t.controller.store.getSnapshot()).toMatchObject({ status: 'error', error: 'Error registering name' })
    expect(snackbar(t.modal)).toMatchObject({ open: true, message: 'Error registering name', variant: 'error' })
    expect(t.service.calls.filter((c) => c.method === 'POST')).toEqual([])
  })

  it('the API reason description is preferred', async () => {
    const service = fakeService({ register: () => ({ status: 409, body: { error: 'taken', reasons: [{ field: 'name', description: 'This name is already registered' }] } }) })
    const t = await setup({ service })
    await connect(t.modal)
    t.modal.open({ view: 'RegisterAccountName' })
    await t.controller.register('alice')
    expect(t.view()).toBe('RegisterAccountName')
    expect(t.controller.store.getSnapshot().error).toBe('This name is already registered')
    expect(t.profileName()).not.toBe('alice.reown.id')
  })

  it('an API failure without a reason says "Error registering name"', async () => {
    const t = await setup({ service: fakeService({ register: () => ({ status: 502 }) }) })
    await connect(t.modal)
    await t.controller.register('alice')
    expect(t.controller.store.getSnapshot().error).toBe('Error registering name')
  })

  it('on error with the modal closed meanwhile, it reopens on the register view', async () => {
    const t = await setup({ service: fakeService({ register: () => ({ status: 500, body: { error: 'boom' } }) }) })
    await connect(t.modal)
    expect(t.isOpen()).toBe(false)
    await t.controller.register('alice')
    expect(t.isOpen()).toBe(true)
    expect(t.view()).toBe('RegisterAccountName')
    expect(t.controller.store.getSnapshot().error).toBe('boom')
  })

  it('a second Register while one is under way signs only once', async () => {
    const t = await setup()
    await connect(t.modal)
    await Promise.all([t.controller.register('alice'), t.controller.register('alice')])
    expect(t.chain.state.signed).toHaveLength(1)
    expect(t.service.calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })

  it('a label ENSIP-15 rejects is not signed or posted', async () => {
    const t = await setup()
    await connect(t.modal)
    await t.controller.register('ab--cd')
    expect(t.controller.store.getSnapshot()).toMatchObject({ status: 'error', error: 'Error registering name' })
    expect(t.chain.state.signed).toEqual([])
  })

  it('on error after the user went elsewhere in the modal, it returns to the register view', async () => {
    let modal: ModalInstance | undefined
    const t = await setup({
      service: fakeService({
        register: () => {
          // While the post is on its way the user goes back to Account.
          modal!.router.replace('Account')
          return { status: 500, body: { error: 'boom' } }
        },
      }),
    })
    modal = t.modal
    await connect(t.modal)
    t.modal.open({ view: 'RegisterAccountName' })
    await t.controller.register('alice')
    expect(t.isOpen()).toBe(true)
    expect(t.view()).toBe('RegisterAccountName')
  })

  it('without a connected address: "Address or auth connector not found"', async () => {
    const t = await setup()
    await t.controller.register('alice')
    expect(t.controller.store.getSnapshot()).toMatchObject({ status: 'error', error: 'Address or auth connector not found' })
  })

  it('without a network: "Network not found"', async () => {
    // No eip155 chain plugin, so no eip155 network (a chain plugin must register at least one, issue 24 item 3).
    const t = await setup({ chain: false })
    await t.controller.register('alice')
    expect(t.controller.store.getSnapshot()).toMatchObject({ status: 'error', error: 'Network not found' })
  })
})

describe('forward and reverse lookup', () => {
  it('resolveName answers the address for the active chain\'s coin type; an unknown name gives undefined', async () => {
    const service = fakeService()
    service.registered.set('bob.reown.id', { address: other.address, coin: 2147514985 })
    const t = await setup({ service })
    await connect(t.modal)
    const lookup = t.modal.get(NamesTokens.Lookup)
    expect(await lookup.resolveName('BOB.reown.id')).toBe(other.address)
    expect(service.calls.at(-1)!.url.pathname).toBe('/v1/profile/account/bob.reown.id')
    expect(service.calls.at(-1)!.url.searchParams.get('apiVersion')).toBe('2')
    expect(await lookup.resolveName('nobody.reown.id')).toBeUndefined()
    // The send plugin's shape: eip155 only.
    expect(await lookup.resolve('Bob.reown.id', 'eip155')).toEqual({ address: other.address, name: 'bob.reown.id' })
    expect(await lookup.resolve('bob.reown.id', 'solana')).toBeUndefined()
    expect(await lookup.resolve('nobody.reown.id', 'eip155')).toBeUndefined()
    expect(await lookup.reverse(other.address.toLowerCase(), 'eip155')).toEqual({ address: other.address.toLowerCase(), name: 'bob.reown.id' })
    expect(await lookup.reverse(signer.address, 'eip155')).toBeUndefined()
  })

  it('a failing forward lookup rejects with "Error resolving name"', async () => {
    const t = await setup({ service: fakeService({ account: () => ({ status: 500 }) }) })
    await expect(t.modal.get(NamesTokens.Lookup).resolveName('bob.reown.id')).rejects.toThrow('Error resolving name')
    await expect(t.modal.get(NamesTokens.Lookup).resolveName('◌̈bb.reown.id')).rejects.toThrow('Error resolving name')
  })

  it('a failing reverse lookup rejects with "Error fetching names for address"', async () => {
    const t = await setup({ service: fakeService({ reverse: () => ({ status: 503 }) }) })
    await expect(t.modal.get(NamesTokens.Lookup).lookupAddress(signer.address)).rejects.toThrow('Error fetching names for address')
  })

  it('on connect the address\'s name becomes the profile name, and stays when another source clears it', async () => {
    const service = fakeService()
    service.registered.set('carol.reown.id', { address: signer.address, coin: 60 })
    const t = await setup({ service })
    await connect(t.modal)
    await until(() => t.profileName() === 'carol.reown.id')
    const reverse = service.calls.find((c) => c.url.pathname.startsWith('/v1/profile/reverse/'))!
    expect(reverse.url.searchParams.get('sender')).toBe(signer.address)
    // An identity answer without a name arrives later: the registered name stays.
    t.probe.ctx!.setProfile('eip155', { name: null })
    expect(t.profileName()).toBe('carol.reown.id')
  })

  it('switching the active wallet of the namespace (connection:switched) shows the new account\'s name, and the first one\'s on switching back', async () => {
    const service = fakeService()
    service.registered.set('carol.reown.id', { address: signer.address, coin: 60 })
    service.registered.set('dave.reown.id', { address: other.address, coin: 60 })
    const t = await setup({ service, chain: { secondWallet: true } })
    await connect(t.modal)
    await until(() => t.profileName() === 'carol.reown.id')
    await t.modal.connection.connect('fake-2', 'eip155')
    await until(() => t.profileName() === 'dave.reown.id')
    t.modal.connection.switchConnection('fake', 'eip155')
    expect(t.modal.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(signer.address)
    await until(() => t.profileName() === 'carol.reown.id')
    // A name registered meanwhile for the second account is found on switching to it (asked again, not remembered).
    service.registered.delete('dave.reown.id')
    service.registered.set('erin.reown.id', { address: other.address, coin: 60 })
    const asked = service.calls.length
    t.modal.connection.switchConnection('fake-2', 'eip155')
    await until(() => t.profileName() === 'erin.reown.id')
    expect(service.calls.slice(asked).some((c) => c.url.pathname === `/v1/profile/reverse/${other.address}`)).toBe(true)
  })
})

describe('views', () => {
  it('Account offers "Register name"; typing, availability, Register, then success and back to Account', async () => {
    const t = await setup()
    render(
      <PorticoProvider modal={t.modal}>
        <Modal />
      </PorticoProvider>,
    )
    await act(() => connect(t.modal))
    act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Register name' }, { timeout: 5000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose name' })
    expect(dialog).toBeTruthy()
    const field = await screen.findByLabelText('Name', {}, { timeout: 5000 })
    fireEvent.change(field, { target: { value: 'ab' } })
    expect(await screen.findByText('At least 4 characters')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Enter a valid name' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(field, { target: { value: 'dave' } })
    expect(await screen.findByText('dave.reown.id is available')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    await screen.findByRole('dialog', { name: 'Name registered' }, { timeout: 5000 })
    await screen.findByText('dave.reown.id is yours', {}, { timeout: 5000 })
    expect(screen.getByText('dave.reown.id is yours')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Back to account' }))
    await until(() => t.view() === 'Account')
    expect(await screen.findByText('dave.reown.id', {}, { timeout: 5000 })).toBeTruthy()
  })

  it('the register view shows the error after a failure and stays usable', async () => {
    const t = await setup({ service: fakeService({ register: () => ({ status: 400, body: { reasons: [{ field: 'name', description: 'The name is not normalized (ENSIP-15)' }] } }) }) })
    render(
      <PorticoProvider modal={t.modal}>
        <Modal />
      </PorticoProvider>,
    )
    await act(() => connect(t.modal))
    act(() => t.modal.open({ view: 'RegisterAccountName' }))
    fireEvent.change(await screen.findByLabelText('Name', {}, { timeout: 5000 }), { target: { value: 'erin' } })
    await screen.findByText('erin.reown.id is available')
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    // The register view's own alert (the snackbar says it too).
    const inView = () => screen.queryAllByRole('alert').find((el) => el.closest('form') !== null)
    await until(() => inView()?.textContent?.includes('The name is not normalized (ENSIP-15)') === true)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'erin2' } })
    await screen.findByText('erin2.reown.id is available')
    expect(inView()).toBeUndefined()
  })
})

describe('names plugin lifecycle', () => {
  it('registers its views and action through the context; destroy() leaves no timer or listener behind', async () => {
    const leaks = trackLeaks()
    try {
      const t = await setup()
      expect(t.modal.views.loader('RegisterAccountName')).toBeTypeOf('function')
      expect(t.modal.views.loader('RegisterAccountNameSuccess')).toBeTypeOf('function')
      await connect(t.modal)
      t.controller.setInput('pending-name')
      t.modal.destroy()
      modals = []
      expect(leaks.liveListeners()).toEqual([])
      expect(leaks.pendingTimers()).toEqual([])
    } finally {
      leaks.restore()
    }
  })
})

describe('names in another language (issue 17 locales)', () => {
  it('with the modal in Spanish the register view and its availability line are Spanish', async () => {
    const t = await setup({ locale: 'es' })
    await act(async () => {
      render(
        <PorticoProvider modal={t.modal}>
          <Modal />
        </PorticoProvider>,
      )
    })
    await act(() => connect(t.modal))
    await act(async () => t.modal.open({ view: 'RegisterAccountName' }))
    const field = await screen.findByLabelText('Nombre', {}, { timeout: 5000 })
    expect(screen.getByText('Tu nombre termina en .reown.id')).toBeTruthy()
    fireEvent.change(field, { target: { value: 'dave' } })
    expect(await screen.findByText('dave.reown.id está disponible', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Registrar' })).toBeTruthy()
  })
})

describe('RegisterAccountName: the blocked button says what blocks it (issue 30)', () => {
  const base = { zone: 'reown.id', suggestions: [], suggestionsStatus: 'idle' as const, status: 'idle' as const, onInput: () => undefined, onRegister: () => undefined }
  const cases: Array<[string, Partial<RegisterAccountNameCardProps>, string, boolean]> = [
    ['nothing typed', { input: '' }, 'Enter a name', true],
    ['a name the rule refuses', { input: 'ab', ruleProblem: 'At least 4 characters' }, 'Enter a valid name', true],
    ['availability being checked', { input: 'dave', candidate: 'dave.reown.id', suggestionsStatus: 'loading' }, 'Checking availability...', true],
    ['a taken name', { input: 'dave', candidate: 'dave.reown.id', available: false, suggestionsStatus: 'ready' }, 'Name taken', true],
    ['availability unknown (the service failed)', { input: 'dave', candidate: 'dave.reown.id', suggestionsStatus: 'error', suggestionsError: 'Network error' }, 'Availability unknown', true],
    ['a free name', { input: 'dave', candidate: 'dave.reown.id', available: true }, 'Register', false],
  ]
  for (const [what, props, label, disabled] of cases) {
    it(`${what}: "${label}"${disabled ? ', disabled' : ''}`, () => {
      render(<RegisterAccountNameCard {...base} input="" {...props} />)
      expect((screen.getByRole('button', { name: label }) as HTMLButtonElement).disabled).toBe(disabled)
      cleanup()
    })
  }

  it('in German', () => {
    render(<RegisterAccountNameCard {...base} input="" t={{ ...messages.en, ...de }} />)
    expect(screen.getByRole('button', { name: 'Namen eingeben' })).toBeTruthy()
  })
})
