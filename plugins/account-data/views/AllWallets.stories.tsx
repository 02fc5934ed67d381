import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { strings } from 'portico/react'
import { sampleIcon } from '../../../storybook/fixtures.ts'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { AllWalletsList, type WalletRow } from './AllWallets.tsx'
import { StoryModal } from './story-modal.tsx'

// Offline by construction: the presentational half of the view, fed with fixtures (a bare modal for the locale, no network).

/** SPEC §2 AllWallets: the registry's wallets, searchable, windowed. */
const meta = { title: 'Views/AllWallets', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const colors = ['#e2761b', '#3b63f0', '#0f9d75', '#9b51e0', '#d64545', '#2775ca']
const walletRows: WalletRow[] = Array.from({ length: 1000 }, (_, i) => ({
  id: `w-${i}`,
  name: i === 0 ? 'Portico Dev Wallet' : `Wallet ${i}`,
  imageUrl: sampleIcon(colors[i % colors.length]!, i === 0 ? 'P' : 'W'),
  installed: i === 0,
}))

function AllWalletsStory(props: { wallets: readonly WalletRow[]; loading?: boolean; error?: string; query?: string; width?: number }) {
  const [query, setQuery] = useState(props.query ?? '')
  return (
    <StoryModal>
      <ThemeFrame view={strings.allWallets} width={props.width}>
        {() => (
          <AllWalletsList
            query={query}
            onQueryChange={setQuery}
            wallets={props.wallets}
            loading={props.loading ?? false}
            error={props.error}
            hasMore={props.wallets.length > 0}
            onEndReached={() => undefined}
            onSelect={() => undefined}
            onRetry={() => undefined}
          />
        )}
      </ThemeFrame>
    </StoryModal>
  )
}

/** SPEC §2 AllWallets: 1,000 listings, windowed (only a screenful of rows is rendered), installed first. */
export const List1000: Story = { render: () => <AllWalletsStory wallets={walletRows} /> }
export const Loading: Story = { render: () => <AllWalletsStory wallets={[]} loading /> }
export const NoResults: Story = { render: () => <AllWalletsStory wallets={[]} query="zzz" /> }
export const LoadError: Story = { render: () => <AllWalletsStory wallets={[]} error="/getWallets: HTTP 503" /> }

export const LongNamesNarrow320: Story = {
  render: () => (
    <AllWalletsStory
      width={320}
      wallets={walletRows.slice(0, 8).map((w, i) => (i === 1 ? { ...w, name: 'A Wallet With a Remarkably Long Name That Cannot Fit' } : w))}
    />
  ),
}
