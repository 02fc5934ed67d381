/** Outgoing mail of the secure site: real SMTP through nodemailer (the stack's mail sink in the demo and tests). */
import nodemailer from 'nodemailer'

/**
 * SMTP of the secure site (issue 26 item 11). TLS is required by default: a relay that does not offer STARTTLS (or
 * TLS on connect with `secure: true`) gets no mail, so codes and device links never cross the network in clear text.
 * Only the local dev mail sink (stack/mail, plain SMTP on 127.0.0.1) is used with `requireTLS: false`, which the demo,
 * `npm run stack:secure-site` with its own sink and the tests pass explicitly.
 */
export type SmtpOptions = {
  host: string
  port: number
  /** TLS from the first byte (port 465). Default false: STARTTLS, required unless `requireTLS: false`. */
  secure?: boolean
  /** Default true. `false` only for the local dev sink: mail then goes in clear text. */
  requireTLS?: boolean
  /** SMTP AUTH; default the env vars PORTICO_SMTP_USER / PORTICO_SMTP_PASS when set. */
  user?: string
  pass?: string
  /** Extra CA certificates (PEM) to trust for the relay's TLS certificate. */
  ca?: string | string[]
  from?: string
}
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export type OtpPurpose = 'login' | 'update-primary' | 'update-secondary'

export const OTP_SUBJECT: Record<OtpPurpose, string> = {
  login: 'Your Portico login code',
  'update-primary': 'Confirm your Portico email change',
  'update-secondary': 'Confirm your new Portico email',
}
export const DEVICE_SUBJECT = 'Approve a new device for Portico'

export function createMailer(o: SmtpOptions) {
  const requireTLS = o.requireTLS ?? true
  const user = o.user ?? process.env.PORTICO_SMTP_USER
  const pass = o.pass ?? process.env.PORTICO_SMTP_PASS
  const transport = nodemailer.createTransport({
    // Pooled: a few SMTP connections kept open and reused, instead of a new connection (greeting, EHLO, maybe
    // STARTTLS and AUTH) for every mail, which cost about 100 ms of each login (BENCHMARKS.md, secure site load).
    // close() ends them; the server calls it when it stops.
    pool: true,
    host: o.host,
    port: o.port,
    secure: o.secure ?? false,
    requireTLS: requireTLS && !o.secure,
    // The dev sink's explicit opt-out: no STARTTLS attempt at all (it offers none).
    ignoreTLS: !requireTLS && !o.secure,
    ...(o.ca ? { tls: { ca: o.ca } } : {}),
    auth: user ? { user, pass: pass ?? '' } : undefined,
  })
  const from = o.from ?? 'Portico <no-reply@portico.localhost>'

  return {
    /**
     * The code mail. With `deviceLink` (a known email on a new device, issue 26 item 5) the same mail also carries
     * the approval link: one mail either way, so the answer and its timing do not tell whether the email is known.
     */
    async sendOtp(to: string, code: string, purpose: OtpPurpose, deviceLink?: string): Promise<void> {
      const lead =
        purpose === 'login'
          ? 'Your login code is'
          : purpose === 'update-primary'
            ? 'To change the email of your Portico wallet, enter this code'
            : 'To confirm this new email for your Portico wallet, enter this code'
      const deviceText = deviceLink
        ? `Someone is signing in to your Portico wallet from a new device. If it is you, open this link to approve it, then enter the code above:\n\n${deviceLink}\n\nIf it is not you, ignore this mail: without the approval the code does not log in.\n`
        : ''
      const deviceHtml = deviceLink
        ? '<p>Someone is signing in to your Portico wallet from a new device. If it is you, approve it, then enter the code above:</p>' +
          `<p><a href="${escapeHtml(deviceLink)}">Approve this device</a></p><p>${escapeHtml(deviceLink)}</p><p>If it is not you, ignore this mail: without the approval the code does not log in.</p>`
        : ''
      await transport.sendMail({
        from,
        to,
        subject: deviceLink ? DEVICE_SUBJECT : OTP_SUBJECT[purpose],
        // The code comes first (before a link whose token could hold six digits).
        text: `${lead}: ${code}\n\nIt expires in 10 minutes. If you did not ask for it, ignore this mail.\n${deviceText ? `\n${deviceText}` : ''}`,
        html:
          `<p>${escapeHtml(lead)}:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>` +
          `<p>It expires in 10 minutes. If you did not ask for it, ignore this mail.</p>${deviceHtml}`,
      })
    },
    close(): void {
      transport.close()
    },
  }
}

export type Mailer = ReturnType<typeof createMailer>
