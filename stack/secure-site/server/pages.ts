/**
 * The secure site's HTML: the frame bundle (H6's stack/secure-site/frame, when present), the social callback page and
 * the small server-rendered pages (device approval, errors).
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { SocialCallbackPageData } from './api-types.ts'

export type Asset = { body: string | Uint8Array; type: string }
export type AssetMap = Map<string, Asset>

/** The frame bundle's paths. `/frame` is the frame page; `/auth/callback` (if present) the social callback template. */
export const FRAME_PAGE_PATH = '/frame'
export const CALLBACK_TEMPLATE_PATH = '/auth/callback'

/**
 * Loads H6's bundle through `stack/secure-site/frame/build.ts` (`buildFrame(): Promise<Map<path, {body, type}>>`).
 * Until that file exists the frame page is a placeholder.
 */
export async function loadFrameAssets(log: (line: string) => void = () => {}): Promise<AssetMap> {
  // The stack package ships the bundle prebuilt (frame/prebuild.ts at `npm pack`).
  const prebuilt = fileURLToPath(new URL('../frame/dist/assets.json', import.meta.url))
  if (existsSync(prebuilt)) return new Map(Object.entries(JSON.parse(readFileSync(prebuilt, 'utf8')) as Record<string, Asset>))
  const buildFile = fileURLToPath(new URL('../frame/build.ts', import.meta.url))
  if (existsSync(buildFile)) {
    try {
      const mod = (await import(/* @vite-ignore */ buildFile)) as { buildFrame?: () => Promise<AssetMap> }
      if (typeof mod.buildFrame === 'function') return await mod.buildFrame()
    } catch (e) {
      log(`secure site: the frame bundle did not build, serving a placeholder: ${(e as Error).message}`)
    }
  }
  return placeholderAssets()
}

export function placeholderAssets(): AssetMap {
  return new Map([
    [
      FRAME_PAGE_PATH,
      {
        type: 'text/html; charset=utf-8',
        body: page('Portico secure frame', '<p>The secure frame bundle is not built (stack/secure-site/frame/build.ts is missing or failed).</p>'),
      },
    ],
  ])
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** JSON that is safe inside a <script> element (no `</script>`, no HTML comment openers, no line separators). */
export function scriptJson(v: unknown): string {
  return JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

export function page(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style></head><body><main><h1>${escapeHtml(title)}</h1>${bodyHtml}</main></body></html>`
}

/** The frame page's CSP before its frame-ancestors directive: its own script, styles and API only. */
export const FRAME_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; object-src 'none'"

/** Security headers of every server-rendered page (never framed). */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/**
 * The social callback page: H6's template (the data goes in as a JSON script element before `</head>`), or a built-in
 * page whose nonce'd inline script posts the message to `window.opener` with the exact target origin and closes.
 */
export function socialCallbackPage(data: SocialCallbackPageData, assets: AssetMap): { html: string; csp: string } {
  const dataScript = `<script type="application/json" id="portico-social-callback">${scriptJson(data)}</script>`
  const template = assets.get(CALLBACK_TEMPLATE_PATH)
  if (template) {
    const text = typeof template.body === 'string' ? template.body : Buffer.from(template.body).toString('utf8')
    const html = text.includes('</head>') ? text.replace('</head>', `${dataScript}</head>`) : dataScript + text
    return { html, csp: "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" }
  }
  const nonce = randomBytes(16).toString('base64')
  const ok = data.message.type === 'SOCIAL_RESULT'
  const script = `<script nonce="${nonce}">(function(){var d=JSON.parse(document.getElementById('portico-social-callback').textContent);if(window.opener){window.opener.postMessage(d.message,d.targetOrigin)}setTimeout(function(){window.close()},300)})()</script>`
  const html = page(ok ? 'Signed in' : 'Sign-in failed', `<p>${ok ? 'You can close this window.' : 'The sign-in did not complete. Close this window and try again.'}</p>${dataScript}${script}`)
  return { html, csp: `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'` }
}
