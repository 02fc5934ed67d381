import { inject } from 'vitest'
import type { Browser } from 'playwright-core'
import { startLocalChains, type LocalChainName, type LocalChains } from '../../stack/local-chains.ts'
import { otherChains, startDemoHost, type DemoHost } from '../../demo/server.ts'
import type { StackConfig } from '../../demo/host/config.ts'
import { launchChromium } from './browser.ts'

/** What a namespace's e2e file drives: its local chains, the built demo host over them, a browser. */
export interface DemoSuite {
  local: LocalChains
  host: DemoHost
  browser: Browser
}

/**
 * Starts the local chains a file needs (the EVM chains too: the demo host's default network is eip155), the built
 * demo host (the global setup's build) configured for them, and Chromium. `config` adds to the host's stack config
 * (an API server's URL...).
 */
export async function startDemoSuite(
  chains: readonly LocalChainName[],
  config: (local: LocalChains) => Partial<StackConfig> | Promise<Partial<StackConfig>> = () => ({}),
): Promise<DemoSuite> {
  const local = await startLocalChains({ only: ['evm', ...chains] })
  let host: DemoHost | undefined
  try {
    host = await startDemoHost({
      mode: 'static',
      distDir: inject('demoHostDist'),
      config: { projectId: 'portico-e2e', chains: local.evm!.chains, ...otherChains(local), ...(await config(local)) },
    })
    return { local, host, browser: await launchChromium() }
  } catch (error) {
    await host?.stop()
    await local.stop()
    throw error
  }
}

/** Stops what `startDemoSuite` started (what did start, when it failed half-way). */
export async function stopDemoSuite(suite: Partial<DemoSuite> | undefined): Promise<void> {
  await suite?.browser?.close()
  await suite?.host?.stop()
  await suite?.local?.stop()
}
