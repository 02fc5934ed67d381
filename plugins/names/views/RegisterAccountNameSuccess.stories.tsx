import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { RegisterAccountNameSuccessCard } from './RegisterAccountNameSuccessCard.tsx'

// Offline by construction: the presentational half of RegisterAccountNameSuccess, in light and dark.

const meta = { title: 'Views/RegisterAccountNameSuccess', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const noop = () => undefined
const success = (name: string | undefined, frame: { width?: number; dir?: 'rtl' } = {}): Story => ({
  render: () => (
    <ThemeFrame view="Name registered" back={false} {...frame}>
      {() => <RegisterAccountNameSuccessCard name={name} onDone={noop} />}
    </ThemeFrame>
  ),
})

/** SPEC §2 RegisterAccountNameSuccess: the name just registered, and the way back to Account. */
export const Default: Story = success('alice.reown.id')
/** The name is not in the controller's state any more (e.g. reopened): the generic text. */
export const WithoutName: Story = success(undefined)
/** A name at the length limit wraps inside the dialog. */
export const LongName: Story = success('a-very-long-name-chosen-by-someone-who-likes-hyphens.reown.id')
/** The narrowest modal (320 px). */
export const Narrow320: Story = success('a-very-long-name-chosen-by-someone-who-likes-hyphens.reown.id', { width: 320 })
/** Right-to-left layout. */
export const RightToLeft: Story = success('alice.reown.id', { dir: 'rtl' })
