/**
 * Farcaster sign-in on the secure site (issue 14, SPEC §4 "Farcaster uses a URL"): a channel on the Farcaster auth
 * relay (`@farcaster/auth-client` createAppClient; SIWF domain = the host origin's host, uri = the host origin), a
 * bounded wait for the person to approve it in their Farcaster app, then `verifySignInMessage` against the ID/Key
 * registries on the configured chain. Channels are kept here (the frame only sees an opaque id), bound to the
 * project and host origin that opened them, for as long as the relay keeps them (5 minutes), in the secure site's
 * short-lived state (`farcaster-channel:<id>`; with Redis, a channel opened through one instance is waited on through
 * any other).
 */
import { randomBytes } from 'node:crypto'
import { createAppClient, viemConnector } from '@farcaster/auth-client'
import { createMemoryEphemeral, type Ephemeral } from './ephemeral.ts'

export type FarcasterOptions = {
  /** The auth relay (stack/farcaster) base URL. */
  relayUrl: string
  /** JSON-RPC of the chain the ID and Key registries live on (the dev chain in the stack). */
  rpcUrl: string
  /** How long one connect call waits for the sign-in (default 25 s; the frame calls again). */
  waitMs?: number
  /** Relay status polling interval (default 250 ms). */
  pollMs?: number
  clock?: () => number
  /** Where channels live (default: this process's memory, at most 10,000, least recently used out). */
  state?: Ephemeral
}

export type FarcasterProfile = { fid: number; username?: string; displayName?: string; pfpUrl?: string }
export type FarcasterOutcome = { status: 'pending' } | { status: 'completed'; profile: FarcasterProfile } | { status: 'failed'; reason: string }

const CHANNEL_TTL_MS = 5 * 60_000

type Channel = { channelToken: string; nonce: string; domain: string; projectId: string; hostOrigin: string; expiresAt: number }

export function createFarcasterSignIn(o: FarcasterOptions) {
  const clock = o.clock ?? Date.now
  const app = createAppClient({ relay: o.relayUrl, ethereum: viemConnector({ rpcUrl: o.rpcUrl }) })
  const state = o.state ?? createMemoryEphemeral({ clock })
  const channels = {
    get: async (id: string) => {
      const raw = id.length <= 100 ? await state.get(`farcaster-channel:${id}`) : undefined
      return raw === undefined ? undefined : (JSON.parse(raw) as Channel)
    },
    set: (id: string, c: Channel) => state.set(`farcaster-channel:${id}`, JSON.stringify(c), CHANNEL_TTL_MS),
    delete: (id: string) => state.del(`farcaster-channel:${id}`),
  }
  const waitMs = o.waitMs ?? 25_000
  const pollMs = o.pollMs ?? 250

  /** Opens a relay channel for a host origin; undefined when the relay refuses or cannot be reached. */
  async function open(projectId: string, hostOrigin: string): Promise<{ url: string; channelId: string } | undefined> {
    const domain = new URL(hostOrigin).host
    let res: Awaited<ReturnType<typeof app.createChannel>>
    try {
      res = await app.createChannel({ siweUri: `${hostOrigin}/`, domain })
    } catch {
      return undefined
    }
    if (res.isError || !res.data?.channelToken || !res.data.url || !res.data.nonce) return undefined
    const channelId = randomBytes(18).toString('base64url')
    await channels.set(channelId, { channelToken: res.data.channelToken, nonce: res.data.nonce, domain, projectId, hostOrigin, expiresAt: clock() + CHANNEL_TTL_MS })
    return { url: res.data.url, channelId }
  }

  /**
   * Waits (up to waitMs, or until `aborted()`) for the channel to complete, then verifies the signed message. A
   * channel answers one completion: after it (success or failure) it is gone.
   */
  async function connect(channelId: string, projectId: string, hostOrigin: string, aborted: () => boolean): Promise<FarcasterOutcome> {
    const ch = await channels.get(channelId)
    if (!ch || ch.projectId !== projectId || ch.hostOrigin !== hostOrigin) return { status: 'failed', reason: 'unknown channel' }
    if (ch.expiresAt <= clock()) {
      await channels.delete(channelId)
      return { status: 'failed', reason: 'channel expired' }
    }
    const deadline = Date.now() + waitMs
    for (;;) {
      let st: Awaited<ReturnType<typeof app.status>>
      try {
        st = await app.status({ channelToken: ch.channelToken })
      } catch {
        await channels.delete(channelId)
        return { status: 'failed', reason: 'relay unreachable' }
      }
      const code = st.response?.status
      if (st.isError || (code !== 200 && code !== 202)) {
        await channels.delete(channelId)
        return { status: 'failed', reason: `relay status ${code ?? 'error'}` }
      }
      const data = st.data
      if (code === 200 && data?.state === 'completed') {
        await channels.delete(channelId)
        if (!data.message || !data.signature) return { status: 'failed', reason: 'no signed message' }
        let verified: Awaited<ReturnType<typeof app.verifySignInMessage>>
        try {
          verified = await app.verifySignInMessage({ nonce: ch.nonce, domain: ch.domain, message: data.message, signature: data.signature as `0x${string}` })
        } catch (e) {
          return { status: 'failed', reason: (e as Error).message }
        }
        if (verified.isError || !verified.success || !verified.fid) return { status: 'failed', reason: String(verified.error?.message ?? 'not verified') }
        // The profile comes from the relay; the fid from the verified message (its signer owns it in the IdRegistry).
        if (data.fid !== undefined && data.fid !== verified.fid) return { status: 'failed', reason: 'fid mismatch' }
        return {
          status: 'completed',
          profile: {
            fid: verified.fid,
            ...(typeof data.username === 'string' ? { username: data.username.slice(0, 100) } : {}),
            ...(typeof data.displayName === 'string' ? { displayName: data.displayName.slice(0, 200) } : {}),
            ...(typeof data.pfpUrl === 'string' && data.pfpUrl.length <= 4000 && /^(https?:\/\/|data:image\/)/.test(data.pfpUrl) ? { pfpUrl: data.pfpUrl } : {}),
          },
        }
      }
      if (Date.now() >= deadline || aborted()) return { status: 'pending' }
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  }

  return { open, connect }
}
