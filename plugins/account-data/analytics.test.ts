import { describe, expect, it, vi } from 'vitest'
import { ModalEventBus } from 'portico'
import { AnalyticsController } from './analytics.ts'
import { ConnectorController } from 'portico'
import type { Connector } from 'portico'

describe('AnalyticsController', () => {
  it('SPEC §7 CONNECT_SUCCESS and SWITCH_NETWORK from the kernel events; errors as reports', () => {
    const events = new ModalEventBus()
    const connectors = new ConnectorController()
    connectors.register({ id: 'dev', name: 'Portico Dev Wallet', type: 'ANNOUNCED', chain: 'eip155' } as Connector)
    const client = { track: vi.fn(async () => true), sendError: vi.fn(async () => true) }
    const controller = new AnalyticsController({ events, client, connectors })
    events.emit('connection:connected', { namespace: 'eip155', connectorId: 'dev', address: '0x1' })
    events.emit('network:switched', { namespace: 'eip155', caipNetworkId: 'eip155:10' })
    const boom = new Error('boom')
    events.emit('error', { source: 'balance', error: boom })
    void controller.track('SEND_INITIATED', { token: 'USDC' })
    expect(client.track.mock.calls).toEqual([
      ['CONNECT_SUCCESS', { method: 'browser', name: 'Portico Dev Wallet', namespace: 'eip155' }],
      ['SWITCH_NETWORK', { network: 'eip155:10' }],
      ['SEND_INITIATED', { token: 'USDC' }],
    ])
    expect(client.sendError).toHaveBeenCalledWith(boom, 'balance')
    controller.dispose()
    events.emit('network:switched', { namespace: 'eip155', caipNetworkId: 'eip155:1' })
    expect(client.track).toHaveBeenCalledTimes(3)
  })
})
