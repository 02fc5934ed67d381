/**
 * stop() of the secure site without forced closes: a socket a client opened and never used (undici does so under
 * parallel requests) does not hold it, and the pooled SMTP connection of the mailer ends with it.
 */
import { createConnection, type Socket } from 'node:net'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailSink, addressedTo, type MailSink } from '../../mail/index.ts'
import { startSecureSite, type SecureSite } from './index.ts'
import { baseSiteOptions, removeDirs, TEST_HOST as HOST } from './test-site.fixtures.ts'

const PROJECT = 'shutdown-project'
const MASTER = randomBytes(32).toString('hex')

let mail: MailSink
const dataDirs: string[] = []
/** One site per test (each test stops its own); started ahead, so a test's time-out measures its stop() only. */
let sites: SecureSite[] = []

beforeAll(async () => {
  mail = await startMailSink()
  sites = await Promise.all([start(), start()])
}, 120_000)

afterAll(async () => {
  await Promise.allSettled(sites.map((site) => site.stop()))
  await mail?.stop()
  removeDirs(dataDirs)
})

const start = (): Promise<SecureSite> => startSecureSite({ ...baseSiteOptions(PROJECT, mail, dataDirs, 'shutdown'), masterKey: MASTER })

function connectRaw(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) }, () => resolve(socket))
    socket.once('error', reject)
  })
}

describe('secure site stop()', () => {
  it('returns while a client holds a connection it never sent a request on, and closes that connection', async () => {
    const site = sites[0]!
    const spare = await connectRaw(site.localUrl)
    const closed = new Promise<void>((resolve) => spare.once('close', () => resolve()))
    spare.on('error', () => {})
    // Node's server.close() alone would wait for this socket until its headersTimeout (60 s), past this test's time-out.
    await site.stop()
    await closed
    expect(spare.bytesWritten).toBe(0)
  }, 30_000)

  it('sends code mails over one pooled SMTP connection and closes it with the site', async () => {
    const site = sites[1]!
    try {
      for (const email of ['first@example.com', 'second@example.com']) {
        const since = new Date().toISOString()
        const res = await fetch(`${site.url}/api/email/connect`, {
          method: 'POST',
          headers: { 'x-portico-project-id': PROJECT, 'x-portico-host-origin': HOST, 'content-type': 'application/json' },
          body: JSON.stringify({ email, deviceId: `device-${email.split('@')[0]}-0123456789` }),
        })
        expect(await res.json()).toEqual({ action: 'VERIFY_OTP' })
        await mail.waitFor((m) => addressedTo(m, email) && m.receivedAt >= since, 15_000)
      }
      expect(mail.smtpConnections()).toEqual({ opened: 1, open: 1 })
    } finally {
      await site.stop()
    }
    await expect.poll(() => mail.smtpConnections().open, { timeout: 10_000 }).toBe(0)
  }, 30_000)
})
