import { describe, expect, it } from 'vitest'
import { renderSocialCallbackPage } from './page.ts'
import { exactOrigin } from './origin.ts'
import { toSocialMessage } from './social-message.ts'

describe('social callback page', () => {
  it('embeds the data as inert JSON that cannot close the script element', () => {
    const html = renderSocialCallbackPage({
      targetOrigin: 'http://127.0.0.1:5173',
      message: { type: 'SOCIAL_ERROR', payload: { message: '</script><script>alert(1)</script>', state: 'a&b' } },
    })
    const m = /<script type="application\/json" id="portico-social-callback">(.*?)<\/script>/s.exec(html)
    expect(m).not.toBeNull()
    expect(m![1]).not.toContain('<')
    expect(JSON.parse(m![1]!)).toEqual({
      targetOrigin: 'http://127.0.0.1:5173',
      message: { type: 'SOCIAL_ERROR', payload: { message: '</script><script>alert(1)</script>', state: 'a&b' } },
    })
    expect(html).toContain('<script type="module" src="/social/callback.js"></script>')
    expect(html.match(/<script/g)).toHaveLength(2)
  })

  it('posts only well-formed SOCIAL_RESULT / SOCIAL_ERROR messages', () => {
    expect(toSocialMessage({ type: 'SOCIAL_RESULT', payload: { code: 'c1', state: 's1' } })).toEqual({ type: 'SOCIAL_RESULT', payload: { code: 'c1', state: 's1' } })
    expect(toSocialMessage({ type: 'SOCIAL_ERROR', payload: { message: 'Failed to connect' } })).toEqual({ type: 'SOCIAL_ERROR', payload: { message: 'Failed to connect' } })
    expect(toSocialMessage({ type: 'SOCIAL_RESULT', payload: { code: '' } })).toBeUndefined()
    expect(toSocialMessage({ type: 'portico:social-result', ok: true, code: 'c1' })).toBeUndefined()
  })

  it('accepts only an exact http(s) origin as the target', () => {
    expect(exactOrigin('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173')
    expect(exactOrigin('https://app.example.com')).toBe('https://app.example.com')
    for (const bad of ['*', 'http://127.0.0.1:5173/', 'http://127.0.0.1:5173/path', 'null', 'javascript:alert(1)', 'HTTP://127.0.0.1:5173', '', null, undefined]) {
      expect(exactOrigin(bad)).toBeUndefined()
    }
  })
})
