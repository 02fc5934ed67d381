/**
 * The HTML and CSS of the secure site's pages served from this folder. Scripts and styles are separate files
 * (`/frame.js`, `/frame.css`, `/social/callback.js`) so the server can send a strict CSP (`script-src 'self'`,
 * `style-src 'self'`) with no inline code.
 */
import type { SocialCallbackPageData } from '../server/api-types.ts'

export const FRAME_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Portico secure wallet</title>
<link rel="stylesheet" href="/frame.css">
<script type="module" src="/frame.js"></script>
</head>
<body>
<main id="portico-approval-root"></main>
</body>
</html>
`

export const FRAME_CSS = `:root {
  color-scheme: light;
  --bg: #ffffff; --fg: #141414; --muted: #5c5c5c; --border: #e2e2e2; --code-bg: #f3f3f3;
  --accent: #3254d1; --accent-fg: #ffffff; --reject-bg: #efefef; --reject-fg: #141414; --danger: #b00020;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
:root[data-theme="dark"] {
  color-scheme: dark;
  --bg: #191a1a; --fg: #f1f1f1; --muted: #a8a8a8; --border: #2f3030; --code-bg: #242525;
  --accent: #6e8cff; --accent-fg: #0b0b0b; --reject-bg: #2f3030; --reject-fg: #f1f1f1; --danger: #ff8a80;
}
html, body { margin: 0; background: transparent; color: var(--fg); }
/* One screen: the request scrolls, the buttons stay in view (the visibility check of issue 26 item 3 observes them). */
.approval { background: var(--bg); color: var(--fg); padding: 16px; box-sizing: border-box; height: 100vh; outline: none;
  display: flex; flex-direction: column; }
.approval h1 { font-size: 18px; margin: 0 0 8px; }
.approval .requester { color: var(--muted); font-size: 13px; margin: 0 0 12px; overflow-wrap: anywhere; }
.approval dl { margin: 0 0 16px; display: grid; gap: 4px; align-content: start; flex: 1 1 auto; min-height: 0; overflow: auto; }
.approval dt { font-size: 12px; color: var(--muted); margin-top: 8px; }
.approval dd { margin: 0; font-size: 14px; overflow-wrap: anywhere; white-space: pre-wrap; }
.approval pre { margin: 0; padding: 8px; background: var(--code-bg); border: 1px solid var(--border); border-radius: 8px;
  font-size: 12px; max-height: 160px; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
.approval .actions { display: flex; gap: 8px; }
.approval button { flex: 1; font: inherit; font-size: 15px; padding: 10px 12px; border-radius: 12px; border: 0; cursor: pointer; }
.approval button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.approval .approve { background: var(--accent); color: var(--accent-fg); }
.approval .reject { background: var(--reject-bg); color: var(--reject-fg); }
.approval button:disabled { opacity: 0.5; cursor: not-allowed; }
.approval .popup { margin-top: 8px; width: 100%; background: transparent; color: var(--accent); border: 1px solid var(--accent); }
.approval dd.warning { color: var(--danger); font-weight: 600; }
.approval dd.warning::before { content: "⚠ "; }
.approval .passkey-text { flex: 1 1 auto; margin: 0 0 16px; font-size: 14px; line-height: 1.4; }
`

/** JSON that is safe inside a <script> element: no `<`, `>`, `&` or line separators that could end or confuse it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * The social callback page template (served by the secure site at the end of `/auth/callback/:provider`). The server
 * inserts `<script type="application/json" id="portico-social-callback">{targetOrigin, message}</script>` before
 * `</head>`; `/social/callback.js` (a module script, so it runs after parsing) posts `message` to `window.opener`
 * with exactly `targetOrigin` and closes the popup.
 */
export const SOCIAL_CALLBACK_TEMPLATE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>Signing in…</title>
<link rel="stylesheet" href="/frame.css">
<script type="module" src="/social/callback.js"></script>
</head>
<body>
<p id="portico-social-status" role="status">Finishing sign-in…</p>
</body>
</html>
`

/** The template with `data` inserted the way the server does it (tests and servers without their own insertion). */
export function renderSocialCallbackPage(data: SocialCallbackPageData): string {
  const dataScript = `<script type="application/json" id="portico-social-callback">${scriptJson(data)}</script>`
  return SOCIAL_CALLBACK_TEMPLATE.replace('</head>', `${dataScript}</head>`)
}
