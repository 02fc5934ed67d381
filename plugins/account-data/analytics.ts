import type { AnalyticsClient, AnalyticsEventName } from './clients/index.ts'
import type { Disposable, EventBus } from 'portico/plugin'
import type { ConnectorController } from 'portico'

export interface AnalyticsControllerDeps {
  events: EventBus
  client: Pick<AnalyticsClient, 'track' | 'sendError'>
  connectors: Pick<ConnectorController, 'get'>
}

/**
 * Wires the kernel's events to SPEC §7 analytics: 'connection:connected' sends CONNECT_SUCCESS,
 * 'network:switched' SWITCH_NETWORK, 'error' an error report (capped by the client). Plugins send SEND_INITIATED,
 * SEND_SUCCESS and SET_PREFERRED_ACCOUNT_TYPE through `track`. The client decides whether anything leaves.
 */
export class AnalyticsController implements Disposable {
  private readonly subscriptions: Disposable[]

  constructor(private readonly deps: AnalyticsControllerDeps) {
    this.subscriptions = [
      deps.events.on('connection:connected', ({ namespace, connectorId }) => {
        const connector = deps.connectors.get(connectorId)
        void this.track('CONNECT_SUCCESS', { method: methodOf(connector?.type), name: connector?.name ?? connectorId, namespace })
      }),
      deps.events.on('network:switched', ({ caipNetworkId }) => void this.track('SWITCH_NETWORK', { network: caipNetworkId })),
      deps.events.on('error', ({ source, error }) => void deps.client.sendError(error, source)),
    ]
  }

  /** Sends a SPEC §7 event; resolves whether it was accepted. */
  track(event: AnalyticsEventName, properties?: Record<string, unknown>): Promise<boolean> {
    return this.deps.client.track(event, properties)
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose()
  }
}

function methodOf(type: string | undefined): string {
  if (type === 'MULTI_CHAIN') return 'qrcode'
  if (type === 'AUTH') return 'email'
  return 'browser'
}
