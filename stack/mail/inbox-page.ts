import type { MailMessage } from './index.ts'

/** Text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g

/**
 * A mail's text part, escaped, with its http(s) URLs made into links (so a newcomer can click the device-approval
 * link). Only URLs that parse with an http: or https: scheme become links; everything else stays text.
 */
export function linkifyText(text: string): string {
  let out = ''
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    // A sentence's closing punctuation is not part of the link.
    const raw = match[0].replace(/[).,;:!?]+$/, '')
    const start = match.index
    out += escapeHtml(text.slice(last, start))
    let href: string | null = null
    try {
      const parsed = new URL(raw)
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') href = parsed.href
    } catch {
      href = null
    }
    out += href === null
      ? escapeHtml(raw)
      : `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(raw)}</a>`
    last = start + raw.length
  }
  return out + escapeHtml(text.slice(last))
}

/**
 * The inbox page: every kept message newest first, its text part escaped, its HTML part only inside a sandboxed
 * `<iframe srcdoc>` (no scripts, no same-origin, no forms; links open in a new tab).
 */
export function renderInbox(messages: MailMessage[], filter: string | null): string {
  const items = messages.map((message, index) => {
    const id = `mail-${index}`
    const html = message.html === null
      ? ''
      : `<details><summary>HTML version</summary><iframe title="HTML version of ${escapeHtml(message.subject || '(no subject)')}" ` +
        `sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" ` +
        `srcdoc="${escapeHtml(`<base target="_blank">${message.html}`)}"></iframe></details>`
    return `<li><article aria-labelledby="${id}">
<h2 id="${id}">${escapeHtml(message.subject || '(no subject)')}</h2>
<p class="meta">To ${escapeHtml(message.to.join(', '))}${message.from ? ` · from ${escapeHtml(message.from)}` : ''} · <time datetime="${escapeHtml(message.receivedAt)}">${escapeHtml(message.receivedAt)}</time></p>
<pre>${linkifyText(message.text)}</pre>
${html}
</article></li>`
  })
  const heading = filter === null ? 'Inbox' : `Inbox for ${filter}`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)} · Portico mail sink</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1rem; color: #1b1b1f; }
ol { list-style: none; padding: 0; }
li { border: 1px solid #d7d7de; border-radius: 8px; padding: 0.75rem 1rem; margin: 0 0 0.75rem; }
h2 { font-size: 1.05rem; margin: 0 0 0.25rem; }
.meta { color: #55556a; margin: 0 0 0.5rem; font-size: 0.85rem; }
pre { white-space: pre-wrap; word-break: break-word; background: #f5f5f8; padding: 0.5rem; border-radius: 6px; margin: 0; }
iframe { width: 100%; height: 20rem; border: 1px solid #d7d7de; border-radius: 6px; background: #fff; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
<p>${messages.length === 1 ? '1 message' : `${messages.length} messages`}, newest first. <a href="${filter === null ? '/' : `/?to=${escapeHtml(encodeURIComponent(filter))}`}">Refresh</a> · <a href="/messages">JSON</a></p>
${messages.length === 0 ? '<p>No mail yet.</p>' : `<ol>${items.join('\n')}</ol>`}
</main>
</body>
</html>
`
}
