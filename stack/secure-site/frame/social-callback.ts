/**
 * Script of the social-login callback page. The secure site's server renders that page at the end of
 * `/auth/callback/:provider` with `renderSocialCallbackPage(data)` (page.ts), embedding the exact host origin recorded
 * at `/social/start` and the outcome. This script posts `SOCIAL_RESULT { code }` or `SOCIAL_ERROR { message }` to
 * `window.opener` with that exact target origin (never '*'), then closes the popup.
 */
import type { SocialMessage } from 'portico/plugins/embedded-wallet'
import type { SocialCallbackPageData } from '../server/api-types.ts'
import { toSocialMessage } from './social-message.ts'
import { exactOrigin } from './origin.ts'

function readData(): SocialCallbackPageData | undefined {
  const el = document.getElementById('portico-social-callback')
  if (!el?.textContent) return undefined
  try {
    return JSON.parse(el.textContent) as SocialCallbackPageData
  } catch {
    return undefined
  }
}

function setStatus(text: string) {
  const el = document.getElementById('portico-social-status')
  if (el) el.textContent = text
}

function run() {
  const data = readData()
  const target = exactOrigin(data?.targetOrigin)
  const message: SocialMessage | undefined = data ? toSocialMessage(data.message) : undefined
  if (!data || !target || !message) {
    setStatus('Sign-in could not be completed. You can close this window.')
    return
  }
  if (!window.opener) {
    setStatus('Sign-in finished, but the app window is gone. You can close this window.')
    return
  }
  ;(window.opener as Window).postMessage(message, target)
  setStatus(message.type === 'SOCIAL_RESULT' ? 'Signed in. You can close this window.' : 'Sign-in failed. You can close this window.')
  window.close()
}

run()
