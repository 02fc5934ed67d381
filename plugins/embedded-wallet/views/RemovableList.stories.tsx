import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { RemovableList } from './RemovableList.tsx'

// Offline by construction: the row list the Passkeys and Sessions views share, light and dark. The text column starts
// at the row's start edge whatever its length; the button sits at the end.

const meta = { title: 'Components/Embedded wallet/Removable list', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const items = [
  { id: 'short', name: 'Key', title: 'Key', detail: 'Added Nov 20, 2026 · This device only', actionName: 'Remove Key' },
  { id: 'long', name: 'Work laptop', title: 'Work laptop (Chrome profile)', detail: 'Added Oct 2, 2026 · Last used Nov 26, 2026 · Synced', actionName: 'Remove Work laptop' },
]

export const Rows: Story = {
  render: () => <ThemeFrame>{() => <RemovableList label="Your passkeys" action="Remove" items={items} onAction={() => undefined} />}</ThemeFrame>,
}

/** One row's action under way: its button spins, the others wait. */
export const Busy: Story = {
  render: () => <ThemeFrame>{() => <RemovableList label="Your passkeys" action="Remove" items={items} busy="long" onAction={() => undefined} />}</ThemeFrame>,
}
