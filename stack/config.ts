/**
 * The configuration file of `portico-stack --config <file>` (issue 27 item 2): JSON naming the services to start and
 * their settings. Any string value written `env:NAME` is read from the environment variable NAME (secrets stay out of
 * the file); a missing variable is an error naming it. Unknown keys and wrong types are errors naming the key.
 * docs/SELF-HOSTING.md documents every key.
 */
import { readFileSync } from 'node:fs'
import { trustProxyFn } from './trust-proxy.ts'

/** `true` (one proxy), a hop count, or the proxies' addresses/CIDRs: stack/trust-proxy.ts. */
export type TrustProxy = boolean | string | string[] | number

export type StackConfig = {
  /** Production mode (as `--production` or NODE_ENV=production): refuse every dev default. */
  production?: boolean
  /** Behind a reverse proxy: trust its X-Forwarded-For for client addresses (rate-limit keys). Default false. */
  trustProxy?: TrustProxy
  /** PostgreSQL for the services that keep durable state (API; the secure site with its PostgreSQL storage). */
  databaseUrl?: string
  /** Redis for the relay's messages (and the secure site's short-lived state with its Redis storage). */
  redisUrl?: string
  services: {
    relay?: {
      port?: number
      host?: string
      redisUrl?: string
      redisPrefix?: string
      maxConnectionsPerIp?: number
      verifyOrigins?: string[]
    }
    api?: {
      port?: number
      host?: string
      publicUrl?: string
      databaseUrl?: string
      dataDir?: string
      allowedOrigins?: string[]
      projectIds?: string[]
      adminToken?: string
      onrampProviderPage?: boolean
      chains?: Array<{ chainId: number; name: string; rpcUrl: string }>
    }
    secureSite?: {
      port?: number
      host?: string
      publicUrl?: string
      projectIds?: string[]
      /** The API server's allowlist (default: the `api` service of this file when it is started). */
      apiUrl?: string
      allowedOrigins?: string[]
      smtp?: { host: string; port: number; secure?: boolean; requireTLS?: boolean; user?: string; pass?: string; from?: string; ca?: string }
      oidc?: { issuers: Record<string, string>; clientId?: string; clientSecret?: string }
      masterKey?: string
      dataDir?: string
      databaseUrl?: string
      redisUrl?: string
      evmRpcUrls?: Record<string, string>
      solanaRpcUrl?: string
      bundlerUrl?: string
      /** The chain ids where smart accounts are offered (each needs contracts, a bundler and an RPC URL). */
      smartAccountChainIds?: number[]
      /**
       * The ERC-4337 contracts per chain id (default: the `chain` service's deployment, for the chain ids in
       * `smartAccountChainIds`). `bundlerUrl` defaults to the `bundler` service of this file.
       */
      smartAccountContracts?: Record<string, { entryPoint: string; porticoAccountFactory: string }>
      sessionsApiUrl?: string
      farcasterRelayUrl?: string
      farcasterRpcUrl?: string
      /** Sponsored gas: the ERC-7677 sponsor service (default: the `sponsor` service of this file when it is started). */
      sponsorUrl?: string
      paymasterOrigins?: string[]
      /**
       * EIP-7702 upgrades of the EOA (docs/EIP-7702.md): the delegate per chain id (default: the `chain` service's
       * PorticoDelegate on each dev chain). Sponsored by `sponsorUrl`'s rule (`<sponsorUrl>/<projectId>`).
       */
      eip7702?: { delegates?: Record<string, string> }
    }
    mail?: { smtpPort?: number; httpPort?: number }
    oidc?: { port?: number }
    chain?: Record<string, never>
    solana?: { port?: number }
    bitcoin?: { port?: number }
    cosmos?: { port?: number }
    polkadot?: { port?: number }
    bundler?: { port?: number; rpcUrl?: string; entryPoint?: string; executorPrivateKey?: string }
    farcaster?: { port?: number; rpcUrl?: string }
    /**
     * The ERC-7677 sponsor service (stack/sponsor). `paymasters`: `<chainId>:<entryPoint>:<paymaster>` each (default:
     * the `chain` service's dev deployment); `policyFile` (default: the dev policy of `project`, `portico-demo`).
     */
    sponsor?: { port?: number; policyFile?: string; signerPrivateKey?: string; paymasters?: string[]; project?: string }
  }
}

export type ServiceName = keyof StackConfig['services']
/** Start order: chains first (others read them), then mail and OpenID, the relay, the API, the secure site. */
export const SERVICE_NAMES: readonly ServiceName[] = ['chain', 'solana', 'bitcoin', 'cosmos', 'polkadot', 'mail', 'oidc', 'relay', 'api', 'bundler', 'sponsor', 'farcaster', 'secureSite']

/** A mistake in the configuration: the message names the key (`services.api.port`) and what it wants. */
export class ConfigError extends Error {}

type Shape = 'string' | 'number' | 'boolean' | 'string[]' | 'number[]' | 'trustProxy' | 'record' | 'chains' | 'accountContracts' | { [key: string]: Shape }

const port: Shape = 'number'
const SHAPE: { [key: string]: Shape } = {
  production: 'boolean',
  trustProxy: 'trustProxy',
  databaseUrl: 'string',
  redisUrl: 'string',
  services: {
    relay: { port, host: 'string', redisUrl: 'string', redisPrefix: 'string', maxConnectionsPerIp: 'number', verifyOrigins: 'string[]' },
    api: {
      port,
      host: 'string',
      publicUrl: 'string',
      databaseUrl: 'string',
      dataDir: 'string',
      allowedOrigins: 'string[]',
      projectIds: 'string[]',
      adminToken: 'string',
      onrampProviderPage: 'boolean',
      chains: 'chains',
    },
    secureSite: {
      port,
      host: 'string',
      publicUrl: 'string',
      projectIds: 'string[]',
      apiUrl: 'string',
      allowedOrigins: 'string[]',
      smtp: { host: 'string', port: 'number', secure: 'boolean', requireTLS: 'boolean', user: 'string', pass: 'string', from: 'string', ca: 'string' },
      oidc: { issuers: 'record', clientId: 'string', clientSecret: 'string' },
      masterKey: 'string',
      dataDir: 'string',
      databaseUrl: 'string',
      redisUrl: 'string',
      evmRpcUrls: 'record',
      solanaRpcUrl: 'string',
      bundlerUrl: 'string',
      smartAccountChainIds: 'number[]',
      smartAccountContracts: 'accountContracts',
      sessionsApiUrl: 'string',
      farcasterRelayUrl: 'string',
      farcasterRpcUrl: 'string',
      sponsorUrl: 'string',
      paymasterOrigins: 'string[]',
      eip7702: { delegates: 'record' },
    },
    mail: { smtpPort: 'number', httpPort: 'number' },
    oidc: { port },
    chain: {},
    solana: { port },
    bitcoin: { port },
    cosmos: { port },
    polkadot: { port },
    bundler: { port, rpcUrl: 'string', entryPoint: 'string', executorPrivateKey: 'string' },
    farcaster: { port, rpcUrl: 'string' },
    sponsor: { port, policyFile: 'string', signerPrivateKey: 'string', paymasters: 'string[]', project: 'string' },
  },
}

type Env = Readonly<Record<string, string | undefined>>

function expand(value: unknown, path: string, env: Env): unknown {
  if (typeof value !== 'string' || !value.startsWith('env:')) return value
  const name = value.slice(4)
  const v = env[name]
  if (v === undefined || v === '') throw new ConfigError(`${path}: the environment variable ${name} is not set`)
  return v
}

function check(value: unknown, shape: Shape, path: string, env: Env): unknown {
  const want = (what: string) => new ConfigError(`${path} wants ${what}, got ${JSON.stringify(value)}`)
  if (typeof shape === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw want('an object')
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      const sub = shape[k]
      if (!sub) throw new ConfigError(`${path ? `${path}.` : ''}${k} is not a setting${path ? ` of ${path}` : ''} (see docs/SELF-HOSTING.md)`)
      out[k] = check(v, sub, path ? `${path}.${k}` : k, env)
    }
    return out
  }
  const v = expand(value, path, env)
  switch (shape) {
    case 'string':
      if (typeof v !== 'string' || v === '') throw want('a non-empty string')
      return v
    case 'number':
      if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v)
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw want('a whole number')
      return v
    case 'boolean':
      if (typeof v !== 'boolean') throw want('true or false')
      return v
    case 'string[]':
      if (!Array.isArray(v)) throw want('an array of strings')
      return v.map((x, i) => check(x, 'string', `${path}[${i}]`, env))
    case 'number[]':
      if (!Array.isArray(v)) throw want('an array of whole numbers')
      return v.map((x, i) => check(x, 'number', `${path}[${i}]`, env))
    case 'record':
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw want('an object of strings')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, check(x, 'string', `${path}.${k}`, env)]))
    case 'accountContracts':
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw want('an object of chain id -> { entryPoint, porticoAccountFactory }')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, check(x, { entryPoint: 'string', porticoAccountFactory: 'string' }, `${path}.${k}`, env)]))
    case 'chains':
      if (!Array.isArray(v)) throw want('an array of { chainId, name, rpcUrl }')
      return v.map((x, i) => check(x, { chainId: 'number', name: 'string', rpcUrl: 'string' }, `${path}[${i}]`, env))
    case 'trustProxy': {
      if (typeof v === 'boolean') return v
      if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v
      if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v)
      // Addresses/CIDRs (a list, or one string separated by commas): checked as the services will read them.
      const addresses = typeof v === 'string' ? v : Array.isArray(v) ? v.map((x, i) => check(x, 'string', `${path}[${i}]`, env) as string) : undefined
      if (addresses === undefined) throw want('true, false, a hop count, or proxy addresses/CIDRs')
      try {
        trustProxyFn(addresses, path)
      } catch (error) {
        throw new ConfigError((error as Error).message)
      }
      return addresses
    }
  }
}

/** Validates a parsed configuration (and expands its `env:NAME` values). */
export function parseStackConfig(raw: unknown, env: Env = process.env): StackConfig {
  const config = check(raw, SHAPE, '', env) as StackConfig
  if (!config.services || Object.keys(config.services).length === 0) throw new ConfigError('services is missing: name at least one service to start')
  return config
}

/** Reads and validates a configuration file. */
export function loadStackConfig(file: string, env: Env = process.env): StackConfig {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    throw new ConfigError(`--config ${file}: ${(e as Error).message}`)
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    throw new ConfigError(`--config ${file}: not JSON: ${(e as Error).message}`)
  }
  return parseStackConfig(raw, env)
}
