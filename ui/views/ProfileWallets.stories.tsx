import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { NARROW, viewStory } from '../../storybook/view-story.tsx'
import { strings } from '../theme/i18n.ts'
import { storySolanaChain } from './multi-namespace.fixtures.ts'
import ProfileWallets from './ProfileWallets.tsx'
import Connect from './Connect.tsx'
import { storySecondWallet } from './profile-wallets.fixtures.ts'

/** SPEC §2 ProfileWallets: every connection per namespace with its status (several wallets may share one); Disconnect per connection. */
const meta = { title: 'Views/ProfileWallets', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const view = { title: strings.wallets }

/**
 * Checked in Chromium (the visual suite runs each story's play): once `cards` connections show in both theme frames,
 * no wallet name or network and address line is cut, and each card's status and Disconnect stay inside its card.
 */
const fitsItsWidth = (cards: number): Story['play'] => async ({ canvasElement }) => {
  await waitFor(() => expect(canvasElement.querySelectorAll('.portico-connection-card')).toHaveLength(cards * 2), { timeout: 10_000 })
  for (const text of canvasElement.querySelectorAll<HTMLElement>('.portico-list-item-label, .portico-list-item-description')) {
    await expect(text.scrollWidth, `"${text.textContent}" is cut`).toBeLessThanOrEqual(text.clientWidth)
  }
  for (const card of canvasElement.querySelectorAll<HTMLElement>('.portico-connection-card')) {
    const box = card.getBoundingClientRect()
    for (const part of card.querySelectorAll<HTMLElement>('.portico-tag, .portico-button')) {
      const r = part.getBoundingClientRect()
      await expect(r.left >= box.left && r.right <= box.right && r.bottom <= box.bottom, `"${part.textContent}" leaves its card`).toBe(true)
    }
  }
}

export const Default: Story = viewStory(() => <ProfileWallets />, { ...view, modal: { connected: true } })
export const SeveralNamespaces: Story = viewStory(() => <ProfileWallets />, { ...view, modal: { connected: true, plugins: () => [storySolanaChain('approve', { connected: true })] } })
export const Narrow320: Story = {
  ...viewStory(() => <ProfileWallets />, { ...view, width: NARROW, modal: { connected: true, plugins: () => [storySolanaChain('approve', { connected: true })] } }),
  play: fitsItsWidth(2),
}
/** No connection: only "Add wallet". */
export const Empty: Story = viewStory(() => <ProfileWallets />, { ...view, modal: {} })
/** Two wallets in one namespace: Harbor active ("Connected"), Portico Dev Wallet 2 connected beside it ("Active"). */
export const SeveralWallets: Story = viewStory(() => <ProfileWallets />, { ...view, modal: { connected: true, plugins: () => [storySecondWallet({ connected: true })] } })
/** Two eip155 wallets and a Solana one. */
export const SeveralWalletsAndNamespaces: Story = {
  ...viewStory(() => <ProfileWallets />, {
    ...view,
    modal: { connected: true, plugins: () => [storySecondWallet({ connected: true }), storySolanaChain('approve', { connected: true })] },
  }),
  play: fitsItsWidth(3),
}
/** The same at 320 px in German ("Verbunden", "Aktiv", "Trennen"). */
export const SeveralWalletsGerman320: Story = {
  ...viewStory(() => <ProfileWallets />, {
    title: 'Wallets',
    width: NARROW,
    modal: { connected: true, locale: 'de', plugins: () => [storySecondWallet({ connected: true }), storySolanaChain('approve', { connected: true })] },
  }),
  play: fitsItsWidth(3),
}
/** "Add wallet": Connect while a wallet is connected, to connect another one in the same namespace. */
export const AddWallet: Story = viewStory(() => <Connect />, { title: strings.connectWallet, modal: { connected: true, plugins: () => [storySecondWallet()] } })
