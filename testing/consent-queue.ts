import type { ConsentPrompt, ConsentRequest } from './consent-prompt.ts'
import { walletError } from './errors.ts'

/** The requests a dev wallet is waiting on the user for, shared by every namespace's dev wallet. */
export interface ConsentQueue {
  /**
   * Asks the user through the prompt (unless auto-approving) and waits; a declined or failed prompt rejects with
   * 4001. The request stays listed until it is answered. `chainId` is the EVM chain; other namespaces pass 0.
   */
  ask(method: string, params: unknown, summary: string[], chainId?: number): Promise<void>
  /** Answers the oldest pending request, or the one with `id`; throws when there is none. */
  settle(id: number | undefined, ok: boolean): void
  /** Copies of the pending requests, oldest first. */
  requests(): ConsentRequest[]
  /** Approves every pending request (turning auto-approve on). */
  approveAll(): void
}

export function createConsentQueue(opts: {
  origin: string
  prompt: ConsentPrompt | undefined
  autoApprove(): boolean
  /** True when this request is to be rejected at once (the `rejectNext` failure flag), even when auto-approving. */
  rejectNext?(): boolean
}): ConsentQueue {
  const pending: Array<{ request: ConsentRequest; resolve: (ok: boolean) => void }> = []
  let nextId = 1
  return {
    async ask(method, params, summary, chainId = 0) {
      if (opts.rejectNext?.()) throw walletError('userRejected')
      if (opts.autoApprove()) return
      const request: ConsentRequest = { id: nextId++, origin: opts.origin, method, params, chainId, summary }
      const abort = new AbortController()
      const ok = await new Promise<boolean>((resolve) => {
        pending.push({ request, resolve })
        opts.prompt?.(request, abort.signal).then(resolve, () => resolve(false))
      }).finally(() => {
        const i = pending.findIndex((p) => p.request.id === request.id)
        if (i >= 0) pending.splice(i, 1)
        abort.abort()
      })
      if (!ok) throw walletError('userRejected')
    },
    settle(id, ok) {
      const entry = id === undefined ? pending[0] : pending.find((p) => p.request.id === id)
      if (!entry) throw new Error(id === undefined ? 'no pending dev wallet request' : `no pending dev wallet request ${id}`)
      entry.resolve(ok)
    },
    requests: () => pending.map((p) => ({ ...p.request })),
    approveAll() {
      for (const p of [...pending]) p.resolve(true)
    },
  }
}
