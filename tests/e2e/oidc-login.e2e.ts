import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTransport } from 'nodemailer'
import * as oidcClient from 'openid-client'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailSink, type MailSink } from '../../stack/mail/index.ts'
import { startOidc, type OidcStack } from '../../stack/oidc/index.ts'
import { launchChromium } from './browser.ts'

/**
 * The stack's OpenID provider and mail sink in real Chromium: a small relying party on its own port (openid-client)
 * sends the browser through GitHub's login and consent pages over plain http on 127.0.0.1 (the provider's cookies must
 * work there), and the inbox page renders mail without running any of its script.
 */
let browser: Browser
let oidc: OidcStack
let sink: MailSink
let rp: Server
let rpUrl: string
const pending = new Map<string, { verifier: string; config: oidcClient.Configuration }>()

beforeAll(async () => {
  rp = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', rpUrl)
      if (url.pathname === '/start') {
        const config = await oidcClient.discovery(new URL(oidc.issuer('github')), 'rp', 'rp-secret', undefined, {
          execute: [oidcClient.allowInsecureRequests],
        })
        const verifier = oidcClient.randomPKCECodeVerifier()
        const state = oidcClient.randomState()
        pending.set(state, { verifier, config })
        const target = oidcClient.buildAuthorizationUrl(config, {
          redirect_uri: `${rpUrl}/callback`,
          scope: 'openid email profile',
          code_challenge: await oidcClient.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
        })
        res.writeHead(302, { Location: target.href }).end()
        return
      }
      if (url.pathname === '/callback') {
        const state = url.searchParams.get('state') ?? ''
        const flow = pending.get(state)
        res.setHeader('Content-Type', 'text/plain; charset=utf-8')
        if (!flow) {
          res.writeHead(400).end('unknown state')
          return
        }
        try {
          const tokens = await oidcClient.authorizationCodeGrant(flow.config, url, { pkceCodeVerifier: flow.verifier, expectedState: state })
          const claims = tokens.claims()!
          res.writeHead(200).end(`signed in ${claims.email} ${claims.sub} verified=${claims.email_verified}`)
        } catch (error) {
          res.writeHead(200).end(`error ${(error as { error?: string }).error ?? (error as Error).message}`)
        }
        return
      }
      res.writeHead(404).end()
    })().catch(() => res.writeHead(500).end())
  })
  await new Promise<void>((resolve) => rp.listen(0, '127.0.0.1', () => resolve()))
  rpUrl = `http://127.0.0.1:${(rp.address() as AddressInfo).port}`
  oidc = await startOidc({ clients: [{ client_id: 'rp', client_secret: 'rp-secret', redirect_uris: [`${rpUrl}/callback`], client_name: 'Test App' }] })
  sink = await startMailSink()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await sink?.stop()
  await oidc?.stop()
  rp?.closeAllConnections()
  await new Promise<void>((resolve) => (rp ? rp.close(() => resolve()) : resolve()))
})

describe('OIDC provider pages in Chromium', () => {
  it('signs in with GitHub by the Username field and Allow, over http cookies', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${rpUrl}/start`)
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in with GitHub' }).count()).toBe(1)
    await page.getByLabel('Username').fill('alice')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('heading', { name: 'Test App wants to access your GitHub account' }).waitFor()
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.waitForURL(`${rpUrl}/callback?**`)
    expect(await page.textContent('body')).toBe('signed in alice@github.example github-alice verified=true')

    // The session cookie held: a second start goes straight back with a code, no login page.
    await page.goto(`${rpUrl}/start`)
    await page.waitForURL(`${rpUrl}/callback?**`)
    expect(await page.textContent('body')).toBe('signed in alice@github.example github-alice verified=true')
    await context.close()
  })

  it('a demo user button signs in, and Deny gives access_denied', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${rpUrl}/start`)
    await page.getByRole('button', { name: 'Continue as Bob Example (bob@github.example)' }).click()
    await page.getByRole('button', { name: 'Deny' }).click()
    await page.waitForURL(`${rpUrl}/callback?**`)
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied')
    expect(await page.textContent('body')).toBe('error access_denied')
    await context.close()
  })

  it('the mail inbox shows a real SMTP mail and never runs its script', async () => {
    const transport = createTransport({ host: sink.smtpHost, port: sink.smtpPort, secure: false, ignoreTLS: true })
    await transport.sendMail({
      from: 'no-reply@portico.example',
      to: 'alice@example.com',
      subject: 'Your Portico code',
      text: 'Your code is 424242. Approve this device: http://127.0.0.1:9/approve?t=1',
      html: '<p id="body">Your code is <b>424242</b></p><script>parent.document.title = "pwned"; document.getElementById("body").textContent = "ran"</script>',
    })
    transport.close()
    const context = await browser.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${sink.url}/`)
    await page.getByRole('heading', { name: 'Your Portico code' }).waitFor()
    expect(await page.getByRole('link', { name: 'http://127.0.0.1:9/approve?t=1' }).getAttribute('href')).toBe('http://127.0.0.1:9/approve?t=1')
    await page.getByText('HTML version').click()
    const frame = page.frameLocator('iframe[title="HTML version of Your Portico code"]')
    await expect.poll(() => frame.locator('#body').textContent()).toBe('Your code is 424242')
    expect(await page.title()).not.toBe('pwned')
    expect(errors).toEqual([])
    await context.close()
  })
})
