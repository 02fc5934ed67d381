import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { EmailForm } from './EmailForm.tsx'
import { SocialButtons } from './SocialButtons.tsx'

// Offline by construction: Connect's email and social sections.

const meta = { title: 'Views/ConnectEmailSocial', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const noop = () => undefined

/** Email field and the social buttons in the host's order. */
export const Idle: Story = {
  render: () => (
    <ThemeFrame>
      {() => (
        <div className="portico-stack">
          <EmailForm onSubmit={noop} />
          <SocialButtons providers={['google', 'github', 'apple', 'x', 'discord', 'facebook']} onSelect={noop} />
        </div>
      )}
    </ThemeFrame>
  ),
}
/** A social login in the popup. */
export const SocialWaiting: Story = { render: () => <ThemeFrame>{() => <SocialButtons providers={['google', 'github']} busy="github" onSelect={noop} />}</ThemeFrame> }
/** SPEC §5 throttle and §8 social failure texts. */
export const WithError: Story = {
  name: 'Error',
  render: () => (
    <ThemeFrame>
      {() => (
        <div className="portico-stack">
          <EmailForm error="Please try again after 21 seconds" initialValue="ada@example.com" onSubmit={noop} />
          <SocialButtons providers={['google', 'github']} error="Popup closed" onSelect={noop} />
        </div>
      )}
    </ThemeFrame>
  ),
}
