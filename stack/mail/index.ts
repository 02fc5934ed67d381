import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { renderInbox } from './inbox-page.ts'

/** One mail as the sink received it. */
export interface MailMessage {
  /** Envelope recipients (RCPT TO) as received, in order. */
  to: string[]
  /** Envelope sender (MAIL FROM); '' for a null sender. */
  from: string
  /** '' when the mail has no subject. */
  subject: string
  /** The text part; '' when the mail has only HTML. */
  text: string
  /** The HTML part, null when absent. Never rendered unsandboxed by the inbox page. */
  html: string | null
  /** ISO 8601. */
  receivedAt: string
}

export interface MailSinkOptions {
  /** 0 or absent: a free port. */
  smtpPort?: number
  /** 0 or absent: a free port. */
  httpPort?: number
  /** Messages kept in memory; the oldest are dropped beyond it. Default 500. */
  maxMessages?: number
}

export interface MailSink {
  smtpHost: '127.0.0.1'
  smtpPort: number
  /** http://127.0.0.1:<httpPort>, no trailing slash. */
  url: string
  /** Newest first (a copy). */
  messages(): MailMessage[]
  /**
   * The newest message already kept that matches, else the next one to arrive that matches.
   * Rejects after `timeoutMs` (default 10 000).
   */
  waitFor(predicate: (message: MailMessage) => boolean, timeoutMs?: number): Promise<MailMessage>
  /** SMTP connections accepted since the start, and those open now (a pooled client keeps one between mails). */
  smtpConnections(): { opened: number; open: number }
  /** Drops every kept message. */
  clear(): void
  stop(): Promise<void>
}

const HOST = '127.0.0.1'
/** Largest mail accepted (the one-time-code and approval mails are a few KiB). */
const MAX_MAIL_BYTES = 2 * 1024 * 1024

/**
 * A mail sink for the local stack: an SMTP server (no authentication, no TLS, loopback only) that parses every mail
 * with mailparser, keeps the last `maxMessages` in memory and serves them over HTTP: `GET /messages[?to=addr]` as
 * JSON newest first, `GET /` as a small inbox page, `DELETE /messages` to clear.
 */
export async function startMailSink(options: MailSinkOptions = {}): Promise<MailSink> {
  const maxMessages = options.maxMessages ?? 500
  if (!Number.isInteger(maxMessages) || maxMessages < 1) throw new Error('mail sink: maxMessages must be a positive integer')
  /** Oldest first; served reversed. */
  const kept: MailMessage[] = []
  const waiters = new Set<(message: MailMessage) => void>()
  let opened = 0

  const store = (message: MailMessage): void => {
    kept.push(message)
    if (kept.length > maxMessages) kept.splice(0, kept.length - maxMessages)
    for (const waiter of [...waiters]) waiter(message)
  }

  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'Portico mail sink',
    size: MAX_MAIL_BYTES,
    logger: false,
    closeTimeout: 1_000,
    onConnect(_session, callback) {
      opened++
      callback()
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (stream.sizeExceeded) {
            const error = new Error('Message exceeds the size limit') as Error & { responseCode?: number }
            error.responseCode = 552
            callback(error)
            return
          }
          const from = session.envelope.mailFrom
          store({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            from: from ? from.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            receivedAt: new Date().toISOString(),
          })
          callback()
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))))
    },
  })
  smtp.on('error', () => {
    // A client dropping the connection mid-command is not the sink's failure; the session is already closed.
  })
  await new Promise<void>((resolve, reject) => {
    const listener = smtp.listen(options.smtpPort ?? 0, HOST, () => resolve())
    listener.once('error', reject)
  })
  const smtpPort = (smtp.server.address() as AddressInfo).port

  const newestFirst = (): MailMessage[] => kept.slice().reverse()

  const http: Server = createServer((req, res) => handle(req, res))
  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', `http://${HOST}`)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Cache-Control', 'no-store')
    if (url.pathname === '/messages' && (req.method === 'GET' || req.method === 'HEAD')) {
      const to = url.searchParams.get('to')
      const list = to === null ? newestFirst() : newestFirst().filter((message) => addressedTo(message, to))
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' })
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(list))
      return
    }
    if (url.pathname === '/messages' && req.method === 'DELETE') {
      kept.length = 0
      res.writeHead(204).end()
      return
    }
    if (url.pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      const to = url.searchParams.get('to')
      const list = to === null ? newestFirst() : newestFirst().filter((message) => addressedTo(message, to))
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        // Nothing on the page runs script; mail HTML sits in sandboxed srcdoc frames that inherit this policy.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
        'Referrer-Policy': 'no-referrer',
      })
      res.end(req.method === 'HEAD' ? undefined : renderInbox(list, to))
      return
    }
    const known = url.pathname === '/' || url.pathname === '/messages'
    res.writeHead(known ? 405 : 404, { 'Content-Type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify({ error: known ? 'Method not allowed' : 'Not found' }))
  }
  try {
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject)
      http.listen(options.httpPort ?? 0, HOST, () => {
        http.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    throw error
  }
  const url = `http://${HOST}:${(http.address() as AddressInfo).port}`

  let stopped = false
  return {
    smtpHost: HOST,
    smtpPort,
    url,
    messages: newestFirst,
    waitFor(predicate, timeoutMs = 10_000) {
      const existing = newestFirst().find(predicate)
      if (existing) return Promise.resolve(existing)
      return new Promise<MailMessage>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error(`mail sink: no matching message within ${timeoutMs} ms`))
        }, timeoutMs)
        const waiter = (message: MailMessage): void => {
          let matches: boolean
          try {
            matches = predicate(message)
          } catch (error) {
            clearTimeout(timer)
            waiters.delete(waiter)
            reject(error)
            return
          }
          if (!matches) return
          clearTimeout(timer)
          waiters.delete(waiter)
          resolve(message)
        }
        waiters.add(waiter)
      })
    },
    smtpConnections: () => ({ opened, open: smtp.connections.size }),
    clear() {
      kept.length = 0
    },
    async stop() {
      if (stopped) return
      stopped = true
      http.closeAllConnections()
      const closed = Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ])
      // A pooled client (the secure site's mailer) keeps its connection open between mails. smtp-server would wait
      // closeTimeout for it to leave; a connection with no mail under way is told now that the sink is going and
      // closed. One in the middle of a mail keeps closeTimeout to finish it (new commands already get a 421).
      for (const connection of [...smtp.connections]) {
        if (connection.session.envelope?.mailFrom) continue
        connection.send(421, 'Mail sink shutting down')
        connection.close()
      }
      await closed
    },
  }
}

/** Whether `address` is one of the message's envelope recipients (case-insensitive, as mail domains are). */
export function addressedTo(message: MailMessage, address: string): boolean {
  const wanted = address.trim().toLowerCase()
  return message.to.some((recipient) => recipient.toLowerCase() === wanted)
}
