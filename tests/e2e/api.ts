import { startApiServer } from '../../stack/api/index.ts'
import { tempDataDir } from '../../stack/api/api-test-client.ts'
import type { DevChains } from '../../stack/chain/index.ts'

/**
 * The stack's API server for an e2e suite (a temp data folder, removed on stop), so the demo host never reaches a
 * hosted endpoint.
 */
export async function startTestApi(
  chains: DevChains,
  label: string,
  opts: { indexIntervalMs?: number; projects?: Parameters<typeof startApiServer>[0]['projects'] } = {},
): Promise<{ url: string; stop(): Promise<void> }> {
  const data = tempDataDir(label)
  const api = await startApiServer({ dataDir: data.dir, chains: chains.chains, deployment: chains.deployment, ...opts })
  return {
    url: api.url,
    async stop() {
      await api.stop()
      data.remove()
    },
  }
}
