// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createMemoryAdapter,
  createModal,
  definePlugin,
  type Connector,
  type Modal as ModalInstance,
  type ModalOptions,
} from '../../kernel/index.ts'
import { Modal } from '../react/Modal.tsx'
import { PorticoProvider } from '../react/context.tsx'

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

const network = { id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } } as const

function wallet(type: Connector['type']): Connector {
  return {
    id: `w-${type}`,
    name: type === 'ANNOUNCED' ? 'Injected Wallet' : 'Paired Wallet',
    type,
    chain: 'eip155',
    connect: () => new Promise(() => undefined),
    reconnect: async () => undefined,
    disconnect: async () => undefined,
    switchNetwork: async () => undefined,
  }
}

const chain = (type: Connector['type']) =>
  definePlugin({
    id: 'chain',
    kind: 'chain',
    portico: '1.x',
    namespace: 'eip155',
    setup(ctx) {
      ctx.registerChain({ namespace: 'eip155', networks: [network], isAddress: () => true })
      ctx.registerConnector(() => wallet(type))
    },
  })

/** A plugin serving email and social the way the embedded-wallet plugin does, through its context. */
const auth = definePlugin({
  id: 'auth',
  kind: 'feature',
  portico: '1.x',
  setup(ctx) {
    ctx.registerConnectSection({ id: 'email', method: 'email', order: 0, load: async () => ({ default: () => <label>Email<input /></label> }) })
    ctx.registerConnectSection({ id: 'social', method: 'social', order: 0, load: async () => ({ default: () => <button type="button">Google</button> }) })
  },
})

/** Opens Connect and waits until the methods shown, in document order, are `expected` (the sections are lazy chunks). */
async function expectOrder(opts: { injected: boolean; withAuth?: boolean; options?: Partial<ModalOptions> }, expected: string[]): Promise<void> {
  await open(opts)
  await waitFor(() => expect(shown()).toEqual(expected), { timeout: 10_000 })
}

async function open(opts: { injected: boolean; withAuth?: boolean; options?: Partial<ModalOptions> }): Promise<void> {
  modal = createModal({
    storage: createMemoryAdapter(),
    plugins: [chain(opts.injected ? 'ANNOUNCED' : 'EXTERNAL'), ...(opts.withAuth === false ? [] : [auth])],
    ...opts.options,
  })
  await modal.ready
  render(
    <PorticoProvider modal={modal}>
      <Modal />
    </PorticoProvider>,
  )
  await act(async () => modal!.open())
  await waitFor(() => expect(screen.queryByRole('list', { name: 'Wallets' }) ?? screen.queryByRole('button', { name: 'Continue with a wallet' })).not.toBeNull(), { timeout: 10_000 })
}

/** The three methods in the order they appear in the dialog (the wallets as their list or the button before it). */
function shown(): string[] {
  const found = [
    ['email', screen.queryByRole('textbox', { name: 'Email' })],
    ['social', screen.queryByRole('button', { name: 'Google' })],
    ['wallet', screen.queryByRole('list', { name: 'Wallets' }) ?? screen.queryByRole('button', { name: 'Continue with a wallet' })],
  ] as const
  return found
    .filter(([, el]) => el !== null)
    .sort(([, a], [, b]) => (a!.compareDocumentPosition(b!) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map(([m]) => m)
}

describe('SPEC §2 connect-method order on Connect', () => {
  it('is email, social, wallet by default', async () => {
    await expectOrder({ injected: false }, ['email', 'social', 'wallet'])
  })

  it('keeps the wallets behind "Continue with a wallet" when email and social come first (issue 30)', async () => {
    await expectOrder({ injected: false }, ['email', 'social', 'wallet'])
    expect(screen.queryByRole('list', { name: 'Wallets' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    expect(within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('button').length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
  })

  it('shows the wallet list itself when an injected wallet puts the wallets first', async () => {
    await open({ injected: true })
    expect(screen.getByRole('list', { name: 'Wallets' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
  })

  it('is wallet, email, social when an injected wallet is found', async () => {
    await expectOrder({ injected: true }, ['wallet', 'email', 'social'])
  })

  it("follows the host's connectMethodOrder", async () => {
    await expectOrder({ injected: true, options: { connectMethodOrder: ['social', 'wallet', 'email'] } }, ['social', 'wallet', 'email'])
  })

  it('shows only the wallets when no plugin serves email or social', async () => {
    await open({ injected: false, withAuth: false })
    expect(shown()).toEqual(['wallet'])
  })
})

describe('registerConnectSection', () => {
  it('refuses a duplicate id and registration after setup', async () => {
    const dup = definePlugin({
      id: 'dup',
      kind: 'feature',
      portico: '1.x',
      setup(ctx) {
        ctx.registerConnectSection({ id: 'email', method: 'email', order: 1, load: async () => ({ default: () => null }) })
      },
    })
    const m = createModal({ storage: createMemoryAdapter(), plugins: [chain('ANNOUNCED'), auth, dup] })
    await expect(m.ready).rejects.toThrow('Connect section "email" is already registered')
    m.destroy()
    let late: (() => void) | undefined
    const lazy = definePlugin({
      id: 'late',
      kind: 'feature',
      portico: '1.x',
      setup(ctx) {
        late = () => ctx.registerConnectSection({ id: 'x', method: 'social', order: 0, load: async () => ({ default: () => null }) })
      },
    })
    modal = createModal({ storage: createMemoryAdapter(), plugins: [chain('ANNOUNCED'), lazy] })
    await modal.ready
    expect(() => late!()).toThrow()
  })
})
