import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider'

interface Entry {
  payload: AdapterPayload
  /** ms since epoch; Infinity when the model has no expiry (clients added at run time). */
  expiresAt: number
}

const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest'])
/** Upserts between two sweeps of expired entries. */
const SWEEP_EVERY = 200

/**
 * oidc-provider's storage for one issuer, in memory. oidc-provider's own development adapter keeps one module-wide
 * LRU of 1000 entries for every Provider in the process, so six issuers would share it and a busy demo could evict
 * a client registered with addClient; this store is per issuer, expires entries by their TTL and never evicts
 * anything else. Lost on restart (as the hosted providers' sessions would be for a new browser).
 */
export class MemoryStore {
  private readonly entries = new Map<string, Entry>()
  private readonly grants = new Map<string, Set<string>>()
  private readonly uids = new Map<string, string>()
  private readonly userCodes = new Map<string, string>()
  private upserts = 0

  readonly factory: AdapterFactory = (model: string): Adapter => {
    const key = (id: string): string => `${model}:${id}`
    return {
      upsert: async (id, payload, expiresIn) => {
        this.upsert(model, key(id), payload, expiresIn)
      },
      find: async (id) => this.get(key(id)),
      findByUid: async (uid) => {
        const id = this.uids.get(uid)
        return id === undefined ? undefined : this.get(key(id))
      },
      findByUserCode: async (userCode) => {
        const id = this.userCodes.get(userCode)
        return id === undefined ? undefined : this.get(key(id))
      },
      consume: async (id) => {
        const entry = this.entries.get(key(id))
        if (entry) entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1000) }
      },
      destroy: async (id) => {
        this.entries.delete(key(id))
      },
      revokeByGrantId: async (grantId) => {
        for (const member of this.grants.get(grantId) ?? []) this.entries.delete(member)
        this.grants.delete(grantId)
      },
    }
  }

  /** Number of live entries (for tests). */
  get size(): number {
    this.sweep()
    return this.entries.size
  }

  private upsert(model: string, key: string, payload: AdapterPayload, expiresIn: number | undefined): void {
    const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity
    this.entries.set(key, { payload: structuredClone(payload), expiresAt })
    const id = key.slice(model.length + 1)
    if (GRANTABLE.has(model) && typeof payload.grantId === 'string') {
      const members = this.grants.get(payload.grantId) ?? new Set<string>()
      members.add(key)
      this.grants.set(payload.grantId, members)
    }
    if (model === 'Session' && typeof payload.uid === 'string') this.uids.set(payload.uid, id)
    if (typeof payload.userCode === 'string') this.userCodes.set(payload.userCode, id)
    if (++this.upserts % SWEEP_EVERY === 0) this.sweep()
  }

  private get(key: string): AdapterPayload | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key)
      return undefined
    }
    return structuredClone(entry.payload)
  }

  private sweep(): void {
    const now = Date.now()
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key)
    for (const [grantId, members] of this.grants) {
      for (const member of members) if (!this.entries.has(member)) members.delete(member)
      if (members.size === 0) this.grants.delete(grantId)
    }
    for (const [uid, id] of this.uids) if (!this.entries.has(`Session:${id}`)) this.uids.delete(uid)
    for (const [code, id] of this.userCodes) if (!this.entries.has(`DeviceCode:${id}`)) this.userCodes.delete(code)
  }

  /** Stores a client's metadata with no expiry (what addClient registers). */
  putClient(metadata: AdapterPayload & { client_id: string }): void {
    this.upsert('Client', `Client:${metadata.client_id}`, metadata, undefined)
  }

  deleteClient(clientId: string): void {
    this.entries.delete(`Client:${clientId}`)
  }
}
