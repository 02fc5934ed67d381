import type { Meta, StoryObj } from '@storybook/react-vite'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import type { IconName } from './Icon.tsx'
import { Icon } from './Icon.tsx'

const names: IconName[] = ['back', 'close', 'copy', 'check', 'chevronRight', 'chevronDown', 'search', 'alert', 'wallet', 'empty']

const meta = { title: 'Components/Icon', component: Icon, decorators: [bothThemes], args: { name: 'wallet', size: 24 } } satisfies Meta<typeof Icon>
export default meta
type Story = StoryObj<typeof meta>

export const Single: Story = {}
export const Gallery: Story = {
  render: ({ size }) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      {names.map((name) => (
        <span key={name} title={name}>
          <Icon name={name} size={size} />
        </span>
      ))}
    </div>
  ),
}
