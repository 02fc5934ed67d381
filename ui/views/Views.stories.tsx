import type { Meta, StoryObj } from '@storybook/react-vite'
import { WithStoryModal } from '../../storybook/story-modal.tsx'
import { Modal } from '../react/Modal.tsx'

/** The whole shell (header, animated body, snackbar) in embedded mode, around the first view. */
const meta = { title: 'Shell/Modal', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const pending = { behaviour: 'pending' as const, themeMode: 'light' as const }
const pendingDark = { behaviour: 'pending' as const, themeMode: 'dark' as const }
const connected = { connected: true, themeMode: 'light' as const }

export const ModalShellLight: Story = {
  render: () => (
    <WithStoryModal options={pending}>
      <Modal />
    </WithStoryModal>
  ),
}

export const ModalShellDark: Story = {
  render: () => (
    <WithStoryModal options={pendingDark}>
      <Modal />
    </WithStoryModal>
  ),
}

export const ModalShellAccount: Story = {
  render: () => (
    <WithStoryModal options={connected}>
      <Modal />
    </WithStoryModal>
  ),
}
