import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { findPostgresBinaries, startThrowawayPostgres } from './test-postgres.ts'

const alive = (pid: number): boolean => {
  try {
    return process.kill(pid, 0)
  } catch {
    return false
  }
}

describe('the throwaway PostgreSQL cluster the API suites run on', () => {
  it('fails with a message that says what is missing when the binaries are not there', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'portico-api-nobin-'))
    try {
      expect(() => findPostgresBinaries(empty)).toThrow(/PostgreSQL server binaries not found: .* has no initdb and postgres/)
      await expect(startThrowawayPostgres({ binDir: empty })).rejects.toThrow(/PORTICO_PG_BIN/)
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })

  it('serves on 127.0.0.1 only, runs as a non-root user, and stop() ends its own server', async () => {
    const cluster = await startThrowawayPostgres()
    const client = new pg.Client({ connectionString: cluster.url })
    try {
      await client.connect()
      const r = await client.query<{ addr: string; encoding: string }>("select host(inet_server_addr()) as addr, pg_encoding_to_char(encoding) as encoding from pg_database where datname = 'postgres'")
      expect(r.rows[0]).toEqual({ addr: '127.0.0.1', encoding: 'UTF8' })
      const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${cluster.pid}/status`, 'utf8'))?.[1]
      expect(Number(uid)).not.toBe(0)
    } finally {
      await client.end()
      await cluster.stop()
    }
    expect(alive(cluster.pid)).toBe(false)
  })
})
