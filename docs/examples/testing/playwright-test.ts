// docs/TESTING.md § Playwright: with @playwright/test (type-checked against the stand-in typings beside this file,
// since this repository runs its browser tests on vitest + playwright-core and does not install @playwright/test).
import { test as base, expect } from '@playwright/test'
import { porticoFixtures, type PorticoFixtures } from 'portico/testing/playwright'

const test = base.extend<PorticoFixtures>(
  porticoFixtures({ namespaces: ['eip155'], chains: { eip155: [{ chainId: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545' }] } }),
)

test('connects with the fake wallet', async ({ page, wallet, modal }) => {
  await page.goto('http://127.0.0.1:5173/')
  await modal.open()
  await modal.chooseWallet('Portico Dev Wallet')
  await wallet.approve()
  expect((await modal.account()).full).toEqual(wallet.address)
})

test('shows the rejection', async ({ page, wallet, modal }) => {
  await page.goto('http://127.0.0.1:5173/')
  await modal.open()
  await modal.chooseWallet('Portico Dev Wallet')
  await wallet.reject()
  expect(await modal.error()).toBe('User rejected the request.')
})
