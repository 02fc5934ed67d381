// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createMemoryAdapter,
  createModal,
  definePlugin,
  englishText,
  KernelTokens,
  type Modal as ModalInstance,
  type PluginDefinition,
  type TranslatableText,
  type WalletListing,
} from '../../kernel/index.ts'
import { Modal } from '../react/Modal.tsx'
import { PorticoProvider } from '../react/context.tsx'
import { defineMessages, message } from '../i18n/catalogue.ts'
import { coreMessages } from '../i18n/core.ts'
import { devChain } from './dev-chain.fixtures.ts'

/**
 * Issue 17: labels and titles a plugin gives at registration show in the modal's language when it passes a catalogue
 * message (`message(catalogue, key)`), and as given when it passes a plain string. Issue 18: Connect's All Wallets
 * entry shows how many wallets the registry holds.
 */

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

const chain = devChain()

/** A plugin's own catalogue, German and French as lazy modules (as a third party writes one). */
const stakeMessages = defineMessages(
  { stake: 'Stake', stakeTitle: 'Stake {symbol}', rewards: 'Rewards' },
  {
    de: async () => ({ default: { stake: 'Staken', stakeTitle: '{symbol} staken', rewards: 'Prämien' } }),
    es: async () => ({ default: { stake: 'Hacer staking', stakeTitle: 'Staking de {symbol}', rewards: 'Recompensas' } }),
    fr: async () => ({ default: { stake: 'Staker', stakeTitle: 'Staker {symbol}', rewards: 'Récompenses' } }),
    ja: async () => ({ default: { stake: 'ステーク', stakeTitle: '{symbol}をステーク', rewards: '報酬' } }),
    'zh-CN': async () => ({ default: { stake: '质押', stakeTitle: '质押 {symbol}', rewards: '奖励' } }),
    'pt-BR': async () => ({ default: { stake: 'Fazer staking', stakeTitle: 'Staking de {symbol}', rewards: 'Recompensas' } }),
    ko: async () => ({ default: { stake: '스테이킹', stakeTitle: '{symbol} 스테이킹', rewards: '보상' } }),
    ar: async () => ({ default: { stake: 'تخزين', stakeTitle: 'تخزين {symbol}', rewards: 'المكافآت' } }),
  },
)

const staking = definePlugin({
  id: 'staking',
  kind: 'feature',
  portico: '1.x',
  setup(ctx) {
    ctx.registerView('Stake' as never, async () => ({ default: () => <p>stake form</p> }), { title: message(stakeMessages, 'stakeTitle', { symbol: 'ETH' }) })
    ctx.registerAccountAction({ id: 'stake', label: message(stakeMessages, 'stake'), order: 40, view: 'Stake' as never })
    // A plain string stays as given in every language (a proper name).
    ctx.registerAccountAction({ id: 'lido', label: 'Lido', order: 50, view: 'Stake' as never })
    ctx.registerAccountTab({ id: 'rewards', label: message(stakeMessages, 'rewards'), order: 10, load: async () => ({ default: () => <p>no rewards</p> }) })
  },
})

async function mount(plugins: PluginDefinition[], locale?: string): Promise<ModalInstance> {
  const m = createModal({ storage: createMemoryAdapter(), plugins, embedded: false, closeOnConnect: false, ...(locale ? { locale } : {}) })
  modal = m
  await m.ready
  await act(async () => {
    render(
      <PorticoProvider modal={m}>
        <Modal />
      </PorticoProvider>,
    )
  })
  return m
}

async function connect(m: ModalInstance): Promise<void> {
  await act(async () => m.open())
  const choice = await screen.findByRole('button', { name: /Dev Wallet/ }, { timeout: 10_000 })
  await act(async () => choice.click())
}

describe('texts given at registration', () => {
  it('a catalogue message is English by default: its `en`, and `in` of an unsupported language', async () => {
    const text = message(stakeMessages, 'stakeTitle', { symbol: 'SOL' })
    expect(text.en).toBe('Stake SOL')
    expect(englishText(text)).toBe('Stake SOL')
    expect(englishText('Lido')).toBe('Lido')
    expect(await text.in('de')).toBe('SOL staken')
    expect(text.in('xx')).toBe('Stake SOL')
  })

  it("show in the modal's language: the action, the tab and the view title; a plain string as given", async () => {
    const m = await mount([chain, staking], 'de')
    await connect(m)
    const actions = await screen.findByRole('group', { name: 'Kontoaktionen' }, { timeout: 10_000 })
    expect(await within(actions).findByRole('button', { name: 'Staken' })).toBeTruthy()
    expect(within(actions).getByRole('button', { name: 'Lido' })).toBeTruthy()
    expect(await screen.findByRole('tab', { name: 'Prämien' }, { timeout: 10_000 })).toBeTruthy()

    await act(async () => within(actions).getByRole('button', { name: 'Staken' }).click())
    expect(await screen.findByRole('dialog', { name: 'ETH staken' }, { timeout: 10_000 })).toBeTruthy()

    // A runtime switch to a language not loaded yet keeps the dialog as it is until its messages are in, then shows
    // the new language.
    act(() => m.get(KernelTokens.Options).setLocale('fr'))
    expect(screen.getByRole('dialog', { name: 'ETH staken' })).toBeTruthy()
    expect(screen.getByText('stake form')).toBeTruthy()
    expect(await screen.findByRole('dialog', { name: 'Staker ETH' }, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('stake form')).toBeTruthy()
  })

  it('in English with no locale set', async () => {
    const m = await mount([chain, staking])
    await connect(m)
    const actions = await screen.findByRole('group', { name: 'Account actions' }, { timeout: 10_000 })
    expect(await within(actions).findByRole('button', { name: 'Stake' })).toBeTruthy()
    expect(await screen.findByRole('tab', { name: 'Rewards' }, { timeout: 10_000 })).toBeTruthy()
  })

  it("a plugin's text that fails to translate shows its English; one that throws too", async () => {
    const failing: TranslatableText = { en: 'Vault', in: () => Promise.reject(new Error('chunk failed')) }
    const throwing: TranslatableText = {
      en: 'Bridge',
      in: () => {
        throw new Error('bad catalogue')
      },
    }
    const plugin = definePlugin({
      id: 'broken-texts',
      kind: 'feature',
      portico: '1.x',
      setup(ctx) {
        ctx.registerAccountAction({ id: 'vault', label: failing, order: 1, view: 'Account' })
        ctx.registerAccountAction({ id: 'bridge', label: throwing, order: 2, view: 'Account' })
      },
    })
    const m = await mount([chain, plugin], 'de')
    await connect(m)
    const actions = await screen.findByRole('group', { name: 'Kontoaktionen' }, { timeout: 10_000 })
    expect(await within(actions).findByRole('button', { name: 'Vault' })).toBeTruthy()
    expect(within(actions).getByRole('button', { name: 'Bridge' })).toBeTruthy()
  })

  it("the snackbar: a SPEC §8 text through the error catalogue, a plugin's message from its catalogue", async () => {
    const m = await mount([chain, staking], 'de')
    await act(async () => m.open())
    await screen.findByRole('dialog', { name: 'Wallet verbinden' }, { timeout: 10_000 })
    const snackbar = m.get(KernelTokens.Snackbar)
    act(() => snackbar.showError('Token Balance Unavailable'))
    expect((await screen.findByRole('alert')).textContent).toBe('Token-Guthaben nicht verfügbar')
    snackbar.hide()
    act(() => snackbar.showSuccess(message(stakeMessages, 'stakeTitle', { symbol: 'SOL' })))
    // What code and tests read stays English.
    expect(snackbar.store.getSnapshot().message).toBe('Stake SOL')
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('SOL staken'))
  })

  it('a core catalogue message serves a plugin that shows a core word (account-data tabs)', async () => {
    expect(await message(coreMessages, 'activity').in('de')).toBe('Aktivität')
  })
})

const listing = (i: number): WalletListing => ({ id: `w-${i}`, name: `Registry Wallet ${i}`, rdns: null })

/** Serves All Wallets and the registry's first page with a total, as the account-data plugin does. */
function registry(total: number | undefined) {
  return definePlugin({
    id: 'registry',
    kind: 'feature',
    portico: '1.x',
    setup(ctx) {
      ctx.registerView('AllWallets', async () => ({ default: () => <p>all wallets</p> }))
      ctx.registerWallets('featured', [listing(1)], { total: total === undefined ? undefined : 1 })
      ctx.registerWallets('recommended', [listing(2), listing(3)], { total: total === undefined ? undefined : total - 1 })
    },
  })
}

async function allWalletsName(total: number | undefined, locale?: string): Promise<string | null> {
  const m = await mount([chain, registry(total)], locale)
  await act(async () => m.open())
  const list = await screen.findByRole('list', { name: 'Wallets' }, { timeout: 10_000 })
  const entry = within(list).getAllByRole('button').at(-1)!
  return entry.getAttribute('aria-label')
}

describe("Connect's All Wallets entry (issue 18)", () => {
  it('shows the total rounded down to tens with a plus', async () => {
    expect(await allWalletsName(437)).toBe('All Wallets, 430+')
  })

  it('shows a total under 10 as it is', async () => {
    expect(await allWalletsName(7)).toBe('All Wallets, 7')
  })

  it("in the modal's number format", async () => {
    expect(await allWalletsName(1234, 'de')).toBe('Alle Wallets, 1.230+')
  })

  it('shows no count when no source said how many it holds', async () => {
    expect(await allWalletsName(undefined)).toBe('All Wallets')
  })

})
