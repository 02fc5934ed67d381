// @vitest-environment happy-dom
// [8] The views in a DOM (happy-dom): the modal renders them as a host page would, found by role and name.
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, type Modal as ModalInstance } from 'portico'
import { Modal, PorticoProvider } from 'portico/react'
import { createFakeExampleWallet } from './fake-wallet.ts'
import { exampleChain } from './index.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
let root: Root | undefined
let modal: ModalInstance | undefined
afterEach(() => {
  act(() => root?.unmount())
  modal?.destroy()
  document.body.innerHTML = ''
})

/** Polls the DOM until `find` answers (lazy views load asynchronously). */
async function until<T>(find: () => T | null | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = find()
    if (found) return found
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
  }
  throw new Error(`${what} did not show`)
}
const dialog = (name: string) => [...document.querySelectorAll('[role="dialog"]')].find((d) => d.getAttribute('aria-label') === name || document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent === name)

it('the Account view shows the namespace slot, whose button opens the view with its params', async () => {
  const fake = createFakeExampleWallet()
  modal = createModal({ plugins: [exampleChain({ wallet: fake.wallet, balanceOf: fake.balanceOf })], storage: createMemoryAdapter() })
  await modal.ready
  fake.driver.approveNext()
  await modal.connection.connect(fake.driver.connectorId, 'example')
  const host = document.body.appendChild(document.createElement('div'))
  root = createRoot(host)
  act(() =>
    root!.render(
      <PorticoProvider modal={modal!}>
        <Modal />
      </PorticoProvider>,
    ),
  )
  act(() => modal!.open({ view: 'Account' }))
  const slot = await until(() => document.querySelector('section[aria-label="Example details"]'), 'the namespace slot')
  expect(await until(() => (slot.textContent?.includes('2 accounts in this wallet') ? slot : null), 'the account count')).toBeTruthy()
  const seeAll = [...slot.querySelectorAll('button')].find((b) => b.textContent === 'See all accounts')!
  act(() => seeAll.click())
  const view = await until(() => dialog('Example accounts'), 'the Example accounts view')
  const rows = await until(() => {
    const buttons = [...view.querySelectorAll('button.portico-list-item')]
    return buttons.length ? buttons : null
  }, 'the account rows')
  expect(rows.map((b) => b.getAttribute('aria-label'))).toEqual([`ex1${'1'.repeat(38)}, current`, `ex1${'2'.repeat(38)}`])
})
