import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/** The statements one connection (or one open transaction) runs. */
export type ApiDbQueries = {
  query<T = Record<string, any>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

/**
 * The API server's database: PGlite (embedded, one process per data directory) or a PostgreSQL server (any number
 * of API servers). Both speak the same SQL and return int8 as a number (a bigint beyond 2^53), timestamptz as a
 * Date, jsonb parsed and text[] as arrays.
 */
export type ApiDb = ApiDbQueries & {
  readonly backend: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: ApiDbQueries) => Promise<T>): Promise<T>
}

export type ApiDbLocation = { dataDir: string; databaseUrl?: undefined } | { databaseUrl: string; dataDir?: undefined }

/** Serialises schema changes and seeding between API servers starting on one PostgreSQL database. */
const STARTUP_LOCK_KEY = 0x706f_7274 // "port"

/**
 * Schema versions, applied in order at start. Append a new entry to change the schema; never edit a shipped one,
 * because a data directory from an earlier run has already applied it.
 */
const MIGRATIONS: ReadonlyArray<{ version: number; sql: string }> = [
  {
    version: 1,
    sql: `
      create table meta (key text primary key, value text not null);

      create table wallets (
        position int primary key,
        id text not null unique,
        name text not null,
        rdns text,
        image_id text not null,
        chains text[] not null,
        mobile_link text,
        desktop_link text,
        webapp_link text,
        homepage text,
        badge_type text not null default 'none'
      );
      create index wallets_chains on wallets using gin (chains);

      create table names (
        address text primary key,
        name text not null,
        avatar text
      );

      create table analytics_events (
        id bigserial primary key,
        event_id text not null,
        project_id text,
        url text,
        domain text,
        timestamp double precision,
        props jsonb not null,
        received_at timestamptz not null default now()
      );

      create table index_state (
        chain_id int primary key,
        last_block bigint not null,
        last_hash text not null,
        updated_at timestamptz not null default now()
      );

      create table tokens (
        chain_id int not null,
        address text not null,
        kind text not null,
        name text not null,
        symbol text not null,
        decimals int not null,
        is_spam boolean not null default false,
        primary key (chain_id, address)
      );

      create table chain_txs (
        chain_id int not null,
        hash text not null,
        block_number bigint not null,
        tx_index int not null,
        ts bigint not null,
        from_addr text not null,
        to_addr text,
        nonce bigint not null,
        status text not null,
        has_approval boolean not null default false,
        primary key (chain_id, hash)
      );
      create index chain_txs_from on chain_txs (from_addr);
      create index chain_txs_order on chain_txs (ts desc, chain_id desc, block_number desc, tx_index desc);

      create table chain_transfers (
        chain_id int not null,
        tx_hash text not null,
        log_index int not null,
        kind text not null,
        token_address text,
        from_addr text not null,
        to_addr text not null,
        amount text not null,
        token_id text,
        primary key (chain_id, tx_hash, log_index)
      );
      create index chain_transfers_from on chain_transfers (from_addr);
      create index chain_transfers_to on chain_transfers (to_addr);
    `,
  },
  {
    // Sign-in (SIWX): single-use nonces and the sessions stored after a verified signature (auth-routes.ts).
    version: 2,
    sql: `
      create table auth_nonces (
        nonce text primary key,
        issued_ms bigint not null,
        expires_ms bigint not null,
        used_ms bigint
      );
      create index auth_nonces_expiry on auth_nonces (expires_ms);

      create table auth_sessions (
        id text primary key,
        caip_address text not null,
        namespace text not null,
        chain_id text not null,
        address text not null,
        domain text not null,
        message text not null,
        signature text not null,
        issued_ms bigint not null,
        expires_ms bigint not null,
        revoked boolean not null default false
      );
      create index auth_sessions_address on auth_sessions (caip_address);
    `,
  },
  {
    // Account names (SPEC §4 name registration, profile-routes.ts): stored ENSIP-15 normalized, unique; one name per
    // address per zone; the signed registration message kept with its signature.
    version: 3,
    sql: `
      create table profile_names (
        name text primary key,
        zone text not null,
        label text not null,
        address text not null,
        coin_type bigint not null,
        attributes jsonb not null default '{}',
        message text not null,
        signature text not null,
        created_ms bigint not null,
        unique (address, zone)
      );
      create index profile_names_address on profile_names (address);
    `,
  },
  {
    // Smart-account sessions (SPEC §7 /v1/sessions, sessions-routes.ts): ERC-7715 grants recorded under the account's
    // CAIP-10 address with the account's signature; a revoke sets revoked_ms.
    version: 4,
    sql: `
      create table smart_sessions (
        pci text primary key,
        caip_address text not null,
        grant_json jsonb not null,
        expiry bigint not null,
        created_ms bigint not null,
        signature text not null,
        revoked_ms bigint
      );
      create index smart_sessions_account on smart_sessions (caip_address, expiry);
    `,
  },
  {
    // Issue 26 item 7: each grant is signed over a one-time server nonce, and a grant message (hash) is recorded once,
    // so a revoked session's public grant and signature cannot be POSTed again.
    version: 5,
    sql: `
      create table smart_session_nonces (
        nonce text primary key,
        caip_address text not null,
        expires_ms bigint not null,
        used_ms bigint
      );
      create index smart_session_nonces_expiry on smart_session_nonces (expires_ms);
      alter table smart_sessions add column grant_hash text;
      create unique index smart_sessions_grant_hash on smart_sessions (grant_hash);
    `,
  },
]

const LOCK_FILE = 'portico-api.lock'

/**
 * Two PGlite instances on one directory corrupt it (each is the whole database server), so a data directory is
 * locked by the process using it. A lock left by a process that no longer runs is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(file, { force: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const pid = Number(readFileSync(file, 'utf8'))
      let alive = false
      try {
        if (Number.isInteger(pid) && pid > 0) alive = process.kill(pid, 0)
      } catch {
        alive = false
      }
      // The same process may hold it: a second server in one test process is as harmful as in another.
      if (alive) throw new Error(`data directory ${dataDir} is in use by process ${pid}; stop that server or pick another --data-dir`)
      rmSync(file, { force: true })
    }
  }
  throw new Error(`could not lock data directory ${dataDir}`)
}

/** Opens the PGlite database in `dataDir` (creating it), locked for this server, with its schema up to date. */
async function openPglite(dataDir: string): Promise<{ db: ApiDb; close(): Promise<void> }> {
  mkdirSync(dataDir, { recursive: true })
  const unlock = lockDataDir(dataDir)
  let pglite: PGlite | undefined
  try {
    pglite = new PGlite(dataDir)
    await pglite.waitReady
    const opened = pglite
    const db: ApiDb = {
      backend: 'pglite',
      query: <T,>(sql: string, params?: unknown[]) => opened.query<T>(sql, params),
      exec: async (sql) => void (await opened.exec(sql)),
      transaction: (fn) =>
        opened.transaction((tx) => fn({ query: <T,>(sql: string, params?: unknown[]) => tx.query<T>(sql, params), exec: async (sql) => void (await tx.exec(sql)) })),
    }
    await migrate(db)
    return {
      db,
      close: async () => {
        try {
          await opened.close()
        } finally {
          unlock()
        }
      },
    }
  } catch (err) {
    await pglite?.close().catch(() => undefined)
    unlock()
    throw err
  }
}

const INT8_OID = 20
/** int8 as PGlite returns it: a number while exact, a bigint beyond (node-postgres would give a string). */
const parseInt8 = (text: string): number | bigint => {
  const n = Number(text)
  return Number.isSafeInteger(n) ? n : BigInt(text)
}
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
}

/** A connection pool on a PostgreSQL server, with the schema brought up to date. */
async function openPostgres(databaseUrl: string, log: (s: string) => void): Promise<{ db: ApiDb; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, types: pgTypes, max: 10, connectionTimeoutMillis: 10_000 })
  // An idle connection the server drops (a restart, a proxy timeout) must not end the process; the pool replaces it.
  pool.on('error', (err) => log(`api: postgres connection error: ${err.message}`))
  const runner = (client: pg.Pool | pg.PoolClient): ApiDbQueries => ({
    query: async <T,>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }),
    exec: async (sql) => void (await client.query(sql)),
  })
  const db: ApiDb = {
    backend: 'postgres',
    ...runner(pool),
    transaction: async (fn) => {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn(runner(client))
        await client.query('commit')
        return result
      } catch (err) {
        await client.query('rollback').catch(() => undefined)
        throw err
      } finally {
        client.release()
      }
    },
  }
  try {
    await migrate(db)
  } catch (err) {
    await pool.end().catch(() => undefined)
    const where = redactDatabaseUrl(databaseUrl)
    throw new Error(`could not open the PostgreSQL database ${where}: ${(err as Error).message}`, { cause: err })
  }
  return { db, close: () => pool.end() }
}

/** The URL without its password, for messages. */
export function redactDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl)
    if (url.password) url.password = '***'
    return url.toString()
  } catch {
    return '(unparsable database URL)'
  }
}

/** Opens the database: PGlite in `dataDir`, or the PostgreSQL server at `databaseUrl`; the schema is brought up to date. */
export async function openApiDb(where: ApiDbLocation, log: (s: string) => void = () => undefined): Promise<{ db: ApiDb; close(): Promise<void> }> {
  if (where.databaseUrl !== undefined && where.dataDir !== undefined) throw new Error('give either dataDir (PGlite) or databaseUrl (PostgreSQL), not both')
  if (where.databaseUrl !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(where.databaseUrl)) throw new Error(`databaseUrl must be a postgres:// URL, got ${redactDatabaseUrl(where.databaseUrl)}`)
    return openPostgres(where.databaseUrl, log)
  }
  if (!where.dataDir) throw new Error('give dataDir (PGlite) or databaseUrl (PostgreSQL)')
  return openPglite(where.dataDir)
}

/** Takes the startup lock for the rest of `tx`: one API server at a time migrates or seeds a shared database. */
export async function lockStartup(tx: ApiDbQueries): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY])
}

/** Applies the missing migrations in one transaction, under the startup lock. */
async function migrate(db: ApiDb): Promise<void> {
  await db.transaction(async (tx) => {
    await lockStartup(tx)
    await tx.exec(`create table if not exists schema_migrations (
      version int primary key,
      applied_at timestamptz not null default now()
    )`)
    const done = await tx.query<{ version: number }>('select version from schema_migrations')
    const applied = new Set(done.rows.map((r) => r.version))
    for (const m of MIGRATIONS) {
      if (applied.has(m.version)) continue
      await tx.exec(m.sql)
      await tx.query('insert into schema_migrations (version) values ($1)', [m.version])
    }
  })
}

export async function readMeta(db: ApiDbQueries, key: string): Promise<string | undefined> {
  const r = await db.query<{ value: string }>('select value from meta where key = $1', [key])
  return r.rows[0]?.value
}

export async function writeMeta(db: ApiDbQueries, key: string, value: string): Promise<void> {
  await db.query(
    'insert into meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value',
    [key, value],
  )
}
