import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { encodeSecp256k1Pubkey, pubkeyToAddress, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { StargateClient } from '@cosmjs/stargate'
import { base64, hex } from '@scure/base'
import type { LocalChains } from '../../stack/local-chains.ts'
import type { DemoHost } from '../../demo/server.ts'
import { cosmosDevAccounts } from '../../stack/cosmos/index.ts'
import { startDemoSuite, stopDemoSuite } from './demo-suite.ts'

const ACCOUNT0 = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'
/** SPEC §9: 4 leading and 6 trailing characters. */
const TRUNCATED = 'cosm…xj00e7'

let local: LocalChains
let host: DemoHost
let browser: Browser

beforeAll(async () => {
  ;({ local, host, browser } = await startDemoSuite(['cosmos']))
})

afterAll(() => stopDemoSuite({ local, host, browser }))

async function query<T>(fn: (client: StargateClient) => Promise<T>): Promise<T> {
  const client = await StargateClient.connect(local.cosmos!.rpcUrl)
  try {
    return await fn(client)
  } finally {
    client.disconnect()
  }
}
const ustake = (address: string) => query(async (c) => BigInt((await c.getBalance(address, 'ustake')).amount))

function walletPrompt(page: Page) {
  return page.getByRole('dialog', { name: 'Portico Dev Wallet' }).filter({ has: page.getByRole('button', { name: 'Approve' }) })
}

/** `?wallet=cosmos`: only the Keplr-style dev wallet, so the Connect list has one "Portico Dev Wallet". */
async function connect(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${host.url}?wallet=cosmos`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^Portico Dev Wallet/ }).click()
  const prompt = walletPrompt(page)
  await expect.poll(() => prompt.innerText()).toContain(ACCOUNT0)
  await prompt.getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog', { name: 'Account' }).waitFor()
  return page
}

describe('Cosmos end to end (demo host, Keplr-style dev wallet, local cosmos ledger)', () => {
  it('connects, shows the truncated bech32 address and the ledger balance, signs ADR-036 and sends a transfer', async () => {
    const context = await browser.newContext()
    const page = await connect(context)
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect.poll(() => account.innerText()).toContain(TRUNCATED)
    // Account 0 starts with 1000 STAKE on the ledger; the view reads it from there.
    expect(await ustake(ACCOUNT0)).toBe(1_000_000_000n)
    await expect.poll(() => account.innerText()).toContain('1,000 STAKE')
    await account.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => account.count()).toBe(0)
    await expect.poll(() => page.getByText(`Connected ${ACCOUNT0} on Portico Cosmos`).count()).toBe(1)

    // Sign: the prompt shows the message; the signature verifies as ADR-036 under account 0's key.
    await page.getByRole('button', { name: 'Sign Cosmos message' }).click()
    await expect.poll(() => walletPrompt(page).innerText()).toContain('Hello from Portico')
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    const signatureOutput = page.locator('output[aria-label="Cosmos signature"]')
    await signatureOutput.waitFor()
    const signature = await signatureOutput.innerText()
    const pubkey = hex.decode(cosmosDevAccounts[0]!.publicKey)
    expect(pubkeyToAddress(encodeSecp256k1Pubkey(pubkey), 'cosmos')).toBe(ACCOUNT0)
    const doc = {
      chain_id: '',
      account_number: '0',
      sequence: '0',
      fee: { gas: '0', amount: [] },
      msgs: [{ type: 'sign/MsgSignData', value: { signer: ACCOUNT0, data: base64.encode(new TextEncoder().encode('Hello from Portico')) } }],
      memo: '',
    }
    const verified = await Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(base64.decode(signature)), sha256(serializeSignDoc(doc)), pubkey)
    expect(verified).toBe(true)

    // Send 2.5 STAKE to account 1: the wallet shows the MsgSend, the ledger includes it.
    const to = cosmosDevAccounts[1]!.address
    const before = await ustake(to)
    await page.getByRole('textbox', { name: 'Recipient' }).fill(to)
    await page.getByRole('textbox', { name: 'Amount (ustake)' }).fill('2500000')
    await page.getByRole('button', { name: 'Send STAKE' }).click()
    await expect.poll(() => walletPrompt(page).innerText()).toContain(`Send 2500000 ustake to ${to}`)
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    const output = page.locator('output[aria-label="Cosmos transaction"]')
    await output.waitFor()
    const hash = await output.innerText()
    expect(hash).toMatch(/^[0-9A-F]{64}$/)
    const tx = await query((c) => c.getTx(hash))
    expect(tx?.code).toBe(0)
    expect(await ustake(to)).toBe(before + 2_500_000n)
    // The sender paid the amount and a fee.
    expect(await ustake(ACCOUNT0)).toBeLessThan(1_000_000_000n - 2_500_000n)
    await context.close()
  })

  it('a rejected signature shows the 4001 message and the page stays usable', async () => {
    const context = await browser.newContext()
    const page = await connect(context)
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Sign Cosmos message' }).click()
    await walletPrompt(page).getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => page.getByRole('region', { name: 'Cosmos' }).getByRole('alert').innerText()).toBe('User rejected the request.')
    await page.getByRole('button', { name: 'Sign Cosmos message' }).click()
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    await page.locator('output[aria-label="Cosmos signature"]').waitFor()
    await context.close()
  })
})
