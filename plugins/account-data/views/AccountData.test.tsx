// @vitest-environment happy-dom
import { act, cleanup, render as renderRaw, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ErrorText } from 'portico'
import { groupTransactionsByMonth, type Transaction } from '../index.ts'
import * as stories from './AccountData.stories.tsx'
import { ActivityList, describeTransaction, monthHeading } from './ActivityTab.tsx'
import { TokenList } from './TokensTab.tsx'
import { StoryModal } from './story-modal.tsx'

afterEach(cleanup)

/** The presentational tabs read their labels through the modal's locale: render them inside a bare modal. */
const render = (ui: React.ReactElement) => renderRaw(ui, { wrapper: StoryModal })

const tx = (id: string, minedAt: string, operationType: string, numeric: string): Transaction => ({
  id,
  metadata: { minedAt, chain: 'eip155:1', operationType, status: 'ONCHAIN_CONFIRMED', sentFrom: '0x1', sentTo: '0x2' },
  transfers: [{ fungible_info: { name: 'USD Coin', symbol: 'USDC' }, quantity: { numeric } }],
})

describe('Account tabs', () => {
  it('SPEC §9 Tokens: name, quantity truncated to 3 decimals with the symbol, USD value', () => {
    render(
      <TokenList
        loading={false}
        tokens={[
          { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', value: 987.654322, price: 1, quantity: { decimals: '6', numeric: '987.654322' } },
          { name: 'No Price', symbol: 'NOP', chainId: 'eip155:1', address: 'eip155:1:0x1', value: 0, price: 0, quantity: { decimals: '18', numeric: '1.9999' } },
        ]}
      />,
    )
    const [usdc, nop] = within(screen.getByRole('list', { name: 'Tokens' })).getAllByRole('listitem')
    expect(usdc!.textContent).toContain('USD Coin')
    expect(usdc!.textContent).toContain('$987.65')
    expect(usdc!.textContent).toContain('987.654 USDC')
    expect(nop!.textContent).toContain('1.999 NOP')
    expect(nop!.textContent).not.toContain('$')
  })

  it('SPEC §8 error states are alerts with the catalogued texts', () => {
    render(<TokenList tokens={[]} loading={false} error={ErrorText.TOKEN_BALANCE_UNAVAILABLE} />)
    expect(screen.getByRole('alert').textContent).toContain('Token Balance Unavailable')
    cleanup()
    render(<ActivityList groups={[]} loading={false} hasMore={false} error={ErrorText.FAILED_TO_FETCH_TRANSACTIONS} />)
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch transactions')
  })

  it('SPEC §3/§9 Activity: year-month headings newest first, signs by operation, 3 decimals, Load more with a cursor', () => {
    const groups = groupTransactionsByMonth([
      tx('a', '2025-03-18T12:00:00Z', 'receive', '1000'),
      tx('b', '2025-02-11T12:00:00Z', 'withdraw', '5.56789'),
      tx('c', '2024-12-24T12:00:00Z', 'send', '12.345678'),
    ])
    render(<ActivityList groups={groups} loading={false} hasMore onLoadMore={() => undefined} />)
    const sections = screen.getAllByRole('region')
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual(['March 2025', 'February 2025', 'December 2024'])
    expect(sections[0]!.textContent).toContain('+1,000 USDC')
    expect(sections[1]!.textContent).toContain('-5.567 USDC')
    expect(sections[2]!.textContent).toContain('12.345 USDC')
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy()
    expect(monthHeading({ year: 2026, month: 10 })).toBe('November 2026')
    expect(describeTransaction(tx('d', '2025-01-01T00:00:00Z', 'burn', '2')).lines).toEqual(['-2 USDC'])
  })

  it('issue 18 Activity: locale grouping, "<0.001" for a tiny claim, a sign and colour for incoming and outgoing', () => {
    expect(describeTransaction(tx('e', '2025-01-01T00:00:00Z', 'claim', '0.0009'), 'en-US').lines).toEqual(['+<0.001 USDC'])
    expect(describeTransaction(tx('f', '2025-01-01T00:00:00Z', 'receive', '1234.5'), 'de-DE').lines).toEqual(['+1.234,5 USDC'])
    const send = tx('g', '2025-01-01T00:00:00Z', 'send', '3')
    send.transfers = [{ ...send.transfers[0]!, direction: 'out' }]
    expect(describeTransaction(send, 'en-US')).toMatchObject({ lines: ['-3 USDC'], directions: ['out'] })
    const withdraw = describeTransaction(tx('h', '2025-01-01T00:00:00Z', 'withdraw', '5.5'), 'en-US')
    expect(withdraw).toMatchObject({ lines: ['-5.5 USDC'], directions: ['out'] })
    render(<ActivityList groups={groupTransactionsByMonth([tx('i', '2025-03-18T12:00:00Z', 'receive', '1'), send])} loading={false} hasMore={false} />)
    const amounts = [...document.querySelectorAll('.portico-amount')].map((el) => [el.textContent, el.getAttribute('data-direction')])
    expect(amounts).toEqual([['+1 USDC', 'in'], ['-3 USDC', 'out']])
  })

  it('every account-data story renders offline in light and dark', () => {
    for (const [name, story] of Object.entries(stories)) {
      if (name === 'default') continue
      const { unmount, container } = renderRaw((story as { render: () => React.ReactElement }).render())
      expect(container.querySelectorAll('section[aria-label$="theme"]').length, name).toBe(2)
      unmount()
    }
  })

  it('issue 17 locales: with locale "de" the tabs show German labels, month names, dates and number signs', async () => {
    const groups = groupTransactionsByMonth([tx('a', '2025-03-18T12:00:00Z', 'receive', '1234.5'), tx('b', '2025-03-02T12:00:00Z', 'frobnicate', '1')])
    await act(async () => {
      renderRaw(
        <StoryModal locale="de">
          <ActivityList groups={groups} loading={false} hasMore onLoadMore={() => undefined} />
        </StoryModal>,
      )
    })
    const section = await screen.findByRole('region', { name: 'März 2025' })
    const rows = within(section).getAllByRole('listitem')
    expect(rows[0]!.getAttribute('aria-label')).toBe('Empfangen +1.234,5 USDC')
    expect(rows[0]!.textContent).toContain('18. März')
    // An operation type the catalogue does not know shows as it comes.
    expect(rows[1]!.getAttribute('aria-label')).toBe('Frobnicate 1 USDC')
    expect(screen.getByRole('button', { name: 'Mehr laden' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()

    cleanup()
    await act(async () => {
      renderRaw(
        <StoryModal locale="de">
          <TokenList loading={false} tokens={[{ name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', value: 1234.5, price: 1, quantity: { decimals: '6', numeric: '1234.5678' } }]} />
        </StoryModal>,
      )
    })
    const row = (await screen.findAllByRole('listitem'))[0]!
    expect(row.textContent).toContain('1.234,567 USDC')
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('1.234,50 $')
  })
})
