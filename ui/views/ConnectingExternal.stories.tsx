import type { Meta, StoryObj } from '@storybook/react-vite'
import { NARROW, viewStory } from '../../storybook/view-story.tsx'
import ConnectingExternal from './ConnectingExternal.tsx'

/** SPEC §2 ConnectingExternal: waiting for a browser wallet's approval (logo with a running ring), or its error. */
const meta = { title: 'Views/ConnectingExternal', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const wallet = { connectorId: 'dev.portico.wallet' }
const view = (title = 'Portico Dev Wallet') => ({ title })

/** Loading: the ring runs round the logo. */
export const Waiting: Story = viewStory(() => <ConnectingExternal params={wallet} />, { ...view(), modal: { behaviour: 'pending' } })
/** Error: the wallet rejected (4001); red ring and badge (a click on the logo retries), Retry and Cancel of equal width. */
export const Rejected: Story = viewStory(() => <ConnectingExternal params={wallet} />, { ...view(), modal: { behaviour: 'reject' } })
export const LongName: Story = viewStory(() => <ConnectingExternal params={wallet} />, {
  ...view('Portico Dev Wallet with an Exceptionally Long Display Name'),
  modal: { behaviour: 'reject', wallets: 'long-names' },
})
export const Narrow320: Story = viewStory(() => <ConnectingExternal params={wallet} />, { ...view(), width: NARROW, modal: { behaviour: 'reject' } })
export const RightToLeft: Story = viewStory(() => <ConnectingExternal params={wallet} />, { ...view(), dir: 'rtl', modal: { behaviour: 'reject' } })
