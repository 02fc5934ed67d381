import { createTransport, type Transporter } from 'nodemailer'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { linkifyText } from './inbox-page.ts'
import { startMailSink, type MailMessage, type MailSink } from './index.ts'

let sink: MailSink
let transport: Transporter

beforeAll(async () => {
  sink = await startMailSink({ maxMessages: 4 })
  transport = createTransport({ host: sink.smtpHost, port: sink.smtpPort, secure: false, ignoreTLS: true })
})
afterAll(async () => {
  transport.close()
  await sink.stop()
})
afterEach(() => {
  sink.clear()
  vi.useRealTimers()
})

async function json(path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${sink.url}${path}`)
  return { status: res.status, body: await res.json() }
}

describe('mail sink', () => {
  it('receives real SMTP and serves it as JSON, newest first', async () => {
    await transport.sendMail({
      from: 'Portico <no-reply@portico.example>',
      to: 'alice@example.com',
      subject: 'Your code',
      text: 'Your code is 123456',
      html: '<p>Your code is <b>123456</b></p>',
    })
    await transport.sendMail({ from: 'no-reply@portico.example', to: 'bob@example.com', subject: 'Second', text: 'two' })

    const { status, body } = await json('/messages')
    expect(status).toBe(200)
    const list = body as MailMessage[]
    expect(list.map((m) => m.subject)).toEqual(['Second', 'Your code'])
    const first = list[1]!
    expect(first.to).toEqual(['alice@example.com'])
    expect(first.from).toBe('no-reply@portico.example')
    expect(first.text.trim()).toBe('Your code is 123456')
    expect(first.html).toBe('<p>Your code is <b>123456</b></p>')
    expect(new Date(first.receivedAt).toISOString()).toBe(first.receivedAt)
    expect(list[0]!.html).toBeNull()
    expect(Object.keys(first).sort()).toEqual(['from', 'html', 'receivedAt', 'subject', 'text', 'to'])
    expect(sink.messages().map((m) => m.subject)).toEqual(['Second', 'Your code'])
  })

  it('filters by recipient with ?to= (case-insensitive) and keeps every envelope recipient', async () => {
    await transport.sendMail({ from: 'a@portico.example', to: ['carol@example.com', 'dave@example.com'], subject: 'Both', text: 'x' })
    await transport.sendMail({ from: 'a@portico.example', to: 'dave@example.com', subject: 'Dave only', text: 'y' })

    const carol = (await json('/messages?to=Carol@Example.com')).body as MailMessage[]
    expect(carol.map((m) => m.subject)).toEqual(['Both'])
    expect(carol[0]!.to).toEqual(['carol@example.com', 'dave@example.com'])
    const dave = (await json(`/messages?to=${encodeURIComponent('dave@example.com')}`)).body as MailMessage[]
    expect(dave.map((m) => m.subject)).toEqual(['Dave only', 'Both'])
    expect((await json('/messages?to=nobody@example.com')).body).toEqual([])
  })

  it('keeps at most maxMessages, dropping the oldest', async () => {
    for (let i = 1; i <= 6; i++) {
      await transport.sendMail({ from: 'a@portico.example', to: 'e@example.com', subject: `n${i}`, text: String(i) })
    }
    expect(sink.messages().map((m) => m.subject)).toEqual(['n6', 'n5', 'n4', 'n3'])
  })

  it('waitFor returns a kept match at once, else the next matching arrival', async () => {
    await transport.sendMail({ from: 'a@portico.example', to: 'f@example.com', subject: 'already', text: 'kept' })
    await expect(sink.waitFor((m) => m.subject === 'already')).resolves.toMatchObject({ text: expect.stringContaining('kept') })

    const pending = sink.waitFor((m) => m.to.includes('g@example.com'))
    await transport.sendMail({ from: 'a@portico.example', to: 'other@example.com', subject: 'not this', text: '-' })
    await transport.sendMail({ from: 'a@portico.example', to: 'g@example.com', subject: 'this one', text: '-' })
    await expect(pending).resolves.toMatchObject({ subject: 'this one' })
  })

  it('waitFor rejects when nothing matches within the time-out', async () => {
    vi.useFakeTimers()
    const pending = sink.waitFor((m) => m.subject === 'never', 5_000)
    const outcome = expect(pending).rejects.toThrow('mail sink: no matching message within 5000 ms')
    await vi.advanceTimersByTimeAsync(5_000)
    await outcome
  })

  it('DELETE /messages clears the sink; unknown paths are 404 and wrong methods 405', async () => {
    await transport.sendMail({ from: 'a@portico.example', to: 'h@example.com', subject: 'gone', text: '-' })
    expect(sink.messages()).toHaveLength(1)
    expect((await fetch(`${sink.url}/messages`, { method: 'DELETE' })).status).toBe(204)
    expect(sink.messages()).toHaveLength(0)
    expect((await fetch(`${sink.url}/nope`)).status).toBe(404)
    expect((await fetch(`${sink.url}/messages`, { method: 'POST' })).status).toBe(405)
  })

  it('the inbox page shows text escaped and HTML only inside a sandboxed srcdoc frame', async () => {
    await transport.sendMail({
      from: 'a@portico.example',
      to: 'i@example.com',
      subject: '<b>Hi</b> & welcome',
      text: 'Approve: http://127.0.0.1:9/approve?id=1&t=2. <script>alert(1)</script>',
      html: '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="http://127.0.0.1:9/approve">Approve</a>',
    })
    const res = await fetch(`${sink.url}/`)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    const page = await res.text()
    expect(page).not.toContain('<script>')
    expect(page).not.toContain('<img src=x')
    expect(page).toContain('&lt;b&gt;Hi&lt;/b&gt; &amp; welcome')
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    // The URL is a link; the sentence's full stop is not part of it.
    expect(page).toContain('<a href="http://127.0.0.1:9/approve?id=1&amp;t=2" target="_blank" rel="noopener noreferrer">')
    const frame = /<iframe [^>]*>/.exec(page)?.[0] ?? ''
    expect(frame).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"')
    expect(frame).not.toContain('allow-scripts')
    expect(frame).not.toContain('allow-same-origin')
    expect(frame).toContain('srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;')
  })

  it('the inbox page filters by ?to= and escapes the filter', async () => {
    await transport.sendMail({ from: 'a@portico.example', to: 'j@example.com', subject: 'for j', text: '-' })
    await transport.sendMail({ from: 'a@portico.example', to: 'k@example.com', subject: 'for k', text: '-' })
    const page = await (await fetch(`${sink.url}/?to=${encodeURIComponent('j@example.com')}`)).text()
    expect(page).toContain('for j')
    expect(page).not.toContain('for k')
    const hostile = await (await fetch(`${sink.url}/?to=${encodeURIComponent('"><script>x</script>')}`)).text()
    expect(hostile).not.toContain('<script>x')
  })
})

describe('startMailSink ports', () => {
  it('rejects when a port is taken, leaving nothing listening', async () => {
    await expect(startMailSink({ smtpPort: sink.smtpPort })).rejects.toMatchObject({ code: 'EADDRINUSE' })
    const httpPort = Number(new URL(sink.url).port)
    const free = await startMailSink()
    const smtpPort = free.smtpPort
    await free.stop()
    await expect(startMailSink({ smtpPort, httpPort })).rejects.toMatchObject({ code: 'EADDRINUSE' })
    // The SMTP port of the failed start was released again.
    const again = await startMailSink({ smtpPort })
    expect(again.smtpPort).toBe(smtpPort)
    await again.stop()
  })
})

describe('startMailSink stop()', () => {
  it('closes an idle pooled client connection at once (the secure site keeps one open between mails)', async () => {
    const own = await startMailSink()
    const pooled = createTransport({ pool: true, host: own.smtpHost, port: own.smtpPort, secure: false, ignoreTLS: true })
    try {
      await pooled.sendMail({ from: 'a@portico.example', to: 'pool@example.com', subject: 'pooled', text: '-' })
      expect(own.messages().map((m) => m.subject)).toEqual(['pooled'])
      // smtp-server's closeTimeout (the grace it gives open connections) can no longer fire: stop() returns only
      // because the sink closes the idle connection itself.
      vi.useFakeTimers({ toFake: ['setTimeout'] })
      await own.stop()
    } finally {
      vi.useRealTimers()
      pooled.close()
    }
  })
})

describe('linkifyText', () => {
  it('links only http(s) URLs and escapes the rest', () => {
    expect(linkifyText('go https://a.example/x, then javascript:alert(1) <i>')).toBe(
      'go <a href="https://a.example/x" target="_blank" rel="noopener noreferrer">https://a.example/x</a>, then javascript:alert(1) &lt;i&gt;',
    )
    expect(linkifyText('no links here')).toBe('no links here')
  })
})
