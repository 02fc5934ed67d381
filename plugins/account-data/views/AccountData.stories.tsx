import type { Meta, StoryObj } from '@storybook/react-vite'
import { ErrorText } from 'portico'
import { groupTransactionsByMonth, type OwnedNft, type TokenBalance, type Transaction } from '../index.ts'
import { sampleIcon } from '../../../storybook/fixtures.ts'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { Tabs } from 'portico/components'
import { ActivityList } from './ActivityTab.tsx'
import { NftList } from './NftsTab.tsx'
import { TokenList } from './TokensTab.tsx'
import { StoryModal } from './story-modal.tsx'

// Offline by construction: the presentational halves of the views, fed with fixtures (a bare modal for the
// locale, no network).

/** SPEC §2 Account tabs (Tokens, NFTs, Activity) in their states; the Account view itself is Views/Account. */
const meta = { title: 'Views/Account Tabs', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const colors = ['#e2761b', '#3b63f0', '#0f9d75', '#9b51e0', '#d64545', '#2775ca']

const tokens: TokenBalance[] = [
  { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 29_999_970, price: 3000, quantity: { decimals: '18', numeric: '9999.99012345' }, iconUrl: sampleIcon('#627eea', 'E') },
  { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:31337', address: 'eip155:31337:0xc0', value: 987.654322, price: 1, quantity: { decimals: '6', numeric: '987.654322' }, iconUrl: sampleIcon('#2775ca', 'U') },
  { name: 'Dai', symbol: 'DAI', chainId: 'eip155:31337', address: 'eip155:31337:0xd0', value: 250.5, price: 1, quantity: { decimals: '18', numeric: '250.5' }, iconUrl: sampleIcon('#f5ac37', 'D') },
  { name: 'Unpriced Token', symbol: 'UNP', chainId: 'eip155:31337', address: 'eip155:31337:0xe0', value: 0, price: 0, quantity: { decimals: '18', numeric: '42' } },
]

const tx = (id: string, minedAt: string, operationType: string, transfers: Transaction['transfers']): Transaction => ({
  id, metadata: { minedAt, chain: 'eip155:31337', operationType, status: 'ONCHAIN_CONFIRMED', sentFrom: '0x1', sentTo: '0x2' }, transfers,
})
const usdc = (numeric: string, direction: 'in' | 'out') => ({ fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: sampleIcon('#2775ca', 'U') } }, direction, quantity: { numeric } })
const transactions: Transaction[] = [
  tx('t1', '2025-03-18T10:00:00Z', 'send', [usdc('12.345678', 'out')]),
  tx('t2', '2025-03-02T10:00:00Z', 'receive', [usdc('1000', 'in')]),
  tx('t3', '2025-02-11T10:00:00Z', 'withdraw', [usdc('5.5', 'out')]),
  tx('t4', '2025-02-01T10:00:00Z', 'mint', [{ nft_info: { name: 'Portico Punks #1', token_id: '1', content: { preview: { url: sampleIcon('#9b51e0', '1') } } }, direction: 'in', quantity: { numeric: '1' } }]),
  tx('t5', '2024-12-24T10:00:00Z', 'claim', [usdc('0.0009', 'in')]),
]
const nfts: OwnedNft[] = [1, 2, 3].map((id) => ({ key: `n${id}`, name: `Portico Punks #${id}`, tokenId: String(id), imageUrl: sampleIcon(colors[id]!, String(id)), chain: 'eip155:31337' }))

type TabId = 'tokens' | 'nfts' | 'activity'
function TabsFrame({ tab, children }: { tab: TabId; children: React.ReactNode }) {
  return (
    <StoryModal>
      <ThemeFrame>
        {() => (
          <Tabs
            label="Account"
            tabs={[{ id: 'tokens', label: 'Tokens' }, { id: 'nfts', label: 'NFTs' }, { id: 'activity', label: 'Activity' }]}
            selectedId={tab}
            onSelect={() => undefined}
          >
            {children}
          </Tabs>
        )}
      </ThemeFrame>
    </StoryModal>
  )
}

/** SPEC §2/§9 Tokens: name, symbol, quantity to 3 decimals, USD value (none without a price). */
export const TokensList: Story = { render: () => <TabsFrame tab="tokens"><TokenList tokens={tokens} loading={false} /></TabsFrame> }
export const TokensLoading: Story = { render: () => <TabsFrame tab="tokens"><TokenList tokens={[]} loading /></TabsFrame> }
export const TokensEmpty: Story = { render: () => <TabsFrame tab="tokens"><TokenList tokens={[]} loading={false} /></TabsFrame> }
/** SPEC §8 "Token Balance Unavailable". */
export const TokensError: Story = {
  render: () => <TabsFrame tab="tokens"><TokenList tokens={[]} loading={false} error={ErrorText.TOKEN_BALANCE_UNAVAILABLE} onRetry={() => undefined} /></TabsFrame>,
}

export const NftsList: Story = { render: () => <TabsFrame tab="nfts"><NftList nfts={nfts} loading={false} hasMore onLoadMore={() => undefined} /></TabsFrame> }
export const NftsLoading: Story = { render: () => <TabsFrame tab="nfts"><NftList nfts={[]} loading hasMore={false} /></TabsFrame> }
export const NftsEmpty: Story = { render: () => <TabsFrame tab="nfts"><NftList nfts={[]} loading={false} hasMore={false} /></TabsFrame> }
export const NftsError: Story = {
  render: () => <TabsFrame tab="nfts"><NftList nfts={[]} loading={false} hasMore={false} error={ErrorText.FAILED_TO_FETCH_TRANSACTIONS} onRetry={() => undefined} /></TabsFrame>,
}

/** SPEC §3/§9 Activity: year-month headings newest first, + and - signs, quantities to 3 decimals, Load more. */
export const ActivityGrouped: Story = {
  render: () => <TabsFrame tab="activity"><ActivityList groups={groupTransactionsByMonth(transactions)} loading={false} hasMore onLoadMore={() => undefined} /></TabsFrame>,
}
export const ActivityLoading: Story = { render: () => <TabsFrame tab="activity"><ActivityList groups={[]} loading hasMore={false} /></TabsFrame> }
export const ActivityEmpty: Story = { render: () => <TabsFrame tab="activity"><ActivityList groups={[]} loading={false} hasMore={false} /></TabsFrame> }
/** SPEC §8 "Failed to fetch transactions". */
export const ActivityError: Story = {
  render: () => <TabsFrame tab="activity"><ActivityList groups={[]} loading={false} hasMore={false} error={ErrorText.FAILED_TO_FETCH_TRANSACTIONS} onRetry={() => undefined} /></TabsFrame>,
}
