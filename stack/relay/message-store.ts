import { createHash } from 'node:crypto'

/** A message as the relay keeps it until its TTL runs out. */
export interface StoredMessage {
  /** sha256(topic + message): the same payload published twice on a topic is one message. */
  key: string
  topic: string
  message: string
  publishedAt: number
  expiresAt: number
  tag?: number
  attestation?: string
  /** Client id of the publisher: the relay never echoes a message back to its sender. */
  publisherId: string
}

export interface PublishInput {
  topic: string
  message: string
  /** Seconds. */
  ttl: number
  tag?: number
  attestation?: string
}

/** Limits the store enforces when a message is added; 0 turns one off. */
export interface StoreLimits {
  maxTopicMessages: number
  maxTopicBytes: number
  maxStoredBytesPerClient: number
}

export type StoreLimitName = 'topicMessages' | 'topicBytes' | 'storedBytesPerClient'

export type AddResult =
  | { status: 'new'; stored: StoredMessage }
  | { status: 'duplicate' }
  | { status: 'limit'; limit: StoreLimitName }

/** How much one read may return: whole messages, stopping once either bound is reached. */
export interface ReadBudget {
  messages: number
  bytes: number
}

/**
 * Where the relay keeps messages and acknowledgements: in this process (MemoryStore) or in Redis (RedisStore), so
 * that several relay processes share them. Acknowledgements are per client id (a reconnecting client is handed what
 * it has not confirmed yet) and live as long as the message they refer to.
 */
export interface RelayStore {
  add(input: PublishInput, publisherId: string, now: number): Promise<AddResult>
  /**
   * Live messages on `topics` that `clientId` neither sent nor acknowledged, oldest first per topic, topics in the
   * given order, within `budget`; `more` says that some were left out.
   */
  undelivered(clientId: string, topics: readonly string[], now: number, budget: ReadBudget): Promise<{ messages: StoredMessage[]; more: boolean }>
  markAcked(clientId: string, messages: readonly StoredMessage[]): Promise<void>
  /** Drops what expired. */
  prune(now: number): Promise<void>
  /** Topics holding live messages and the messages they hold (Redis: the whole cluster, sampled). */
  counts(now: number): { topics: number; messages: number }
  close(): Promise<void>
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/** Bytes a message takes against the stored-bytes limits (its UTF-8 length). */
export function messageBytes(message: string): number {
  return Buffer.byteLength(message, 'utf8')
}

interface Entry {
  stored: StoredMessage
  bytes: number
  /** Who acknowledged it: mostly nobody or one client, so no Set until a second one (memory per stored message). */
  ackedBy: undefined | string | Set<string>
}

function ackedBy(entry: Entry, clientId: string): boolean {
  const acked = entry.ackedBy
  return acked === clientId || (typeof acked === 'object' && acked.has(clientId))
}

function addAck(entry: Entry, clientId: string): void {
  const acked = entry.ackedBy
  if (acked === undefined) entry.ackedBy = clientId
  else if (typeof acked === 'string') {
    if (acked !== clientId) entry.ackedBy = new Set([acked, clientId])
  } else acked.add(clientId)
}

interface Ledger {
  entries: Map<string, Entry>
  bytes: number
}

/**
 * In-memory mailbox per topic, for a single relay process. A message stays until its TTL expires so that a
 * subscriber arriving later (the wallet pairs after the dapp published its proposal) still gets it.
 */
export class MemoryStore implements RelayStore {
  private readonly byTopic = new Map<string, Ledger>()
  /** What each publisher keeps stored, for maxStoredBytesPerClient. Entries are shared with byTopic. */
  private readonly byPublisher = new Map<string, Ledger>()

  constructor(private readonly limits: StoreLimits) {}

  async add(input: PublishInput, publisherId: string, now: number): Promise<AddResult> {
    const key = sha256Hex(input.topic + input.message)
    const expiresAt = now + input.ttl * 1000
    const topicLedger = this.byTopic.get(input.topic)
    const existing = topicLedger?.entries.get(key)
    if (existing && existing.stored.expiresAt > now) {
      existing.stored.expiresAt = Math.max(existing.stored.expiresAt, expiresAt)
      return { status: 'duplicate' }
    }
    if (existing) this.drop(existing)
    const bytes = messageBytes(input.message)
    const { maxTopicMessages, maxTopicBytes, maxStoredBytesPerClient } = this.limits
    // Expired messages are dropped lazily, only when a limit would be hit: the common case scans nothing.
    const over = (ledger: Ledger | undefined, maxMessages: number, maxBytes: number) =>
      ledger !== undefined &&
      ((maxMessages > 0 && ledger.entries.size + 1 > maxMessages) || (maxBytes > 0 && ledger.bytes + bytes > maxBytes))
    if (over(topicLedger, maxTopicMessages, maxTopicBytes)) this.dropExpired(topicLedger!, now)
    const topicAfter = this.byTopic.get(input.topic)
    if (maxTopicMessages > 0 && (topicAfter?.entries.size ?? 0) + 1 > maxTopicMessages) return { status: 'limit', limit: 'topicMessages' }
    if (maxTopicBytes > 0 && (topicAfter?.bytes ?? 0) + bytes > maxTopicBytes) return { status: 'limit', limit: 'topicBytes' }
    const publisherLedger = this.byPublisher.get(publisherId)
    if (over(publisherLedger, 0, maxStoredBytesPerClient)) this.dropExpired(publisherLedger!, now)
    if (maxStoredBytesPerClient > 0 && (this.byPublisher.get(publisherId)?.bytes ?? 0) + bytes > maxStoredBytesPerClient) {
      return { status: 'limit', limit: 'storedBytesPerClient' }
    }
    // One shape for every stored message (optional fields present, maybe undefined): smaller and faster objects.
    const stored: StoredMessage = {
      key,
      topic: input.topic,
      message: input.message,
      publishedAt: now,
      expiresAt,
      publisherId,
      tag: input.tag,
      attestation: input.attestation,
    }
    const entry: Entry = { stored, bytes, ackedBy: undefined }
    ledgerOf(this.byTopic, input.topic).entries.set(key, entry)
    ledgerOf(this.byTopic, input.topic).bytes += bytes
    ledgerOf(this.byPublisher, publisherId).entries.set(key, entry)
    ledgerOf(this.byPublisher, publisherId).bytes += bytes
    return { status: 'new', stored }
  }

  async undelivered(clientId: string, topics: readonly string[], now: number, budget: ReadBudget) {
    const messages: StoredMessage[] = []
    let bytes = 0
    for (const topic of topics) {
      const ledger = this.byTopic.get(topic)
      if (!ledger) continue
      const live = [...ledger.entries.values()]
        .filter((entry) => entry.stored.expiresAt > now && entry.stored.publisherId !== clientId && !ackedBy(entry, clientId))
        .sort((a, b) => a.stored.publishedAt - b.stored.publishedAt)
      for (const entry of live) {
        if (messages.length >= budget.messages || bytes >= budget.bytes) return { messages, more: true }
        messages.push(entry.stored)
        bytes += entry.bytes
      }
    }
    return { messages, more: false }
  }

  async markAcked(clientId: string, messages: readonly StoredMessage[]): Promise<void> {
    for (const stored of messages) {
      // Only the stored message itself takes the ack: one that expired and was published again starts afresh.
      const entry = this.byTopic.get(stored.topic)?.entries.get(stored.key)
      if (entry && entry.stored.publishedAt === stored.publishedAt) addAck(entry, clientId)
    }
  }

  async prune(now: number): Promise<void> {
    this.pruneNow(now)
  }

  counts(now: number): { topics: number; messages: number } {
    this.pruneNow(now)
    let messages = 0
    for (const ledger of this.byTopic.values()) messages += ledger.entries.size
    return { topics: this.byTopic.size, messages }
  }

  async close(): Promise<void> {
    this.byTopic.clear()
    this.byPublisher.clear()
  }

  private pruneNow(now: number): void {
    for (const ledger of [...this.byTopic.values()]) this.dropExpired(ledger, now)
  }

  private dropExpired(ledger: Ledger, now: number): void {
    for (const entry of [...ledger.entries.values()]) if (entry.stored.expiresAt <= now) this.drop(entry)
  }

  private drop(entry: Entry): void {
    const { topic, key, publisherId } = entry.stored
    for (const [map, name] of [
      [this.byTopic, topic],
      [this.byPublisher, publisherId],
    ] as const) {
      const ledger = map.get(name)
      if (ledger?.entries.get(key) !== entry) continue
      ledger.entries.delete(key)
      ledger.bytes -= entry.bytes
      if (ledger.entries.size === 0) map.delete(name)
    }
  }
}

function ledgerOf(map: Map<string, Ledger>, name: string): Ledger {
  let ledger = map.get(name)
  if (!ledger) {
    ledger = { entries: new Map(), bytes: 0 }
    map.set(name, ledger)
  }
  return ledger
}
