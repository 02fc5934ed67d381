// @vitest-environment happy-dom
import { AccountDataTokens } from '../tokens.ts'
import { accountData } from '../index.ts'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryAdapter, createModal, definePlugin, type Connector, type Modal as ModalInstance, type WalletListing } from 'portico'
import { PorticoProvider } from 'portico/react'
import AllWallets, { AllWalletsList, WALLET_LIST_HEIGHT, WALLET_ROW_HEIGHT, type WalletRow } from './AllWallets.tsx'
import { StoryModal } from './story-modal.tsx'

const SCREENFUL = Math.ceil(WALLET_LIST_HEIGHT / WALLET_ROW_HEIGHT)
const OVERSCAN = 3

function listing(i: number, extra: Partial<WalletListing> = {}): WalletListing {
  return { id: `id-${i}`, name: `Wallet ${String(i).padStart(4, '0')}`, rdns: null, image_id: null, chains: ['eip155:1'], mobile_link: null, desktop_link: null, webapp_link: null, ...extra }
}

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
  vi.unstubAllGlobals()
})

describe('AllWallets', () => {
  it('a11y/perf: 1,000 listings render at most a screenful of rows (plus overscan), also after scrolling', () => {
    const wallets: WalletRow[] = Array.from({ length: 1000 }, (_, i) => ({ id: `id-${i}`, name: `Wallet ${i}` }))
    const onEndReached = vi.fn()
    render(<AllWalletsList query="" onQueryChange={() => undefined} wallets={wallets} loading={false} hasMore onEndReached={onEndReached} onSelect={() => undefined} />, { wrapper: StoryModal })
    const list = screen.getByRole('list', { name: 'All Wallets' })
    const rows = () => within(list).getAllByRole('listitem')
    expect(rows().length).toBeLessThanOrEqual(SCREENFUL + OVERSCAN)
    expect(rows()[0]!.getAttribute('aria-setsize')).toBe('1000')
    expect(within(list).getByRole('button', { name: 'Wallet 0' })).toBeTruthy()
    expect(onEndReached).not.toHaveBeenCalled()

    fireEvent.scroll(list, { target: { scrollTop: 500 * WALLET_ROW_HEIGHT } })
    expect(rows().length).toBeLessThanOrEqual(SCREENFUL + 2 * OVERSCAN)
    expect(within(list).getByRole('button', { name: 'Wallet 500' })).toBeTruthy()
    expect(within(list).queryByRole('button', { name: 'Wallet 0' })).toBeNull()

    fireEvent.scroll(list, { target: { scrollTop: 1000 * WALLET_ROW_HEIGHT - WALLET_LIST_HEIGHT } })
    expect(rows().length).toBeLessThanOrEqual(SCREENFUL + 2 * OVERSCAN)
    expect(rows().at(-1)!.getAttribute('aria-posinset')).toBe('1000')
    expect(onEndReached).toHaveBeenCalled()
  })

  it('SPEC §9 loads pages of 40 from the registry as the list scrolls; search by name; installed wallets connect directly', async () => {
    const all = Array.from({ length: 1000 }, (_, i) => listing(i, i === 3 ? { rdns: 'dev.portico.wallet', name: 'Portico Dev Wallet' } : {}))
    const calls: URL[] = []
    vi.stubGlobal('fetch', async (input: string | URL) => {
      const url = new URL(String(input))
      calls.push(url)
      const page = Number(url.searchParams.get('page'))
      const entries = Number(url.searchParams.get('entries'))
      const search = url.searchParams.get('search')?.toLowerCase()
      const rows = search ? all.filter((w) => w.name.toLowerCase().includes(search)) : all
      return new Response(JSON.stringify({ data: rows.slice((page - 1) * entries, page * entries), count: rows.length }), { headers: { 'content-type': 'application/json' } })
    })
    const dev: Connector = { id: 'dev', name: 'Portico Dev Wallet', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'dev.portico.wallet' }, connect: () => new Promise(() => undefined), disconnect: async () => undefined }
    const chain = definePlugin({
      id: 'test-chain', kind: 'chain', portico: '1.x', namespace: 'eip155',
      setup(ctx) {
        // A chain plugin registers at least one network (issue 24 item 3).
        ctx.registerChain({ namespace: 'eip155', networks: [{ id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }], isAddress: () => true })
        ctx.registerConnector(() => dev)
      },
    })
    modal = createModal({ projectId: 'p1', storage: createMemoryAdapter(), plugins: [chain, accountData()], endpoints: { registry: 'http://registry.test' }, isMobile: () => false })
    await modal.ready
    const wallets = modal.get(AccountDataTokens.Wallets)
    render(
      <PorticoProvider modal={modal}>
        <AllWallets />
      </PorticoProvider>,
    )
    const list = await screen.findByRole('list', { name: 'All Wallets' })
    expect(calls.map((u) => [u.pathname, u.searchParams.get('page'), u.searchParams.get('entries'), u.searchParams.get('projectId')])).toEqual([['/getWallets', '1', '40', 'p1']])
    // The installed wallet comes first, tagged.
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Portico Dev Wallet')
    expect(within(list).getByRole('button', { name: 'Portico Dev Wallet, Installed' })).toBeTruthy()

    await act(async () => {
      fireEvent.scroll(list, { target: { scrollTop: 40 * WALLET_ROW_HEIGHT - WALLET_LIST_HEIGHT } })
    })
    await vi.waitFor(() => expect(wallets.store.getSnapshot().page).toBe(2))
    expect(calls.at(-1)!.searchParams.get('page')).toBe('2')
    expect(within(list).getAllByRole('listitem')[0]!.getAttribute('aria-setsize')).toBe('80')
    expect(within(list).getAllByRole('listitem').length).toBeLessThanOrEqual(SCREENFUL + 2 * OVERSCAN + 1)

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search wallet' }), { target: { value: 'Wallet 0777' } })
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Wallet 0777' })).toBeTruthy())
    const search = calls.find((u) => u.searchParams.get('search'))!
    expect([search.searchParams.get('search'), search.searchParams.get('entries')]).toEqual(['Wallet 0777', '100'])

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search wallet' }), { target: { value: 'Portico' } })
    const devButton = await screen.findByRole('button', { name: 'Portico Dev Wallet, Installed' })
    await act(async () => fireEvent.click(devButton))
    expect(modal.router.current).toEqual({ view: 'ConnectingExternal', params: { connectorId: 'dev' } })
  })
})
