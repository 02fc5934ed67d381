import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'

export type ApiDb = PGlite

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

/** Opens (or creates) the database in `dataDir`, locked for this server, and brings its schema up to date. */
export async function openApiDb(dataDir: string): Promise<{ db: ApiDb; close(): Promise<void> }> {
  mkdirSync(dataDir, { recursive: true })
  const unlock = lockDataDir(dataDir)
  let db: ApiDb | undefined
  try {
    db = new PGlite(dataDir)
    await db.waitReady
    await migrate(db)
  } catch (err) {
    await db?.close().catch(() => undefined)
    unlock()
    throw err
  }
  const opened = db
  return {
    db: opened,
    close: async () => {
      try {
        await opened.close()
      } finally {
        unlock()
      }
    },
  }
}

async function migrate(db: ApiDb): Promise<void> {
  await db.exec(`create table if not exists schema_migrations (
    version int primary key,
    applied_at timestamptz not null default now()
  )`)
  const done = await db.query<{ version: number }>('select version from schema_migrations')
  const applied = new Set(done.rows.map((r) => r.version))
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue
    await db.transaction(async (tx) => {
      await tx.exec(m.sql)
      await tx.query('insert into schema_migrations (version) values ($1)', [m.version])
    })
  }
}

export async function readMeta(db: ApiDb, key: string): Promise<string | undefined> {
  const r = await db.query<{ value: string }>('select value from meta where key = $1', [key])
  return r.rows[0]?.value
}

export async function writeMeta(db: ApiDb, key: string, value: string): Promise<void> {
  await db.query(
    'insert into meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value',
    [key, value],
  )
}
