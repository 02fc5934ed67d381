import { createHash } from 'node:crypto'

/** A message as the relay keeps it until its TTL runs out. */
export interface StoredMessage {
  /** sha256(topic + message): the same payload published twice is one message. */
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

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/**
 * In-memory mailbox per topic. A message stays until its TTL expires so that a subscriber arriving later
 * (the wallet pairs after the dapp published its proposal) still gets it; acknowledgements are recorded per
 * client id so a reconnecting client is handed only what it has not confirmed yet.
 */
export class MessageStore {
  private readonly byTopic = new Map<string, Map<string, StoredMessage>>()
  private readonly ackedByClient = new Map<string, Set<string>>()

  /** Returns the stored message and whether it is new (a duplicate publish is not fanned out again). */
  add(input: PublishInput, publisherId: string, now: number): { stored: StoredMessage; isNew: boolean } {
    const key = sha256Hex(input.topic + input.message)
    let topicMessages = this.byTopic.get(input.topic)
    if (!topicMessages) {
      topicMessages = new Map()
      this.byTopic.set(input.topic, topicMessages)
    }
    const existing = topicMessages.get(key)
    if (existing && existing.expiresAt > now) {
      existing.expiresAt = Math.max(existing.expiresAt, now + input.ttl * 1000)
      return { stored: existing, isNew: false }
    }
    const stored: StoredMessage = {
      key,
      topic: input.topic,
      message: input.message,
      publishedAt: now,
      expiresAt: now + input.ttl * 1000,
      publisherId,
      ...(input.tag !== undefined ? { tag: input.tag } : {}),
      ...(input.attestation !== undefined ? { attestation: input.attestation } : {}),
    }
    topicMessages.set(key, stored)
    return { stored, isNew: true }
  }

  /** Live messages on `topic` that `clientId` neither sent nor acknowledged, oldest first. */
  undeliveredFor(clientId: string, topic: string, now: number): StoredMessage[] {
    const topicMessages = this.byTopic.get(topic)
    if (!topicMessages) return []
    const acked = this.ackedByClient.get(clientId)
    const result: StoredMessage[] = []
    for (const stored of topicMessages.values()) {
      if (stored.expiresAt <= now) continue
      if (stored.publisherId === clientId) continue
      if (acked?.has(stored.key)) continue
      result.push(stored)
    }
    return result.sort((a, b) => a.publishedAt - b.publishedAt)
  }

  isAcked(clientId: string, key: string): boolean {
    return this.ackedByClient.get(clientId)?.has(key) ?? false
  }

  markAcked(clientId: string, key: string): void {
    let acked = this.ackedByClient.get(clientId)
    if (!acked) {
      acked = new Set()
      this.ackedByClient.set(clientId, acked)
    }
    acked.add(key)
  }

  /** Drops expired messages and the acknowledgements that referred to them. */
  prune(now: number): void {
    const dropped: string[] = []
    for (const [topic, topicMessages] of this.byTopic) {
      for (const [key, stored] of topicMessages) {
        if (stored.expiresAt <= now) {
          topicMessages.delete(key)
          dropped.push(key)
        }
      }
      if (topicMessages.size === 0) this.byTopic.delete(topic)
    }
    if (dropped.length === 0) return
    for (const [clientId, acked] of this.ackedByClient) {
      for (const key of dropped) acked.delete(key)
      if (acked.size === 0) this.ackedByClient.delete(clientId)
    }
  }

  get topicCount(): number {
    return this.byTopic.size
  }

  get messageCount(): number {
    let count = 0
    for (const topicMessages of this.byTopic.values()) count += topicMessages.size
    return count
  }

  clear(): void {
    this.byTopic.clear()
    this.ackedByClient.clear()
  }
}
