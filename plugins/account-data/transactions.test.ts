import { describe, expect, it, vi } from 'vitest'
import { ErrorText } from 'portico'
import type { HistoryPage, Transaction, TransactionTransfer } from './clients/index.ts'
import { ADDRESS, arbitrum, kernelState } from './account-data.fixtures.ts'
import { groupTransactionsByMonth, isSpamTransaction, keepShownTransactions, ownedNfts, signForOperation, TransactionsController } from './transactions.ts'

const usdc = (direction: 'in' | 'out', spam = false): TransactionTransfer => ({
  fungible_info: { name: 'USD Coin', symbol: 'USDC', flags: { is_spam: spam } }, direction, quantity: { numeric: '1.23456' },
})
const nft = (id: string, direction: 'in' | 'out', spam = false): TransactionTransfer => ({
  nft_info: { name: `Punks #${id}`, token_id: id, content: { preview: { url: `https://img.test/${id}` } }, flags: { is_spam: spam } },
  direction, quantity: { numeric: '1' },
})
function tx(id: string, minedAt: string, transfers: TransactionTransfer[], chain = 'eip155:1', operationType = 'receive'): Transaction {
  return { id, metadata: { minedAt, chain, operationType, status: 'ONCHAIN_CONFIRMED', sentFrom: '0x1', sentTo: '0x2' }, transfers }
}

function setup(pages: Array<HistoryPage | Error>) {
  const state = kernelState()
  let i = 0
  const history = vi.fn(async (_account: string, _opts?: object) => {
    const page = pages[Math.min(i++, pages.length - 1)]!
    if (page instanceof Error) throw page
    return page
  })
  const controller = new TransactionsController({ account: state.account, network: state.network, api: { history }, snackbar: state.snackbar, events: state.events })
  return { ...state, controller, history }
}

describe('TransactionsController', () => {
  it('SPEC §4 loading, then success appends and updates the cursor', async () => {
    const { controller, history } = setup([
      { data: [tx('a', '2025-03-10T12:00:00Z', [usdc('in')])], next: 'c1' },
      { data: [tx('b', '2025-02-10T12:00:00Z', [usdc('out')])], next: null },
    ])
    const job = controller.load()
    expect(controller.store.getSnapshot().loading).toBe(true)
    await job
    expect(controller.store.getSnapshot()).toMatchObject({ loading: false, next: 'c1', empty: false })
    await controller.loadMore()
    expect(controller.store.getSnapshot().transactions.map((t) => t.id)).toEqual(['a', 'b'])
    expect(controller.store.getSnapshot().next).toBeUndefined()
    expect(history.mock.calls).toEqual([
      [ADDRESS, { cursor: undefined, chainId: 'eip155:1' }],
      [ADDRESS, { cursor: 'c1', chainId: 'eip155:1' }],
    ])
    await controller.loadMore()
    await controller.load()
    expect(history).toHaveBeenCalledTimes(2)
  })

  it('SPEC §4/§8 a failure empties the list, clears the cursor and shows "Failed to fetch transactions"', async () => {
    const { controller, snackbar } = setup([{ data: [tx('a', '2025-03-10T12:00:00Z', [usdc('in')])], next: 'c1' }, new Error('HTTP 500')])
    await controller.load()
    await controller.loadMore()
    expect(controller.store.getSnapshot()).toMatchObject({ transactions: [], next: undefined, empty: true, loading: false, error: ErrorText.FAILED_TO_FETCH_TRANSACTIONS })
    expect(snackbar.errors).toEqual(['Failed to fetch transactions'])
  })

  it('SPEC §5 spam-only transactions and other chains are dropped', async () => {
    const { controller } = setup([{
      data: [
        tx('spam', '2025-03-10T12:00:00Z', [usdc('in', true), nft('9', 'in', true)]),
        tx('mixed', '2025-03-09T12:00:00Z', [usdc('in', true), usdc('in')]),
        tx('other-chain', '2025-03-08T12:00:00Z', [usdc('in')], 'eip155:42161'),
        tx('no-transfers', '2025-03-07T12:00:00Z', [], 'eip155:1', 'approve'),
      ],
      next: null,
    }])
    await controller.load()
    expect(controller.store.getSnapshot().transactions.map((t) => t.id)).toEqual(['mixed', 'no-transfers'])
    expect(isSpamTransaction(tx('x', '', [usdc('in', true)]))).toBe(true)
    expect(keepShownTransactions([tx('x', '', [usdc('in')], 'eip155:1')], 'eip155:42161')).toEqual([])
  })

  it('an empty history is marked empty', async () => {
    const { controller } = setup([{ data: [], next: null }])
    await controller.load()
    expect(controller.store.getSnapshot()).toMatchObject({ empty: true, loaded: true, transactions: [] })
  })

  it('a network switch starts over on the new chain; a late answer for the old one is ignored', async () => {
    const { controller, network, history } = setup([{ data: [tx('a', '2025-03-10T12:00:00Z', [usdc('in')])], next: 'c1' }])
    const late = controller.load()
    network.setActiveNetwork(arbitrum)
    await late
    expect(controller.store.getSnapshot().transactions).toEqual([])
    await controller.load()
    expect(history.mock.calls[1]).toEqual([ADDRESS, { cursor: undefined, chainId: 'eip155:42161' }])
  })

  it('SPEC §3 history is grouped by year and month, newest first', () => {
    const groups = groupTransactionsByMonth([
      tx('jan-25', '2025-01-15T12:00:00Z', []),
      tx('dec-24', '2024-12-15T12:00:00Z', []),
      tx('mar-25-late', '2025-03-20T12:00:00Z', []),
      tx('mar-25-early', '2025-03-02T12:00:00Z', []),
    ])
    expect(groups.map((g) => [g.year, g.month, g.transactions.map((t) => t.id)])).toEqual([
      [2025, 2, ['mar-25-late', 'mar-25-early']],
      [2025, 0, ['jan-25']],
      [2024, 11, ['dec-24']],
    ])
  })

  it('NFTs held are derived from the history: the newest transfer of each decides, spam is ignored', () => {
    const owned = ownedNfts([
      tx('t3', '2025-03-03T00:00:00Z', [nft('2', 'out')], 'eip155:1', 'send'),
      tx('t2', '2025-03-02T00:00:00Z', [nft('3', 'out'), nft('3', 'in')], 'eip155:1', 'send'),
      tx('t1', '2025-03-01T00:00:00Z', [nft('1', 'in'), nft('2', 'in'), nft('4', 'in', true)], 'eip155:1', 'mint'),
    ])
    expect(owned.map((n) => [n.name, n.tokenId, n.imageUrl])).toEqual([
      ['Punks #3', '3', 'https://img.test/3'],
      ['Punks #1', '1', 'https://img.test/1'],
    ])
  })
})

describe('signForOperation', () => {
  it.each(['receive', 'deposit', 'borrow', 'claim'])('SPEC §9 a + sign marks %s', (op) => {
    expect(signForOperation(op)).toBe('+')
  })

  it.each(['withdraw', 'repay', 'burn'])('SPEC §9 a - sign marks %s', (op) => {
    expect(signForOperation(op)).toBe('-')
  })

  it.each(['send', 'trade', 'mint', 'execute', '', undefined])('SPEC §9 no sign for %j', (op) => {
    expect(signForOperation(op)).toBe('')
  })
})
