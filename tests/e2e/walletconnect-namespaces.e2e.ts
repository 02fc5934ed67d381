import { Verifier } from 'bip322-js'
import { serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { base64 } from '@scure/base'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { cosmosDevAccounts } from '../../stack/cosmos/index.ts'
import { walletConnectSuite } from './harness.ts'

// One WalletConnect session carries eip155, bip122, cosmos and polkadot: the demo host pairs with the demo wallet
// (WalletKit) over the local relay; each namespace signs through the wallet and the test verifies the signature with
// that namespace's own library.
const MESSAGE = 'Hello from Portico'

const wc = walletConnectSuite('e2e-wc-namespaces', { otherChains: ['bitcoin', 'cosmos', 'polkadot'] })
beforeAll(() => cryptoWaitReady())

/** SPEC §9: 4 leading and 6 trailing characters. */
const truncated = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

/** Account → Switch network → Switch chain → `chain`: the session's account in that namespace becomes active. */
async function switchTo(hostPage: Page, chain: string, address: string, networkName: string): Promise<void> {
  await hostPage.bringToFront()
  const account = hostPage.getByRole('dialog', { name: 'Account' })
  if (!(await account.count())) await hostPage.getByRole('button', { name: 'Open Account' }).click()
  await account.getByRole('button', { name: /^Switch network, current/ }).click()
  await hostPage.getByRole('button', { name: /^Switch chain/ }).click()
  await hostPage.getByRole('button', { name: new RegExp(`^${chain}, `) }).click()
  await account.waitFor()
  await expect.poll(() => account.innerText()).toContain(truncated(address))
  await expect.poll(() => account.innerText()).toContain(networkName)
}

/** Clicks `button` on the host, approves `method` in the wallet and answers what the host's `output` shows. */
async function signThroughWallet(hostPage: Page, walletPage: Page, button: string, method: string, output: string): Promise<string> {
  await hostPage.bringToFront()
  await hostPage.getByRole('button', { name: button, exact: true }).click()
  await walletPage.bringToFront()
  const request = walletPage.getByRole('article', { name: new RegExp(`^${method} request from Portico demo`) })
  await request.getByRole('button', { name: 'Approve' }).click()
  await hostPage.bringToFront()
  const shown = hostPage.getByRole('status', { name: output, exact: true })
  await shown.waitFor()
  return shown.innerText()
}

describe('WalletConnect with bip122, cosmos and polkadot (demo host, demo wallet on WalletKit, local relay, regtest, cosmos ledger, chopsticks)', () => {
  it('one pairing connects all four namespaces; each shows its account and balance and signs through the wallet', async () => {
    const bitcoin = { chain: wc.local.bitcoin!.caipNetworkId, address: wc.local.bitcoin!.accounts[0]!.payment.address }
    const cosmos = { chain: wc.local.cosmos!.caipNetworkId, address: cosmosDevAccounts[0]!.address, publicKey: cosmosDevAccounts[0]!.publicKey }
    const alice = wc.local.polkadot!.accounts.find((a) => a.uri === '//Alice' && a.type === 'sr25519')!
    const polkadot = { chain: wc.local.polkadot!.caipNetworkId, address: alice.address }

    const context = await wc.browser.newContext()
    const walletPage = await context.newPage()
    await walletPage.goto(wc.wallet.url)
    await walletPage.getByText('Ready.', { exact: false }).waitFor()
    const hostPage = await context.newPage()
    await hostPage.goto(`${wc.host.url}?wallet=none`)
    await hostPage.getByRole('button', { name: 'Connect Wallet' }).click()
    await hostPage.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^WalletConnect/ }).click()
    const qr = hostPage.getByRole('dialog', { name: 'WalletConnect' }).getByRole('img', { name: 'WalletConnect QR code' })
    await qr.waitFor()
    const uri = (await qr.getAttribute('aria-description')) ?? ''
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await walletPage.bringToFront()
    await walletPage.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
    await walletPage.getByRole('button', { name: 'Connect', exact: true }).click()

    // The proposal asks for the namespaces the host composed; the wallet offers the local chain of each.
    const proposal = walletPage.getByRole('article', { name: /^Proposal from Portico demo/ })
    await expect.poll(() => proposal.innerText()).toContain(polkadot.chain)
    const asked = await proposal.innerText()
    for (const chain of ['eip155:31337', bitcoin.chain, cosmos.chain]) expect(asked).toContain(chain)
    await proposal.getByRole('button', { name: 'Approve' }).click()
    const sessions = walletPage.getByRole('region', { name: 'Sessions' })
    for (const { chain, address } of [bitcoin, cosmos, polkadot]) await expect.poll(() => sessions.innerText()).toContain(`${chain}:${address}`)

    // Host: one WalletConnect connection per namespace.
    await hostPage.bringToFront()
    const account = hostPage.getByRole('dialog', { name: 'Account' })
    await account.waitFor()
    await account.getByRole('button', { name: 'Wallets' }).click()
    const wallets = hostPage.getByRole('dialog', { name: 'Wallets' })
    await expect.poll(() => wallets.getByRole('button', { name: /, Connected$/ }).count()).toBe(4)
    await wallets.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => wallets.count()).toBe(0)

    // bip122: the regtest payment account with its UTXO balance; BIP-322 through the wallet's signMessage.
    await hostPage.getByRole('button', { name: 'Open Account' }).click()
    await switchTo(hostPage, 'Bitcoin', bitcoin.address, 'Bitcoin Regtest')
    await expect.poll(() => account.innerText()).toMatch(/\d[\d.,]* BTC/)
    await account.getByRole('button', { name: 'Close' }).click()
    const btcSignature = await signThroughWallet(hostPage, walletPage, 'Sign message', 'signMessage', 'Signature')
    expect(Verifier.verifySignature(bitcoin.address, MESSAGE, btcSignature)).toBe(true)
    expect(Verifier.verifySignature(bitcoin.address, `${MESSAGE}?`, btcSignature)).toBe(false)

    // cosmos: the ledger's dev account 0 with its STAKE; an ADR-036 signature through cosmos_signAmino.
    await switchTo(hostPage, 'Cosmos', cosmos.address, 'Portico Cosmos')
    await expect.poll(() => account.innerText()).toMatch(/\d[\d.,]* STAKE/)
    await account.getByRole('button', { name: 'Close' }).click()
    const cosmosSignature = await signThroughWallet(hostPage, walletPage, 'Sign Cosmos message', 'cosmos_signAmino', 'Cosmos signature')
    const doc = (message: string) => ({
      chain_id: '',
      account_number: '0',
      sequence: '0',
      fee: { gas: '0', amount: [] },
      msgs: [{ type: 'sign/MsgSignData', value: { signer: cosmos.address, data: base64.encode(new TextEncoder().encode(message)) } }],
      memo: '',
    })
    const sig = Secp256k1Signature.fromFixedLength(base64.decode(cosmosSignature))
    const pubkey = Buffer.from(cosmos.publicKey, 'hex')
    expect(await Secp256k1.verifySignature(sig, sha256(serializeSignDoc(doc(MESSAGE))), pubkey)).toBe(true)
    expect(await Secp256k1.verifySignature(sig, sha256(serializeSignDoc(doc(`${MESSAGE}?`))), pubkey)).toBe(false)

    // polkadot: //Alice on the chopsticks chain with its ROC; sr25519 over <Bytes>message</Bytes> via polkadot_signMessage.
    await switchTo(hostPage, 'Polkadot', polkadot.address, 'Portico Polkadot')
    await expect.poll(() => account.innerText()).toMatch(/\d[\d.,]* ROC/)
    await account.getByRole('button', { name: 'Close' }).click()
    const dotSignature = await signThroughWallet(hostPage, walletPage, 'Sign message', 'polkadot_signMessage', 'Signature')
    expect(signatureVerify(`<Bytes>${MESSAGE}</Bytes>`, dotSignature, polkadot.address).isValid).toBe(true)
    expect(signatureVerify(`<Bytes>${MESSAGE}?</Bytes>`, dotSignature, polkadot.address).isValid).toBe(false)

    // A request the person rejects in the wallet reaches the host as a rejection (4001).
    await hostPage.getByRole('button', { name: 'Sign message', exact: true }).click()
    await walletPage.bringToFront()
    await walletPage.getByRole('article', { name: /^polkadot_signMessage request from Portico demo/ }).getByRole('button', { name: 'Reject' }).click()
    await hostPage.bringToFront()
    await expect.poll(() => hostPage.getByRole('alert').filter({ hasText: /reject/i }).count()).toBeGreaterThan(0)
    await context.close()
  })
})
