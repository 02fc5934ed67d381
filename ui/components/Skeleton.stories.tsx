import type { Meta, StoryObj } from '@storybook/react-vite'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { Skeleton } from './Skeleton.tsx'

const meta = { title: 'Components/Skeleton', component: Skeleton, decorators: [bothThemes], args: { width: '100%', height: 16 } } satisfies Meta<typeof Skeleton>
export default meta
type Story = StoryObj<typeof meta>

export const Line: Story = {}
export const WalletListLoading: Story = {
  render: () => (
    <div aria-busy="true" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {[0, 1, 2].map((row) => (
        <div key={row} style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Skeleton width={36} height={36} shape="md" />
          <Skeleton width="60%" height={14} />
        </div>
      ))}
    </div>
  ),
}
