import { lockStartup as lockServiceStartup, openDb, type Db, type DbLocation, type DbQueries, type DbSchema } from '../db/postgres.ts'

export { redactDatabaseUrl } from '../db/postgres.ts'

/** The statements one connection (or one open transaction) runs. */
export type ApiDbQueries = DbQueries

/**
 * The API server's database: PGlite (embedded, one process per data directory) or a PostgreSQL server (any number
 * of API servers); see stack/db/postgres.ts.
 */
export type ApiDb = Db

export type ApiDbLocation = DbLocation

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

const API_SCHEMA: DbSchema = {
  service: 'api',
  migrations: MIGRATIONS,
  migrationsTable: 'schema_migrations',
  /** Serialises schema changes and seeding between API servers starting on one PostgreSQL database. */
  startupLockKey: 0x706f_7274, // "port"
  lockFile: 'portico-api.lock',
}

/** Opens the database: PGlite in `dataDir`, or the PostgreSQL server at `databaseUrl`; the schema is brought up to date. */
export function openApiDb(where: ApiDbLocation, log: (s: string) => void = () => undefined): Promise<{ db: ApiDb; close(): Promise<void> }> {
  return openDb(where, API_SCHEMA, log)
}

/** Takes the startup lock for the rest of `tx`: one API server at a time migrates or seeds a shared database. */
export async function lockStartup(tx: ApiDbQueries): Promise<void> {
  await lockServiceStartup(tx, API_SCHEMA)
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
