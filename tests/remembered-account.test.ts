// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { createCookieAdapter, documentCookieIO, readRememberedAccount, rememberAccount } from 'portico'
import { eip155 } from 'portico/plugins/eip155'
import { createTestModal, type TestModal } from 'portico/testing'

const LOCAL = { id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }
const DEV_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let t: TestModal | undefined
afterEach(() => {
  t?.dispose()
  t = undefined
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`
  }
})

describe('rememberAccount / readRememberedAccount (issue 25 §3: the server render shows the connected address)', () => {
  it('keeps the active CAIP-10 account in a cookie while connected, removes it on disconnect; a server reads it from the Cookie header', async () => {
    const storage = createCookieAdapter(documentCookieIO(document))
    t = await createTestModal({ plugins: [eip155({ networks: [LOCAL], builtinNetworks: false, legacyInjected: false })], wallets: { namespaces: ['eip155'] }, storage })
    const stop = rememberAccount(t.modal, storage)
    expect(readRememberedAccount(storage)).toBeUndefined()

    await t.connect()
    const expected = { caipAddress: `eip155:31337:${DEV_ACCOUNT_0}`, address: DEV_ACCOUNT_0 }
    expect(readRememberedAccount(storage)).toEqual(expected)
    // What the next request's server render sees: the same cookie, read from a Cookie header.
    const onServer = createCookieAdapter({ read: () => document.cookie, write: () => undefined })
    expect(readRememberedAccount(onServer)).toEqual(expected)

    await t.modal.connection.disconnect()
    expect(readRememberedAccount(storage)).toBeUndefined()
    expect(document.cookie).not.toContain('account')

    stop()
    await t.connect()
    expect(readRememberedAccount(storage)).toBeUndefined()
  })

  it('a value that is not a CAIP-10 account id reads as none', () => {
    for (const value of ['', 'nonsense', 'eip155:1', '<script>:1:0x1', 'eip155:1:0x1 extra']) {
      const storage = createCookieAdapter({ read: () => `%40portico%2Faccount=${encodeURIComponent(value)}`, write: () => undefined })
      expect(readRememberedAccount(storage)).toBeUndefined()
    }
    const ok = createCookieAdapter({ read: () => '%40portico%2Faccount=solana%3A5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp%3ABNi3xFz', write: () => undefined })
    expect(readRememberedAccount(ok)).toEqual({ caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:BNi3xFz', address: 'BNi3xFz' })
  })
})
