import type { RelayOptions } from './index.ts'
import { parseTrustProxyFlag } from '../trust-proxy.ts'
import { isExactOrigin } from './verify-server.ts'

/** What `npm run stack:relay -- …` accepts: the start options plus `verbose` (log connections to stdout). */
export type RelayCliOptions = RelayOptions & { port: number; verbose?: true }

type NumericOption =
  | 'port'
  | 'maxMessageBytes'
  | 'maxBatchTopics'
  | 'maxFetchMessages'
  | 'maxFetchBytes'
  | 'maxSubscriptionsPerClient'
  | 'maxPublishRate'
  | 'maxStoredBytesPerClient'
  | 'maxTopicMessages'
  | 'maxTopicBytes'
  | 'maxConnectionsPerIp'
  | 'maxBufferedBytes'
  | 'pingIntervalMs'

/** Flag -> option, each a non-negative integer. Documented in docs/SELF-HOSTING.md. */
const NUMERIC_FLAGS: Record<string, NumericOption> = {
  '--port': 'port',
  '--max-message-bytes': 'maxMessageBytes',
  '--max-batch-topics': 'maxBatchTopics',
  '--max-fetch-messages': 'maxFetchMessages',
  '--max-fetch-bytes': 'maxFetchBytes',
  '--max-subscriptions-per-client': 'maxSubscriptionsPerClient',
  '--max-publish-rate': 'maxPublishRate',
  '--max-stored-bytes-per-client': 'maxStoredBytesPerClient',
  '--max-topic-messages': 'maxTopicMessages',
  '--max-topic-bytes': 'maxTopicBytes',
  '--max-connections-per-ip': 'maxConnectionsPerIp',
  '--max-buffered-bytes': 'maxBufferedBytes',
  '--ping-interval-ms': 'pingIntervalMs',
}

/**
 * Parses the relay's command line; throws an Error naming the flag on anything it does not understand. `env` may
 * carry RELAY_REDIS_URL instead of --redis (a URL with a password is better not shown in the process list).
 */
export function parseRelayFlags(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): RelayCliOptions {
  const opts: RelayCliOptions = { port: 8787 }
  if (env.RELAY_REDIS_URL) opts.redis = checkRedisUrl(env.RELAY_REDIS_URL, 'RELAY_REDIS_URL')
  const valueOf = (flag: string, i: number): string => {
    const value = argv[i + 1]
    if (value === undefined || value.startsWith('--')) throw new Error(`relay: ${flag} needs a value`)
    return value
  }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!
    const numeric = NUMERIC_FLAGS[flag]
    if (numeric) {
      const raw = valueOf(flag, i++)
      const value = Number(raw)
      if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || (numeric === 'port' && value > 65535)) {
        throw new Error(`relay: ${flag} needs a non-negative whole number, got ${raw}`)
      }
      opts[numeric] = value
      continue
    }
    switch (flag) {
      case '--verbose':
        opts.verbose = true
        break
      case '--host':
        opts.host = valueOf(flag, i++)
        break
      case '--redis':
        opts.redis = checkRedisUrl(valueOf(flag, i++), flag)
        break
      case '--trust-proxy': {
        // A hop count, or the proxies' addresses/CIDRs separated by commas (the API's and secure site's flag too).
        opts.trustProxy = parseTrustProxyFlag(valueOf(flag, i++), `relay: ${flag}`)
        break
      }
      case '--redis-prefix':
        opts.redisPrefix = valueOf(flag, i++)
        break
      case '--verify-origin': {
        const origin = valueOf(flag, i++)
        if (!isExactOrigin(origin)) throw new Error(`relay: --verify-origin needs an origin like https://app.example, got ${origin}`)
        opts.verifyOrigins = [...(opts.verifyOrigins ?? []), origin]
        break
      }
      default:
        throw new Error(`relay: unknown flag ${flag} (see docs/SELF-HOSTING.md)`)
    }
  }
  return opts
}

function checkRedisUrl(url: string, name: string): string {
  if (!/^rediss?:\/\/[^\s]+$/.test(url)) throw new Error(`relay: ${name} needs a redis:// or rediss:// URL`)
  return url
}
