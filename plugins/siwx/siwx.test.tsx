// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createMemoryAdapter,
  createModal,
  definePlugin,
  ProviderRpcError,
  type AccountEntry,
  type CaipNetwork,
  type Connector,
  type ConnectorEmitter,
  type Modal as ModalInstance,
  type StorageAdapter,
} from 'portico'
import { Modal, PorticoProvider } from 'portico/react'
import { trackLeaks } from 'portico/testing/conformance'
import { canUseUniversalAuthentication, parseSiweMessage, siwx, SiwxTokens, verifySiweMessage, type SiwxOptions, type SiwxSession } from './index.ts'

const signer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const signer2 = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const KEY = '@portico/siwx_token'
const network: CaipNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

type SignBehaviour = 'sign' | 'reject' | 'pending'

/** A fake wallet connector that signs with a real key (unit tests may fake the wallet; e2e uses the dev wallet). */
function fakeChain(opts: { type?: Connector['type']; accountType?: AccountEntry['type']; sign?: () => SignBehaviour } = {}) {
  const state = { emitter: undefined as ConnectorEmitter | undefined, account: signer, signs: 0 }
  const result = () => ({ accounts: [{ namespace: 'eip155', address: state.account.address, type: opts.accountType ?? 'eoa' } as AccountEntry], caipNetworkId: 'eip155:31337' as const })
  const plugin = definePlugin({
    id: 'fake-chain',
    kind: 'chain',
    namespace: 'eip155',
    portico: '1.x',
    setup(ctx) {
      ctx.registerChain({ namespace: 'eip155', networks: [network], isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a) })
      ctx.registerConnector((emitter) => {
        state.emitter = emitter
        return {
          id: 'fake',
          name: 'Fake Wallet',
          type: opts.type ?? 'INJECTED',
          chain: 'eip155',
          connect: async () => result(),
          reconnect: async () => result(),
          disconnect: async () => undefined,
          request: async ({ method, params }) => {
            if (method !== 'personal_sign') throw new ProviderRpcError(4200, 'unsupported')
            const behaviour = opts.sign?.() ?? 'sign'
            if (behaviour === 'reject') throw new ProviderRpcError(4001, 'User rejected the request.')
            if (behaviour === 'pending') return new Promise(() => undefined)
            state.signs++
            return state.account.signMessage({ message: { raw: (params as [`0x${string}`])[0] } })
          },
        }
      })
    },
  })
  return { plugin, state }
}

/** A host backend that verifies for real and keeps sessions in memory. */
function memoryBackend() {
  const sessions = new Map<string, SiwxSession>()
  const calls: string[] = []
  let n = 0
  const backend: Required<Pick<SiwxOptions, 'getNonce' | 'verify' | 'getSession' | 'revoke'>> = {
    getNonce: async () => {
      calls.push('getNonce')
      return `nonce${String(++n).padStart(6, '0')}`
    },
    verify: async (s) => {
      calls.push('verify')
      const ok = await verifySiweMessage({ message: s.message, signature: s.signature })
      if (!ok) return false
      sessions.set(s.caipAddress, s)
      return { token: `token-${s.caipAddress}` }
    },
    getSession: async (caipAddress, stored) => {
      calls.push('getSession')
      return stored && sessions.has(caipAddress) ? stored : undefined
    },
    revoke: async (s) => {
      calls.push('revoke')
      sessions.delete(s.caipAddress)
    },
  }
  return { backend, sessions, calls }
}

let modals: ModalInstance[] = []
afterEach(() => {
  cleanup()
  for (const m of modals) m.destroy()
  modals = []
})

async function setup(o: { siwx?: SiwxOptions; chain?: Parameters<typeof fakeChain>[0]; storage?: StorageAdapter; backend?: ReturnType<typeof memoryBackend>; locale?: string } = {}) {
  const chain = fakeChain(o.chain)
  const mem = o.backend ?? memoryBackend()
  const storage = o.storage ?? createMemoryAdapter()
  const modal = createModal({
    plugins: [chain.plugin, siwx({ ...mem.backend, domain: 'app.example', uri: 'https://app.example/', statement: 'Sign in to the test app', ...o.siwx })],
    storage,
    metadata: { name: 'Test App' },
    ...(o.locale && { locale: o.locale }),
  })
  modals.push(modal)
  await modal.ready
  const controller = modal.get(SiwxTokens.Controller)
  const view = () => modal.router.current.view
  const isOpen = () => modal.state.modal.getSnapshot().open
  return { modal, chain, mem, storage, controller, view, isOpen }
}

const connect = async (modal: ModalInstance) => {
  await modal.connection.connect('fake', 'eip155')
}
const settle = () => vi.waitFor(() => undefined)
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000 })

describe('SPEC §4 SIWX', () => {
  it('the dialog opens when the connected address has no stored session', async () => {
    const t = await setup()
    expect(t.isOpen()).toBe(false)
    await connect(t.modal)
    await until(() => t.isOpen() && t.view() === 'SIWXSignMessage')
    expect(t.controller.store.getSnapshot().caipAddress).toBe(`eip155:31337:${signer.address}`)
  })

  it('signing success stores the session under the SIWX token key and closes the dialog', async () => {
    const t = await setup()
    await connect(t.modal)
    await until(() => t.view() === 'SIWXSignMessage')
    const session = await t.controller.signIn()
    expect(session).toBeDefined()
    expect(t.isOpen()).toBe(false)
    const stored = JSON.parse(t.storage.getItem(KEY)!) as SiwxSession
    expect(stored.caipAddress).toBe(`eip155:31337:${signer.address}`)
    expect(stored.token).toBe(`token-eip155:31337:${signer.address}`)
    const fields = parseSiweMessage(stored.message)
    expect(fields).toMatchObject({ domain: 'app.example', uri: 'https://app.example/', chainId: 31337, address: signer.address, statement: 'Sign in to the test app', nonce: 'nonce000001' })
    expect(await verifySiweMessage({ message: stored.message, signature: stored.signature, domain: 'app.example', nonce: 'nonce000001' })).toBe(true)
    expect(t.mem.calls).toEqual(['getSession', 'getNonce', 'verify'])
  })

  it('the session survives a reload: no dialog, no new signature', async () => {
    const storage = createMemoryAdapter()
    const backend = memoryBackend()
    const first = await setup({ storage, backend })
    await connect(first.modal)
    await until(() => first.view() === 'SIWXSignMessage')
    await first.controller.signIn()
    expect(first.chain.state.signs).toBe(1)
    first.modal.destroy()

    const second = await setup({ storage, backend })
    await until(() => second.controller.store.getSnapshot().session !== undefined)
    expect(second.modal.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(signer.address)
    expect(second.isOpen()).toBe(false)
    expect(second.chain.state.signs).toBe(0)
  })

  it('a stored session the backend no longer knows (revoked) asks again', async () => {
    const storage = createMemoryAdapter()
    const backend = memoryBackend()
    const first = await setup({ storage, backend })
    await connect(first.modal)
    await until(() => first.view() === 'SIWXSignMessage')
    await first.controller.signIn()
    first.modal.destroy()
    backend.sessions.clear()
    const second = await setup({ storage, backend })
    await until(() => second.isOpen() && second.view() === 'SIWXSignMessage')
    expect(storage.getItem(KEY)).toBeNull()
  })

  it('failure reopens the dialog with "Signature declined"', async () => {
    const t = await setup({ chain: { sign: () => 'reject' } })
    await connect(t.modal)
    await until(() => t.view() === 'SIWXSignMessage')
    t.modal.close()
    await t.controller.signIn()
    expect(t.isOpen()).toBe(true)
    expect(t.view()).toBe('SIWXSignMessage')
    expect(t.controller.store.getSnapshot()).toMatchObject({ status: 'error', error: 'Signature declined' })
    expect(t.modal.state.snackbar.getSnapshot()).toMatchObject({ open: true, message: 'Signature declined', variant: 'error' })
    expect(t.storage.getItem(KEY)).toBeNull()
  })

  it('for a smart account the failure says "This application might not support Smart Accounts."', async () => {
    const t = await setup({ chain: { sign: () => 'reject', accountType: 'smartAccount' } })
    await connect(t.modal)
    await until(() => t.view() === 'SIWXSignMessage')
    await t.controller.signIn()
    expect(t.controller.store.getSnapshot().error).toBe('This application might not support Smart Accounts.')
  })

  it('a signature the backend refuses is a failure with the backend\'s reason as detail', async () => {
    const backend = memoryBackend()
    backend.backend.verify = async () => {
      throw new Error('The nonce is unknown, expired or already used')
    }
    const t = await setup({ backend })
    await connect(t.modal)
    await until(() => t.view() === 'SIWXSignMessage')
    await t.controller.signIn()
    expect(t.controller.store.getSnapshot()).toMatchObject({ status: 'error', error: 'Signature declined', detail: 'The nonce is unknown, expired or already used' })
    expect(t.storage.getItem(KEY)).toBeNull()
  })

  it('Cancel disconnects when authentication is required', async () => {
    const t = await setup({ siwx: { required: true } })
    await connect(t.modal)
    await until(() => t.view() === 'SIWXSignMessage')
    await t.controller.cancel()
    expect(t.modal.state.accounts.getSnapshot().byNamespace.eip155?.address).toBeUndefined()
    expect(t.isOpen()).toBe(false)
  })

  it('Cancel only closes when authentication is not required', async () => {
    const t = await setup({ siwx: { required: false } })
    await connect(t.modal)
    await until(() => t.view() === 'SIWXSignMessage')
    await t.controller.cancel()
    expect(t.modal.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(signer.address)
    expect(t.isOpen()).toBe(false)
  })

  it('the dialog cannot be closed while authentication is required and no session exists', async () => {
    const t = await setup({ siwx: { required: true } })
    await connect(t.modal)
    await until(() => t.view() === 'SIWXSignMessage')
    t.modal.close()
    expect(t.isOpen()).toBe(true)
    expect(t.view()).toBe('SIWXSignMessage')
    // Once signed in it closes.
    await t.controller.signIn()
    expect(t.isOpen()).toBe(false)
  })

  it('a connect flow that lands on Account after the dialog opened still shows the dialog first', async () => {
    const t = await setup()
    await connect(t.modal)
    await until(() => t.view() === 'SIWXSignMessage')
    // What ConnectingExternal does when the wallet's approval resolves.
    t.modal.router.reset('Account')
    expect(t.view()).toBe('SIWXSignMessage')
    // Dismissed (closed) or signed in, Account is Account again.
    t.modal.close()
    t.modal.open({ view: 'Account' })
    expect(t.view()).toBe('Account')
  })

  it('optional sign-in: a connection made in the open modal goes straight to the dialog, never closing and reopening while the backend checks for a session', async () => {
    const mem = memoryBackend()
    let answer: (session: SiwxSession | undefined) => void = () => undefined
    const t = await setup({ backend: { ...mem, backend: { ...mem.backend, getSession: () => new Promise((resolve) => (answer = resolve)) } } })
    const opens: boolean[] = []
    t.modal.state.modal.subscribe(() => {
      const open = t.isOpen()
      if (opens.at(-1) !== open) opens.push(open)
    })
    t.modal.open()
    await connect(t.modal)
    // What ConnectingExternal does when the wallet's approval resolves; closeOnConnect would close on Account.
    t.modal.router.reset('Account')
    await settle()
    expect(t.view()).toBe('SIWXSignMessage')
    answer(undefined)
    await until(() => t.view() === 'SIWXSignMessage' && t.isOpen())
    await settle()
    expect(opens).toEqual([true])
    await t.controller.signIn()
    expect(opens).toEqual([true, false])
  })

  it('optional sign-in: when the check finds a session the modal closes once, as closeOnConnect would have', async () => {
    const mem = memoryBackend()
    let answer: (session: SiwxSession | undefined) => void = () => undefined
    const t = await setup({ backend: { ...mem, backend: { ...mem.backend, getSession: () => new Promise((resolve) => (answer = resolve)) } } })
    const opens: boolean[] = []
    t.modal.state.modal.subscribe(() => {
      const open = t.isOpen()
      if (opens.at(-1) !== open) opens.push(open)
    })
    t.modal.open()
    await connect(t.modal)
    t.modal.router.reset('Account')
    await settle()
    const caipAddress = `eip155:31337:${signer.address}`
    answer({ caipAddress, message: 'm', signature: '0x', data: { domain: 'app.example', address: signer.address, uri: 'https://app.example/', version: '1', chainId: 31337, nonce: 'nonce000001', issuedAt: new Date(0).toISOString() } })
    await until(() => !t.isOpen())
    await settle()
    expect(opens).toEqual([true, false])
    expect(t.controller.store.getSnapshot().session?.caipAddress).toBe(caipAddress)
  })

  it('optional sign-in: closing the dialog while the backend checks dismisses it; no session found does not reopen it', async () => {
    const mem = memoryBackend()
    let answer: (session: SiwxSession | undefined) => void = () => undefined
    const t = await setup({ backend: { ...mem, backend: { ...mem.backend, getSession: () => new Promise((resolve) => (answer = resolve)) } } })
    t.modal.open()
    await connect(t.modal)
    t.modal.router.reset('Account')
    await settle()
    expect(t.view()).toBe('SIWXSignMessage')
    t.modal.close()
    answer(undefined)
    await settle()
    await settle()
    expect(t.isOpen()).toBe(false)
  })

  it('without required, closing the dialog closes it', async () => {
    const t = await setup()
    await connect(t.modal)
    await until(() => t.view() === 'SIWXSignMessage')
    t.modal.close()
    expect(t.isOpen()).toBe(false)
  })

  it('disconnect drops (and revokes) the session', async () => {
    const t = await setup()
    await connect(t.modal)
    await until(() => t.view() === 'SIWXSignMessage')
    await t.controller.signIn()
    expect(t.storage.getItem(KEY)).not.toBeNull()
    await t.modal.connection.disconnect()
    await until(() => t.storage.getItem(KEY) === null)
    await until(() => t.mem.calls.includes('revoke'))
    expect(t.controller.store.getSnapshot().session).toBeUndefined()
  })

  it('an account change drops the session and asks the new account to sign', async () => {
    const t = await setup()
    await connect(t.modal)
    await until(() => t.view() === 'SIWXSignMessage')
    await t.controller.signIn()
    t.chain.state.account = signer2
    t.chain.state.emitter!.emit('change', { namespace: 'eip155', accounts: [{ namespace: 'eip155', address: signer2.address, type: 'eoa' }] })
    await until(() => t.isOpen() && t.view() === 'SIWXSignMessage')
    expect(t.storage.getItem(KEY)).toBeNull()
    expect(t.controller.store.getSnapshot().caipAddress).toBe(`eip155:31337:${signer2.address}`)
    const session = await t.controller.signIn()
    expect(session?.caipAddress).toBe(`eip155:31337:${signer2.address}`)
  })

  it('a backend that cannot be asked for the session shows "A problem occurred while trying initialize authentication" and disconnects', async () => {
    const backend = memoryBackend()
    backend.backend.getSession = async () => {
      throw new Error('network down')
    }
    const t = await setup({ backend })
    await connect(t.modal)
    await until(() => t.modal.state.accounts.getSnapshot().byNamespace.eip155?.address === undefined)
    expect(t.modal.state.snackbar.getSnapshot()).toMatchObject({ message: 'A problem occurred while trying initialize authentication', variant: 'error' })
  })
})

describe('siwx plugin lifecycle', () => {
  it('registers the SIWXSignMessage view through its context; destroy() leaves no timer or listener behind', async () => {
    const leaks = trackLeaks()
    try {
      const t = await setup()
      expect(t.modal.views.loader('SIWXSignMessage')).toBeTypeOf('function')
      await connect(t.modal)
      await until(() => t.view() === 'SIWXSignMessage')
      await t.controller.signIn()
      t.modal.destroy()
      modals = []
      expect(leaks.liveListeners()).toEqual([])
      expect(leaks.pendingTimers()).toEqual([])
    } finally {
      leaks.restore()
    }
  })
})

describe('SPEC §5 SIWX universal authentication', () => {
  it('only eip155, exactly one namespace', () => {
    expect(canUseUniversalAuthentication(['eip155'])).toBe(true)
    expect(canUseUniversalAuthentication(['solana'])).toBe(false)
    expect(canUseUniversalAuthentication(['eip155', 'solana'])).toBe(false)
    expect(canUseUniversalAuthentication([])).toBe(false)
  })

  it('a pairing (multi-chain) wallet on eip155 only signs at once with "Authenticating..."', async () => {
    const t = await setup({ chain: { type: 'MULTI_CHAIN', sign: () => 'pending' } })
    render(
      <PorticoProvider modal={t.modal}>
        <Modal />
      </PorticoProvider>,
    )
    await act(() => connect(t.modal))
    await until(() => t.controller.store.getSnapshot().status === 'signing')
    expect(t.controller.store.getSnapshot().universal).toBe(true)
    expect((await screen.findAllByText('Authenticating...')).length).toBeGreaterThan(0)
  })

  it('an injected wallet is not universal: it waits for Sign', async () => {
    const t = await setup()
    await connect(t.modal)
    await until(() => t.view() === 'SIWXSignMessage')
    await settle()
    expect(t.controller.store.getSnapshot()).toMatchObject({ universal: false, status: 'idle' })
    expect(t.chain.state.signs).toBe(0)
  })
})

describe('SIWXSignMessage view', () => {
  const mount = async (o: Parameters<typeof setup>[0] = {}) => {
    const t = await setup(o)
    render(
      <PorticoProvider modal={t.modal}>
        <Modal />
      </PorticoProvider>,
    )
    await act(() => connect(t.modal))
    await screen.findByRole('dialog', { name: 'Sign In' })
    return t
  }

  it('shows who asks, Sign signs in and closes', async () => {
    const t = await mount()
    expect(screen.getByText('Test App needs to connect to your wallet')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    })
    await until(() => !t.isOpen())
    expect(t.storage.getItem(KEY)).not.toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('a declined signature shows the error and Try again', async () => {
    let behaviour: SignBehaviour = 'reject'
    const t = await mount({ chain: { sign: () => behaviour } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    })
    // The view's alert (the snackbar says it too).
    const alerts = await screen.findAllByRole('alert')
    expect(alerts.some((a) => a.classList.contains('portico-state-alert') && a.textContent === 'Signature declined')).toBe(true)
    behaviour = 'sign'
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    })
    await until(() => !t.isOpen())
  })

  it('required: the close button and Esc keep it open; the text says Cancel disconnects; Cancel disconnects', async () => {
    const t = await mount({ siwx: { required: true } })
    expect(screen.getByText(/Canceling will disconnect you/)).toBeTruthy()
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    })
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    })
    await until(() => t.modal.state.accounts.getSnapshot().byNamespace.eip155?.address === undefined)
    await until(() => screen.queryByRole('dialog') === null)
  })
})

describe('SIWXSignMessage in another language (issue 17 locales)', () => {
  it('with the modal in French the sign-in dialog is French, the app name filled in', async () => {
    const t = await setup({ locale: 'fr' })
    await act(async () => {
      render(
        <PorticoProvider modal={t.modal}>
          <Modal />
        </PorticoProvider>,
      )
    })
    await act(() => connect(t.modal))
    await until(() => t.view() === 'SIWXSignMessage')
    expect(await screen.findByText('Test App doit se connecter à votre portefeuille', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Signer' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull()
  })
})
