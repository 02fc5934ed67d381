import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { strings } from '../theme/i18n.ts'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { Tabs } from './Tabs.tsx'

const tabs = [
  { id: 'tokens', label: strings.tokens },
  { id: 'nfts', label: strings.nfts },
  { id: 'activity', label: strings.activity },
] as const
type TabId = (typeof tabs)[number]['id']

function AccountTabs() {
  const [selected, setSelected] = useState<TabId>('tokens')
  return (
    <Tabs label={strings.accountTabs} tabs={tabs} selectedId={selected} onSelect={setSelected}>
      <p style={{ margin: 0 }}>Panel: {tabs.find((tab) => tab.id === selected)?.label}</p>
    </Tabs>
  )
}

const meta = { title: 'Components/Tabs', component: AccountTabs, decorators: [bothThemes] } satisfies Meta<typeof AccountTabs>
export default meta
type Story = StoryObj<typeof meta>

/** Arrow keys move and select; Home/End jump. */
export const Account: Story = {}
