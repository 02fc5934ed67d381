/**
 * The secure site's durable state: one JSON file `<dataDir>/secure-site.json`, rewritten atomically (write a temporary
 * file, fsync, rename) after each change, one write at a time. Users, their sealed wallet keys and live sessions live
 * here; short-lived state (codes, approvals, throttles, pending social logins) stays in memory.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { AccountType, SocialProvider } from './api-types.ts'

export const STORE_FILE = 'secure-site.json'

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

export type StoredSession = { userId: string; projectId: string; origin: string; exp: number }

export type StoreData = {
  version: 1
  /** A constant sealed with the wallet-keys subkey: a wrong master key fails to open it at start. */
  keyCheck?: string
  users: Record<string, StoredUser>
  sessions: Record<string, StoredSession>
}

export class JsonStore {
  readonly file: string
  data: StoreData
  private writing: Promise<void> = Promise.resolve()
  private counter = 0

  constructor(readonly dataDir: string) {
    mkdirSync(dataDir, { recursive: true })
    this.file = join(dataDir, STORE_FILE)
    this.data = JsonStore.read(this.file)
  }

  private static read(file: string): StoreData {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, users: {}, sessions: {} }
      throw e
    }
    const parsed = JSON.parse(text) as StoreData
    if (parsed.version !== 1) throw new Error(`secure site: unknown store version in ${file}`)
    return { version: 1, keyCheck: parsed.keyCheck, users: parsed.users ?? {}, sessions: parsed.sessions ?? {} }
  }

  /** Applies `change` to the data and persists it; resolves once the file on disk holds the change. */
  update<T>(change: (d: StoreData) => T): Promise<T> {
    const result = change(this.data)
    const snapshot = JSON.stringify(this.data, null, 1)
    const write = this.writing.then(() => this.writeFile(snapshot))
    this.writing = write.catch(() => {})
    return write.then(() => result)
  }

  private writeFile(text: string): void {
    const tmp = `${this.file}.tmp-${process.pid}-${++this.counter}`
    const fd = openSync(tmp, 'w', 0o600)
    try {
      writeSync(fd, text)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(tmp, this.file)
  }

  /** Resolves when every write so far is on disk. */
  flush(): Promise<void> {
    return this.writing
  }

  userByEmail(email: string): StoredUser | undefined {
    return Object.values(this.data.users).find((u) => u.email === email)
  }

  userByFid(fid: number): StoredUser | undefined {
    return Object.values(this.data.users).find((u) => u.farcaster?.fid === fid)
  }

  userBySocial(provider: SocialProvider, sub: string): StoredUser | undefined {
    return Object.values(this.data.users).find((u) => u.social?.provider === provider && u.social.sub === sub)
  }
}
