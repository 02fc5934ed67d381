import type { Meta, StoryObj } from '@storybook/react-vite'
import { sampleAddress } from '../../storybook/fixtures.ts'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { AddressText } from './AddressText.tsx'

const meta = {
  title: 'Components/AddressText',
  component: AddressText,
  decorators: [bothThemes],
  // SPEC §9: 4 leading and 6 trailing characters (what kernel/format's truncateAddress gives; components import no kernel).
  args: { text: '0x70…dc79C8', title: sampleAddress },
} satisfies Meta<typeof AddressText>
export default meta
type Story = StoryObj<typeof meta>

export const Truncated: Story = {}
export const Full: Story = { args: { text: sampleAddress } }
