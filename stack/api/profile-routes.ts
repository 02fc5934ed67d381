import type { FastifyInstance, FastifyReply } from 'fastify'
import { verifyMessage, type Hex } from 'viem'
import { loadNameNormalizer, nameRuleProblem, parseRegistrationMessage } from 'portico/plugins/names'
import type { ApiDb } from './db.ts'
import { COMMON_QUERY, EVM_ADDRESS_PATTERN } from './http.ts'

/**
 * SPEC §7 profile calls, the local stand-in for the hosted name service:
 *   GET  /v1/profile/suggestions/{name}?zone=  -> { suggestions: [{ name, registered }] }
 *   POST /v1/profile/account  { coin_type, address, message, signature }  -> the profile
 *   GET  /v1/profile/account/{name}            -> the profile, 404 when not registered
 *   GET  /v1/profile/reverse/{address}         -> the profiles of an address (a list, maybe empty)
 * A profile is `{ name, registered, updated, addresses: { <coin_type>: { address, created } }, attributes }` (the
 * hosted service's apiVersion 2 shape). A refusal is 4xx `{ error, reasons: [{ field, description }] }`: clients
 * show `reasons[0].description` (SPEC §8 "The API reason description is preferred").
 *
 * Registration: the message is the JSON `{ name, attributes, timestamp }` the wallet signed; the name must be
 * ENSIP-15 normalized, in a served zone, with a label passing the SPEC §5 rule; the timestamp within
 * PROFILE_MESSAGE_MAX_AGE_MS of now; the signature recovers to `address` (viem verifyMessage, EOA). One name per
 * address per zone; names unique (they are stored normalized).
 */

/** Zones served when the host names none: the SPEC §1 suffixes' zones and the local stack's own. */
export const DEFAULT_NAME_ZONES = ['reown.id', 'wcn.id', 'portico.test'] as const
/** A registration message older (or further in the future) than this is refused. */
export const PROFILE_MESSAGE_MAX_AGE_MS = 10 * 60_000
/** How many suggestions besides the name asked for. */
const EXTRA_SUGGESTIONS = 4
const MAX_NAME_LENGTH = 255
const MAX_MESSAGE_LENGTH = 2048
const SIGNATURE_PATTERN = '^0x[0-9a-fA-F]{130,}$'
const ETHER_COIN_TYPE = 60
const EVM_COIN_TYPE_FLAG = 0x80000000

export type ProfileOptions = { db: ApiDb; zones: readonly string[]; now: () => number }

type ProfileRow = { name: string; zone: string; address: string; coin_type: number; attributes: Record<string, string>; created_ms: number }

export type Profile = {
  name: string
  registered: number
  updated: number
  addresses: Record<string, { address: string; created: number }>
  attributes: Record<string, string>
}

const toProfile = (r: ProfileRow): Profile => {
  const created = Math.floor(Number(r.created_ms) / 1000)
  return {
    name: r.name,
    registered: created,
    updated: created,
    addresses: { [String(r.coin_type)]: { address: r.address, created } },
    attributes: r.attributes ?? {},
  }
}

const refuse = (reply: FastifyReply, status: number, field: string, description: string): FastifyReply =>
  reply.code(status).send({ error: description, reasons: [{ field, description }] })

/** The zone of `name` among `zones` (the longest match) and its label, or undefined. */
function splitName(name: string, zones: readonly string[]): { label: string; zone: string } | undefined {
  const zone = [...zones].sort((a, b) => b.length - a.length).find((z) => name.endsWith(`.${z}`) && name.length > z.length + 1)
  return zone ? { label: name.slice(0, -(zone.length + 1)), zone } : undefined
}

/** ENSIP-11: 60 (Ether) or 0x80000000 | chainId for an EVM chain id below 2^31. */
const isEvmCoinType = (c: number): boolean => c === ETHER_COIN_TYPE || (c >= EVM_COIN_TYPE_FLAG && c <= 0xffffffff)

const nameParams = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH } } } as const
const query = (extra: Record<string, object>, required: string[] = []) => ({ ...COMMON_QUERY, required, properties: { ...COMMON_QUERY.properties, ...extra } })

export async function registerProfileRoutes(app: FastifyInstance, o: ProfileOptions): Promise<void> {
  // ENSIP-15 normalisation is the names plugin's lazy part (its entry loads it on demand, as a host does).
  const { isNormalizedName, normalizeName, normalizeZone } = await loadNameNormalizer()
  const zones = o.zones.map(normalizeZone)
  const select = 'select name, zone, address, coin_type, attributes, created_ms from profile_names'

  app.get<{ Params: { name: string }; Querystring: { zone: string } }>(
    '/v1/profile/suggestions/:name',
    { schema: { params: nameParams, querystring: query({ zone: { type: 'string', minLength: 1, maxLength: 100 } }, ['zone']) } },
    async (req, reply) => {
      let zone: string
      try {
        zone = normalizeZone(req.query.zone)
      } catch {
        return refuse(reply, 400, 'zone', 'Unknown zone')
      }
      if (!zones.includes(zone)) return refuse(reply, 400, 'zone', `Unknown zone: this server serves ${zones.join(', ')}`)
      const typed = req.params.name.endsWith(`.${zone}`) ? req.params.name.slice(0, -(zone.length + 1)) : req.params.name
      const problem = nameRuleProblem(typed)
      if (problem) return refuse(reply, 400, 'name', problem)
      let label: string
      try {
        label = normalizeName(typed)
      } catch (error) {
        return refuse(reply, 400, 'name', `The name cannot be normalized: ${(error as Error).message}`)
      }
      const candidates = [label, ...Array.from({ length: EXTRA_SUGGESTIONS * 3 }, (_, i) => `${label}${i + 1}`)].map((l) => `${l}.${zone}`)
      const taken = new Set(
        (await o.db.query<{ name: string }>('select name from profile_names where name = any($1::text[])', [candidates])).rows.map((r) => r.name),
      )
      const [exact, ...rest] = candidates
      const free = rest.filter((n) => !taken.has(n)).slice(0, EXTRA_SUGGESTIONS)
      return { suggestions: [{ name: exact!, registered: taken.has(exact!) }, ...free.map((name) => ({ name, registered: false }))] }
    },
  )

  app.get<{ Params: { name: string } }>(
    '/v1/profile/account/:name',
    { schema: { params: nameParams, querystring: query({ apiVersion: { type: 'string', maxLength: 4 } }) } },
    async (req, reply) => {
      let name: string
      try {
        name = normalizeName(req.params.name)
      } catch (error) {
        return refuse(reply, 400, 'name', `The name cannot be normalized: ${(error as Error).message}`)
      }
      const row = (await o.db.query<ProfileRow>(`${select} where name = $1`, [name])).rows[0]
      if (!row) return refuse(reply, 404, 'name', 'Name not found')
      return toProfile(row)
    },
  )

  app.get<{ Params: { address: string } }>(
    '/v1/profile/reverse/:address',
    {
      schema: {
        params: { type: 'object', required: ['address'], properties: { address: { type: 'string', pattern: EVM_ADDRESS_PATTERN } } },
        querystring: query({ sender: { type: 'string', maxLength: 100 }, apiVersion: { type: 'string', maxLength: 4 } }),
      },
    },
    async (req) => {
      const rows = (await o.db.query<ProfileRow>(`${select} where address = $1 order by created_ms, name`, [req.params.address.toLowerCase()])).rows
      return rows.map(toProfile)
    },
  )

  app.post<{ Body: { coin_type: number; address: string; message: string; signature: string } }>(
    '/v1/profile/account',
    {
      schema: {
        querystring: COMMON_QUERY,
        body: {
          type: 'object',
          required: ['coin_type', 'address', 'message', 'signature'],
          properties: {
            coin_type: { type: 'integer', minimum: 0, maximum: 0xffffffff },
            address: { type: 'string', pattern: EVM_ADDRESS_PATTERN },
            message: { type: 'string', minLength: 1, maxLength: MAX_MESSAGE_LENGTH },
            signature: { type: 'string', pattern: SIGNATURE_PATTERN, maxLength: 4096 },
            projectId: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (req, reply) => {
      const { coin_type: coinType, address, message, signature } = req.body
      if (!isEvmCoinType(coinType)) return refuse(reply, 400, 'coin_type', 'coin_type must be 60 or an ENSIP-11 EVM coin type')
      let parsed: ReturnType<typeof parseRegistrationMessage>
      try {
        parsed = parseRegistrationMessage(message)
      } catch (error) {
        return refuse(reply, 400, 'message', (error as Error).message)
      }
      if (!isNormalizedName(parsed.name)) return refuse(reply, 400, 'name', 'The name is not normalized (ENSIP-15)')
      const parts = splitName(parsed.name, zones)
      if (!parts) return refuse(reply, 400, 'name', `The name must end with .${zones.join(' or .')}`)
      const problem = nameRuleProblem(parts.label)
      if (problem) return refuse(reply, 400, 'name', problem)
      const now = o.now()
      if (Math.abs(now - parsed.timestamp * 1000) > PROFILE_MESSAGE_MAX_AGE_MS) return refuse(reply, 400, 'message', 'The message timestamp is too old or in the future')
      let valid = false
      try {
        valid = await verifyMessage({ address: address as Hex, message, signature: signature as Hex })
      } catch {
        valid = false
      }
      if (!valid) return refuse(reply, 401, 'signature', 'The signature does not match the address')
      const owner = address.toLowerCase()
      const outcome = await o.db.transaction(async (tx) => {
        // Serialises registrations: the checks below and the insert see one state.
        await tx.query('lock table profile_names in share row exclusive mode')
        const byName = (await tx.query<ProfileRow>(`${select} where name = $1`, [parsed.name])).rows[0]
        if (byName) return { conflict: 'name' as const }
        const byAddress = (await tx.query<ProfileRow>(`${select} where address = $1 and zone = $2`, [owner, parts.zone])).rows[0]
        if (byAddress) return { conflict: 'address' as const, name: byAddress.name }
        await tx.query(
          `insert into profile_names (name, zone, label, address, coin_type, attributes, message, signature, created_ms)
           values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)`,
          [parsed.name, parts.zone, parts.label, owner, coinType, JSON.stringify(parsed.attributes), message, signature, now],
        )
        return { row: (await tx.query<ProfileRow>(`${select} where name = $1`, [parsed.name])).rows[0]! }
      })
      if ('conflict' in outcome) {
        return outcome.conflict === 'name'
          ? refuse(reply, 409, 'name', 'This name is already registered')
          : refuse(reply, 409, 'address', `This address already has a name in .${parts.zone}: ${outcome.name}`)
      }
      return toProfile(outcome.row)
    },
  )
}
