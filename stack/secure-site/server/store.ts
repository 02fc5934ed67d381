/**
 * The secure site's durable state (issue 27 item 3): users (with their sealed wallet keys), sessions and the master-key
 * check, in PostgreSQL: PGlite in `<dataDir>/db` by default (one process), or a PostgreSQL server by URL, which any
 * number of secure-site processes share. Short-lived state (codes, approvals, throttles) is in ephemeral.ts.
 *
 * A user is one row: the whole record as jsonb (sealed keys only, see crypto.ts `seal`) plus the columns it is looked
 * up by, each unique (login email, social provider + subject, Farcaster fid), so two processes creating the same user
 * at once end with one. A data directory of the earlier JSON store (`secure-site.json`) is imported at start.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { openDb, type Db, type DbQueries, type DbSchema } from '../../db/postgres.ts'
import type { AccountType, SocialProvider } from './api-types.ts'

/** The earlier store: one JSON file in the data directory, imported (then renamed `.imported`) at the first start. */
export const STORE_FILE = 'secure-site.json'
/** Where PGlite keeps the database inside the data directory. */
export const DB_DIR = 'db'

export type StoredUser = {
  id: string
  /** The email the user logs in with (email users; changed by email update). Lower case. */
  email?: string
  social?: { provider: SocialProvider; sub: string; userName?: string; email?: string }
  /** Farcaster users (signed in with Farcaster): fid, and the profile the relay reported at the last sign-in. */
  farcaster?: { fid: number; username?: string; displayName?: string; pfpUrl?: string }
  /** The account type the user chose (SET_PREFERRED_ACCOUNT); absent: the host's default, else 'eoa'. */
  preferredAccountType?: AccountType
  /** Device ids that finished an OTP login for this email. */
  devices: string[]
  /** AES-256-GCM sealed private keys (see crypto.ts `seal`, aad `<userId>:<kind>`). */
  sealedKeys: { eip155: string; solana: string }
  addresses: { eip155: string; solana: string }
  createdAt: string
}

/** A WebAuthn credential of a user (issue 28 part 1): what verifying its next assertion needs, and what the list shows. */
export type StoredPasskey = {
  /** The credential id (base64url), unique across users. */
  id: string
  userId: string
  /** The COSE public key, base64url. */
  publicKey: string
  /** The authenticator's signature counter at the last use (0 for authenticators that do not count). */
  counter: number
  transports: string[]
  /** Backup eligible ('multiDevice') or not, and backed up now. */
  deviceType: 'singleDevice' | 'multiDevice'
  backedUp: boolean
  label: string
  /** Milliseconds since the epoch (the site's clock). */
  createdAt: number
  lastUsedAt?: number
}

export type StoredSession = { userId: string; projectId: string; origin: string; exp: number }

/** The whole durable state as one object: the earlier JSON file's format, and what `exportState()` returns. */
export type StoreData = {
  version: 1
  /** A constant sealed with the wallet-keys subkey: a wrong master key fails to open it at start. */
  keyCheck?: string
  users: Record<string, StoredUser>
  sessions: Record<string, StoredSession>
  /** Passkeys by credential id (public keys and counters only; absent in files of the earlier JSON store). */
  passkeys?: Record<string, StoredPasskey>
}

const SCHEMA: DbSchema = {
  service: 'secure site',
  migrationsTable: 'secure_site_migrations',
  startupLockKey: 0x7373_6974, // "ssit"
  lockFile: 'portico-secure-site.lock',
  migrations: [
    {
      version: 1,
      sql: `
        create table secure_site_meta (key text primary key, value text not null);

        create table secure_site_users (
          id text primary key,
          email text unique,
          social_provider text,
          social_sub text,
          fid bigint unique,
          doc jsonb not null,
          created_at timestamptz not null default now()
        );
        create unique index secure_site_users_social on secure_site_users (social_provider, social_sub);

        create table secure_site_sessions (
          sid text primary key,
          user_id text not null references secure_site_users (id) on delete cascade,
          project_id text not null,
          origin text not null,
          exp bigint not null
        );
        create index secure_site_sessions_exp on secure_site_sessions (exp);
      `,
    },
    {
      // Issue 28 part 1: passkeys. Public keys only (nothing secret); a user's passkeys go with the user.
      version: 2,
      sql: `
        create table secure_site_passkeys (
          id text primary key,
          user_id text not null references secure_site_users (id) on delete cascade,
          public_key text not null,
          counter bigint not null,
          transports jsonb not null,
          device_type text not null,
          backed_up boolean not null,
          label text not null,
          created_at bigint not null,
          last_used_at bigint
        );
        create index secure_site_passkeys_user on secure_site_passkeys (user_id);
      `,
    },
  ],
}

/** A unique column of another user already holds the value (a concurrent create, or an email update to a taken one). */
export class UserConflict extends Error {}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505'

function columns(u: StoredUser): unknown[] {
  return [u.email ?? null, u.social?.provider ?? null, u.social?.sub ?? null, u.farcaster?.fid ?? null, JSON.stringify(u)]
}

type PasskeyRow = {
  id: string
  user_id: string
  public_key: string
  counter: number | string
  transports: string[] | string
  device_type: StoredPasskey['deviceType']
  backed_up: boolean
  label: string
  created_at: number | string
  last_used_at: number | string | null
}

/** bigint columns come back as strings from pg and numbers from PGlite; jsonb as parsed values from both (strings tolerated). */
function passkeyOf(r: PasskeyRow): StoredPasskey {
  return {
    id: r.id,
    userId: r.user_id,
    publicKey: r.public_key,
    counter: Number(r.counter),
    transports: typeof r.transports === 'string' ? (JSON.parse(r.transports) as string[]) : r.transports,
    deviceType: r.device_type,
    backedUp: r.backed_up,
    label: r.label,
    createdAt: Number(r.created_at),
    ...(r.last_used_at === null ? {} : { lastUsedAt: Number(r.last_used_at) }),
  }
}

export type SecureStore = Awaited<ReturnType<typeof openSecureStore>>

export type SecureStoreLocation = {
  /** The data directory: PGlite's database (without `databaseUrl`) and an earlier `secure-site.json` to import. */
  dataDir: string
  /** A postgres:// URL: the database several secure-site processes share. */
  databaseUrl?: string
}

export async function openSecureStore(where: SecureStoreLocation, log: (line: string) => void = () => {}) {
  const { db, close } = await openDb(
    where.databaseUrl !== undefined ? { databaseUrl: where.databaseUrl } : { dataDir: join(where.dataDir, DB_DIR) },
    SCHEMA,
    log,
  )
  let lastSweep = 0

  const one = async (q: DbQueries, sql: string, params: unknown[]): Promise<StoredUser | undefined> =>
    (await q.query<{ doc: StoredUser }>(sql, params)).rows[0]?.doc

  const store = {
    backend: db.backend,
    db: db as Db,

    async keyCheck(): Promise<string | undefined> {
      return (await db.query<{ value: string }>("select value from secure_site_meta where key = 'keyCheck'")).rows[0]?.value
    },

    /** Stores the key check unless one is there; returns the stored one (another process may have been first). */
    async initKeyCheck(sealed: string): Promise<string> {
      await db.query("insert into secure_site_meta (key, value) values ('keyCheck', $1) on conflict (key) do nothing", [sealed])
      return (await store.keyCheck())!
    },

    userById: (id: string) => one(db, 'select doc from secure_site_users where id = $1', [id]),
    userByEmail: (email: string) => one(db, 'select doc from secure_site_users where email = $1', [email]),
    userByFid: (fid: number) => one(db, 'select doc from secure_site_users where fid = $1', [fid]),
    userBySocial: (provider: SocialProvider, sub: string) =>
      one(db, 'select doc from secure_site_users where social_provider = $1 and social_sub = $2', [provider, sub]),

    /**
     * Stores a new user. When another process stored one with the same email, social login or fid first, that user
     * is returned instead (this one, with its freshly sealed keys, is dropped).
     */
    async insertUser(u: StoredUser): Promise<StoredUser> {
      const r = await db.query(
        `insert into secure_site_users (id, email, social_provider, social_sub, fid, doc) values ($1, $2, $3, $4, $5, $6)
         on conflict do nothing returning id`,
        [u.id, ...columns(u)],
      )
      if (r.rows.length) return u
      const existing =
        (u.email !== undefined ? await store.userByEmail(u.email) : undefined) ??
        (u.social ? await store.userBySocial(u.social.provider, u.social.sub) : undefined) ??
        (u.farcaster ? await store.userByFid(u.farcaster.fid) : undefined)
      if (!existing) throw new Error('secure site: a new user conflicted with none')
      return existing
    },

    /** Changes one user under a row lock (read, change, write in one transaction); throws UserConflict on a taken email. */
    async updateUser(id: string, change: (u: StoredUser) => void): Promise<StoredUser> {
      try {
        return await db.transaction(async (tx) => {
          const u = await one(tx, 'select doc from secure_site_users where id = $1 for update', [id])
          if (!u) throw new Error(`secure site: no user ${id}`)
          change(u)
          await tx.query('update secure_site_users set email = $1, social_provider = $2, social_sub = $3, fid = $4, doc = $5 where id = $6', [...columns(u), id])
          return u
        })
      } catch (e) {
        if (isUniqueViolation(e)) throw new UserConflict('taken by another user', { cause: e })
        throw e
      }
    },

    async addPasskey(p: StoredPasskey): Promise<void> {
      await db.query(
        `insert into secure_site_passkeys (id, user_id, public_key, counter, transports, device_type, backed_up, label, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [p.id, p.userId, p.publicKey, p.counter, JSON.stringify(p.transports), p.deviceType, p.backedUp, p.label, p.createdAt],
      )
    },

    async passkey(id: string): Promise<StoredPasskey | undefined> {
      return (await db.query<PasskeyRow>('select * from secure_site_passkeys where id = $1', [id])).rows.map(passkeyOf)[0]
    },

    async passkeys(userId: string): Promise<StoredPasskey[]> {
      return (await db.query<PasskeyRow>('select * from secure_site_passkeys where user_id = $1 order by created_at, id', [userId])).rows.map(passkeyOf)
    },

    /**
     * Records a verified use: the new counter, backup state and time. Refused (false) when the stored counter moved
     * meanwhile to the new one or past it (a replayed or cloned assertion racing another instance); authenticators
     * that do not count (0 and 0) are always accepted.
     */
    async usePasskey(id: string, counter: number, backedUp: boolean, at: number): Promise<boolean> {
      const r = await db.query(
        `update secure_site_passkeys set counter = $2, backed_up = $3, last_used_at = $4
         where id = $1 and (counter < $2 or (counter = 0 and $2 = 0)) returning id`,
        [id, counter, backedUp, at],
      )
      return r.rows.length === 1
    },

    /**
     * Removes a user's passkey under the user's row lock, when `allowed(user, passkeysLeftAfter)` says so (the last
     * login method stays). Resolves 'removed', 'not-found' or 'refused'.
     */
    async removePasskey(userId: string, id: string, allowed: (u: StoredUser, left: number) => boolean): Promise<'removed' | 'not-found' | 'refused'> {
      return db.transaction(async (tx) => {
        const u = await one(tx, 'select doc from secure_site_users where id = $1 for update', [userId])
        const mine = await tx.query<{ id: string }>('select id from secure_site_passkeys where user_id = $1', [userId])
        if (!u || !mine.rows.some((r) => r.id === id)) return 'not-found'
        if (!allowed(u, mine.rows.length - 1)) return 'refused'
        await tx.query('delete from secure_site_passkeys where id = $1 and user_id = $2', [id, userId])
        return 'removed'
      })
    },

    async createSession(sid: string, s: StoredSession, nowSec: number): Promise<void> {
      await db.query('insert into secure_site_sessions (sid, user_id, project_id, origin, exp) values ($1, $2, $3, $4, $5)', [sid, s.userId, s.projectId, s.origin, s.exp])
      // Expired sessions go at most once a minute per process (the index on exp keeps it cheap).
      if (nowSec - lastSweep >= 60) {
        lastSweep = nowSec
        await db.query('delete from secure_site_sessions where exp <= $1', [nowSec])
      }
    },

    /** The session and its user, when both exist. */
    async session(sid: string): Promise<{ session: StoredSession; user: StoredUser } | undefined> {
      const r = await db.query<{ user_id: string; project_id: string; origin: string; exp: number; doc: StoredUser }>(
        'select s.user_id, s.project_id, s.origin, s.exp, u.doc from secure_site_sessions s join secure_site_users u on u.id = s.user_id where s.sid = $1',
        [sid],
      )
      const row = r.rows[0]
      return row && { session: { userId: row.user_id, projectId: row.project_id, origin: row.origin, exp: Number(row.exp) }, user: row.doc }
    },

    async deleteSession(sid: string): Promise<void> {
      await db.query('delete from secure_site_sessions where sid = $1', [sid])
    },

    /** Everything, in the earlier JSON file's shape (a backup, and what tests inspect). */
    async exportState(): Promise<StoreData> {
      const users = await db.query<{ id: string; doc: StoredUser }>('select id, doc from secure_site_users order by created_at, id')
      const sessions = await db.query<{ sid: string; user_id: string; project_id: string; origin: string; exp: number }>('select * from secure_site_sessions order by sid')
      const keyCheck = await store.keyCheck()
      const passkeys = (await db.query<PasskeyRow>('select * from secure_site_passkeys order by created_at, id')).rows.map(passkeyOf)
      return {
        version: 1,
        ...(keyCheck ? { keyCheck } : {}),
        users: Object.fromEntries(users.rows.map((r) => [r.id, r.doc])),
        sessions: Object.fromEntries(sessions.rows.map((r) => [r.sid, { userId: r.user_id, projectId: r.project_id, origin: r.origin, exp: Number(r.exp) }])),
        passkeys: Object.fromEntries(passkeys.map((p) => [p.id, p])),
      }
    },

    /**
     * Imports `<dataDir>/secure-site.json` of the earlier store, once: its users and live sessions are added (rows that
     * exist are kept), then the file is renamed `secure-site.json.imported`. `opens` must accept the file's key check
     * (the same master key sealed its keys), else nothing is imported and start fails.
     */
    async importJsonFile(dataDir: string, opens: (keyCheck: string) => boolean): Promise<number> {
      const file = join(dataDir, STORE_FILE)
      if (!existsSync(file)) return 0
      const data = JSON.parse(readFileSync(file, 'utf8')) as StoreData
      if (data.version !== 1) throw new Error(`secure site: unknown store version in ${file}`)
      if (data.keyCheck && !opens(data.keyCheck)) throw new Error(`secure site: the master key does not open the store in ${dataDir}`)
      const users = Object.values(data.users ?? {})
      const nowSec = Math.floor(Date.now() / 1000)
      await db.transaction(async (tx) => {
        if (data.keyCheck) await tx.query("insert into secure_site_meta (key, value) values ('keyCheck', $1) on conflict (key) do nothing", [data.keyCheck])
        for (const u of users)
          await tx.query(
            `insert into secure_site_users (id, email, social_provider, social_sub, fid, doc, created_at) values ($1, $2, $3, $4, $5, $6, $7)
             on conflict do nothing`,
            [u.id, ...columns(u), u.createdAt],
          )
        for (const [sid, s] of Object.entries(data.sessions ?? {}))
          if (s.exp > nowSec)
            await tx.query(
              `insert into secure_site_sessions (sid, user_id, project_id, origin, exp)
               select $1, $2, $3, $4, $5 where exists (select 1 from secure_site_users where id = $2) on conflict do nothing`,
              [sid, s.userId, s.projectId, s.origin, s.exp],
            )
      })
      renameSync(file, `${file}.imported`)
      log(`secure site: imported ${users.length} users from ${file} (renamed ${STORE_FILE}.imported)`)
      return users.length
    },

    close,
  }
  return store
}
