import { describe, expect, it } from 'vitest'
import { alertForServerReply, EmbeddedWalletAlerts } from './alerts.ts'

describe('embedded wallet alerts', () => {
  it('SPEC §8 alert titles are verbatim', () => {
    expect(Object.values(EmbeddedWalletAlerts).map((a) => a.shortMessage).sort()).toEqual(
      [
        'Network Not Found',
        'Invalid App Configuration',
        'Network Error',
        'Embedded Wallet Request Timed Out',
        'Session Expired',
        'Invalid Project ID',
        'Project ID Not Configured',
        'Server Error',
        'Rate Limited',
      ].sort(),
    )
  })

  it('every alert has a unique code and a long message', () => {
    const alerts = Object.values(EmbeddedWalletAlerts)
    expect(new Set(alerts.map((a) => a.code)).size).toBe(alerts.length)
    for (const alert of alerts) expect(alert.longMessage.length).toBeGreaterThan(10)
  })

  it('SPEC §8 maps "Unauthorized: origin not allowed" to Invalid App Configuration', () => {
    expect(alertForServerReply('Unauthorized: origin not allowed')?.shortMessage).toBe('Invalid App Configuration')
  })

  it('SPEC §8 maps the not-yet-valid JWT reply to Session Expired', () => {
    expect(alertForServerReply('JWT validation error: JWT Token is not yet valid')?.shortMessage).toBe('Session Expired')
  })

  it('SPEC §8 maps "Unauthorized: invalid key" to Invalid Project ID', () => {
    expect(alertForServerReply('Unauthorized: invalid key')?.shortMessage).toBe('Invalid Project ID')
  })

  it('SPEC §8 finds the reply inside a wrapping message and ignores unknown replies', () => {
    expect(alertForServerReply('Error: Unauthorized: invalid key')).toBe(EmbeddedWalletAlerts.INVALID_PROJECT_ID)
    expect(alertForServerReply('Unauthorized')).toBeUndefined()
    expect(alertForServerReply('')).toBeUndefined()
  })
})
