// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Tabs } from './Tabs.tsx'

afterEach(cleanup)

type TabId = 'tokens' | 'nfts' | 'activity'
const tabs = [
  { id: 'tokens', label: 'Tokens' },
  { id: 'nfts', label: 'NFTs' },
  { id: 'activity', label: 'Activity' },
] as const

function AccountTabs() {
  const [selected, setSelected] = useState<TabId>('tokens')
  return (
    <Tabs label="Account" tabs={tabs} selectedId={selected} onSelect={setSelected}>
      {`panel ${selected}`}
    </Tabs>
  )
}

const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')

describe('Tabs (SPEC §2 account tabs Tokens, NFTs, Activity)', () => {
  it('exposes tablist, tabs and a panel labelled by the selected tab', () => {
    render(<AccountTabs />)
    expect(screen.getByRole('tablist', { name: 'Account' })).toBeTruthy()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
    const panel = screen.getByRole('tabpanel', { name: 'Tokens' })
    expect(panel.textContent).toBe('panel tokens')
    expect(screen.getByRole('tab', { name: 'Tokens' }).getAttribute('aria-controls')).toBe(panel.id)
  })

  it('moves selection and focus with the arrow keys, wrapping, and Home/End', () => {
    render(<AccountTabs />)
    const tokens = screen.getByRole('tab', { name: 'Tokens' })
    tokens.focus()
    fireEvent.keyDown(tokens, { key: 'ArrowRight' })
    expect(selectedTab()?.textContent).toBe('NFTs')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'NFTs' }))
    expect(screen.getByRole('tabpanel').textContent).toBe('panel nfts')

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' })
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' })
    expect(selectedTab()?.textContent).toBe('Tokens')

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' })
    expect(selectedTab()?.textContent).toBe('Activity')
    fireEvent.keyDown(document.activeElement!, { key: 'Home' })
    expect(selectedTab()?.textContent).toBe('Tokens')
    fireEvent.keyDown(document.activeElement!, { key: 'End' })
    expect(selectedTab()?.textContent).toBe('Activity')
    expect(document.activeElement).toBe(selectedTab())
  })

  it('keeps only the selected tab in the tab order and selects on click', () => {
    render(<AccountTabs />)
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }))
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, 0])
    expect(screen.getByRole('tabpanel', { name: 'Activity' })).toBeTruthy()
  })
})
