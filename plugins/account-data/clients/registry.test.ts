import { describe, expect, it } from 'vitest'
import { parseWalletPage } from './registry.ts'

const listing = (links: Record<string, unknown>) => ({ id: 'w1', name: 'Wallet One', ...links })

describe('parseWalletPage: wallet links are checked once, as the listing arrives (issue 16 item 8)', () => {
  it('drops script, inline-content and schemeless links and keeps https and the wallet scheme', () => {
    const page = parseWalletPage({
      count: 2,
      data: [
        listing({ mobile_link: 'javascript:alert(1)', desktop_link: 'data:text/html,<b>x</b>', webapp_link: 'example.com/x' }),
        listing({ id: 'w2', mobile_link: 'mywallet://wc', desktop_link: 'vbscript:msgbox', webapp_link: 'https://wallet.example/app' }),
      ],
    })
    expect(page.data[0]).toMatchObject({ mobile_link: null, desktop_link: null, webapp_link: null })
    expect(page.data[1]).toMatchObject({ mobile_link: 'mywallet://wc', desktop_link: null, webapp_link: 'https://wallet.example/app' })
    expect(page.data.map((w) => w.name)).toEqual(['Wallet One', 'Wallet One'])
  })
})
