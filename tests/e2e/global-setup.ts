import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildDemoHost, buildDemoWallet } from '../../demo/server.ts'
import { providePackDir } from '../package/global-setup.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    demoHostDist: string
    demoWalletDist: string
  }
}

/**
 * Builds the demo host once per run (production build, served statically by each suite), and gives the run its folder
 * for the one package build the apps made from `npm pack` share (tests/package/shared-pack.ts).
 */
export default async function setup(project: TestProject) {
  const removePackDir = providePackDir(project)
  const dir = mkdtempSync(join(tmpdir(), 'portico-e2e-host-'))
  await buildDemoHost(dir)
  project.provide('demoHostDist', dir)
  const walletDir = mkdtempSync(join(tmpdir(), 'portico-e2e-wallet-'))
  await buildDemoWallet(walletDir)
  project.provide('demoWalletDist', walletDir)
  return () => {
    removePackDir()
    rmSync(dir, { recursive: true, force: true })
    rmSync(walletDir, { recursive: true, force: true })
  }
}
