// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createMemoryAdapter,
  createModal,
  KernelTokens,
  type Modal as ModalInstance,
} from '../../kernel/index.ts'
import { Modal } from '../react/Modal.tsx'
import { PorticoProvider } from '../react/context.tsx'
import { ConnectButton } from '../react/ConnectButton.tsx'
import { DEV_ADDRESS, devChain } from './dev-chain.fixtures.ts'

/**
 * Issue 17 item 2: the core views, components and shell speak the modal's language (the host's `locale` or one set
 * at runtime), Arabic lays out right to left, SPEC §8 texts show translated, balances follow the language's
 * separators. The expected texts are written out (ui/i18n/core/de.ts and friends), not read from the catalogue.
 */

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

const ADDRESS = DEV_ADDRESS
const chain = (refuse?: Error) => devChain({ refuse })

async function open(locale: string | undefined, refuse?: Error): Promise<ModalInstance> {
  const m = createModal({ storage: createMemoryAdapter(), plugins: [chain(refuse)], embedded: false, closeOnConnect: false, ...(locale ? { locale } : {}) })
  modal = m
  await m.ready
  await act(async () => {
    render(
      <PorticoProvider modal={m}>
        <Modal />
      </PorticoProvider>,
    )
  })
  await act(async () => m.open())
  return m
}

describe('the core UI in the modal’s language', () => {
  it("locale 'de': Connect and Account in German, the balance with German separators", async () => {
    await open('de')
    const dialog = await screen.findByRole('dialog', { name: 'Wallet verbinden' }, { timeout: 10_000 })
    expect(dialog.getAttribute('lang')).toBe('de')
    expect(dialog.getAttribute('dir')).toBe('ltr')
    // Components (no kernel) read the shell's strings: the header's close button and the wallet row's tag.
    expect(within(dialog).getByRole('button', { name: 'Schließen' })).toBeTruthy()
    const row = await screen.findByRole('button', { name: 'Dev Wallet, Installiert' }, { timeout: 10_000 })
    expect(screen.getByText('Neu bei Wallets?')).toBeTruthy()
    expect(screen.queryByText('Connect Wallet')).toBeNull()

    await act(async () => fireEvent.click(row))
    await screen.findByRole('dialog', { name: 'Konto' }, { timeout: 10_000 })
    expect(await screen.findByRole('button', { name: 'Trennen' }, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Netzwerk wechseln, aktuell: Local' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Adresse kopieren' })).toBeTruthy()
    // SPEC §9: 3 decimals (truncated); German groups with '.' and separates decimals with ','.
    expect(await screen.findByText('1.234,567 ETH', undefined, { timeout: 10_000 })).toBeTruthy()
  })

  it("locale 'ar': the dialog is right to left, in Arabic", async () => {
    await open('ar')
    const dialog = await screen.findByRole('dialog', { name: 'ربط المحفظة' }, { timeout: 10_000 })
    expect(dialog.getAttribute('dir')).toBe('rtl')
    expect(dialog.getAttribute('lang')).toBe('ar')
    expect(dialog.closest('.portico-root')?.getAttribute('dir')).toBe('rtl')
    expect(within(dialog).getByRole('button', { name: 'إغلاق' })).toBeTruthy()
  })

  it('a SPEC §8 error from the wallet shows translated; the code keeps the English text', async () => {
    const m = await open('de', new Error('Failed to connect'))
    const row = await screen.findByRole('button', { name: 'Dev Wallet, Installiert' }, { timeout: 10_000 })
    await act(async () => fireEvent.click(row))
    const alert = await screen.findByRole('alert', undefined, { timeout: 10_000 })
    expect(alert.textContent).toBe('Verbindung fehlgeschlagen')
    expect(screen.getByRole('button', { name: 'Wiederholen' })).toBeTruthy()
    expect(m.get(KernelTokens.Modal).store.getSnapshot().open).toBe(true)
  })

  it('setLocale at runtime switches the open dialog; English by default', async () => {
    const m = await open(undefined)
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 10_000 })
    expect(dialog.getAttribute('lang')).toBe('en')
    await screen.findByRole('button', { name: 'Dev Wallet, Installed' }, { timeout: 10_000 })

    await act(async () => m.get(KernelTokens.Options).setLocale('fr'))
    const french = await screen.findByRole('dialog', { name: 'Connecter un portefeuille' }, { timeout: 10_000 })
    expect(french.getAttribute('lang')).toBe('fr')
    await screen.findByRole('button', { name: 'Dev Wallet, Installé' }, { timeout: 10_000 })
    expect(within(french).getByRole('button', { name: 'Fermer' })).toBeTruthy()

    await act(async () => m.get(KernelTokens.Options).setLocale('ar'))
    await waitFor(() => expect(screen.getByRole('dialog').getAttribute('dir')).toBe('rtl'), { timeout: 10_000 })
  })
})

describe('<ConnectButton> in the host’s tree', () => {
  it('reads English until the language is in, then the translation, without suspending the host', async () => {
    const m = createModal({ storage: createMemoryAdapter(), plugins: [chain()], locale: 'ko' })
    modal = m
    await m.ready
    await act(async () => {
      render(
        <PorticoProvider modal={m}>
          <p>host content</p>
          <ConnectButton />
        </PorticoProvider>,
      )
    })
    // No Suspense boundary above: the host's own content is there throughout.
    expect(screen.getByText('host content')).toBeTruthy()
    expect(await screen.findByRole('button', { name: '지갑 연결' }, { timeout: 10_000 })).toBeTruthy()
    await act(async () => m.get(KernelTokens.Options).setLocale('en'))
    expect(await screen.findByRole('button', { name: 'Connect Wallet' }, { timeout: 10_000 })).toBeTruthy()
  })
})

describe('right-to-left layout', () => {
  it('the stylesheet uses logical sides (no physical left/right margins, paddings or offsets) and mirrors the view slide', async () => {
    const { porticoCss } = await import('../theme/styles.ts')
    const { lazyCss } = await import('../theme/lazy-styles.ts')
    const physical = [...(porticoCss + lazyCss).matchAll(/(?:margin|padding|border)-(?:left|right)(?!-radius)[\w-]*:[^;}]*|[{;](?:left|right):[^;}]*/g)].map((m) => m[0])
    // The QR logo is centred (left: 50% with translate(-50%)), which is the same in both directions.
    expect(physical.filter((p) => !/^[{;]left:50%$/.test(p) && !/border-right-color:transparent/.test(p))).toEqual([])
    expect(porticoCss).toContain('[dir=rtl] .portico-view{animation-name:portico-view-back}')
    expect(porticoCss).toMatch(/\.portico-list-item\{[^}]*padding-inline:/)
  })
})
