/**
 * One way for the stack's services to hold durable state: PGlite (embedded PostgreSQL in a data directory, one
 * process per directory) or a PostgreSQL server by URL (any number of processes). Both speak the same SQL and return
 * int8 as a number (a bigint beyond 2^53), timestamptz as a Date, jsonb parsed and text[] as arrays. Each service
 * brings its own migrations, its own migrations table and its own advisory-lock key, so services may share a database.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/** The statements one connection (or one open transaction) runs. */
export type DbQueries = {
  query<T = Record<string, any>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export type Db = DbQueries & {
  readonly backend: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: DbQueries) => Promise<T>): Promise<T>
}

export type DbLocation = { dataDir: string; databaseUrl?: undefined } | { databaseUrl: string; dataDir?: undefined }

export type Migration = { version: number; sql: string }

export type DbSchema = {
  /** Names the service in messages ("api", "secure site"). */
  service: string
  /** Applied in order at start; append to change the schema, never edit a shipped entry. */
  migrations: ReadonlyArray<Migration>
  /** The table recording applied versions (distinct per service). */
  migrationsTable: string
  /** The advisory lock serialising start-up (migrations, seeding) between processes on one database. */
  startupLockKey: number
  /** The lock file a PGlite data directory gets (distinct per service). */
  lockFile: string
}

export type OpenDb = { db: Db; close(): Promise<void> }

/**
 * Two PGlite instances on one directory corrupt it (each is the whole database server), so a data directory is
 * locked by the process using it. A lock left by a process that no longer runs is taken over.
 */
function lockDataDir(dataDir: string, lockFile: string): () => void {
  const file = join(dataDir, lockFile)
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

async function openPglite(dataDir: string, schema: DbSchema): Promise<OpenDb> {
  mkdirSync(dataDir, { recursive: true })
  const unlock = lockDataDir(dataDir, schema.lockFile)
  let pglite: PGlite | undefined
  try {
    pglite = new PGlite(dataDir)
    await pglite.waitReady
    const opened = pglite
    const db: Db = {
      backend: 'pglite',
      query: <T,>(sql: string, params?: unknown[]) => opened.query<T>(sql, params),
      exec: async (sql) => void (await opened.exec(sql)),
      transaction: (fn) =>
        opened.transaction((tx) => fn({ query: <T,>(sql: string, params?: unknown[]) => tx.query<T>(sql, params), exec: async (sql) => void (await tx.exec(sql)) })),
    }
    await migrate(db, schema)
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

async function openPostgres(databaseUrl: string, schema: DbSchema, log: (s: string) => void): Promise<OpenDb> {
  const pool = new pg.Pool({ connectionString: databaseUrl, types: pgTypes, max: 10, connectionTimeoutMillis: 10_000 })
  // An idle connection the server drops (a restart, a proxy timeout) must not end the process; the pool replaces it.
  pool.on('error', (err) => log(`${schema.service}: postgres connection error: ${err.message}`))
  const runner = (client: pg.Pool | pg.PoolClient): DbQueries => ({
    query: async <T,>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }),
    exec: async (sql) => void (await client.query(sql)),
  })
  const db: Db = {
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
    await migrate(db, schema)
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
export async function openDb(where: DbLocation, schema: DbSchema, log: (s: string) => void = () => undefined): Promise<OpenDb> {
  if (where.databaseUrl !== undefined && where.dataDir !== undefined) throw new Error('give either dataDir (PGlite) or databaseUrl (PostgreSQL), not both')
  if (where.databaseUrl !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(where.databaseUrl)) throw new Error(`databaseUrl must be a postgres:// URL, got ${redactDatabaseUrl(where.databaseUrl)}`)
    return openPostgres(where.databaseUrl, schema, log)
  }
  if (!where.dataDir) throw new Error('give dataDir (PGlite) or databaseUrl (PostgreSQL)')
  return openPglite(where.dataDir, schema)
}

/** Takes a service's startup lock for the rest of `tx`: one process at a time migrates or seeds a shared database. */
export async function lockStartup(tx: DbQueries, schema: Pick<DbSchema, 'startupLockKey'>): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [schema.startupLockKey])
}

/** Applies the missing migrations in one transaction, under the startup lock. */
async function migrate(db: Db, schema: DbSchema): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema.migrationsTable)) throw new Error(`bad migrations table name ${schema.migrationsTable}`)
  await db.transaction(async (tx) => {
    await lockStartup(tx, schema)
    await tx.exec(`create table if not exists ${schema.migrationsTable} (
      version int primary key,
      applied_at timestamptz not null default now()
    )`)
    const done = await tx.query<{ version: number }>(`select version from ${schema.migrationsTable}`)
    const applied = new Set(done.rows.map((r) => r.version))
    for (const m of schema.migrations) {
      if (applied.has(m.version)) continue
      await tx.exec(m.sql)
      await tx.query(`insert into ${schema.migrationsTable} (version) values ($1)`, [m.version])
    }
  })
}
