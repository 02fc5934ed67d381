/**
 * What ships (issue 31 item 0): the bench hosts built from `npm pack` of the repository, installed into a fresh
 * temporary folder the way an app installs it. One pack and one install per run (tests/package/pack.ts's
 * buildAndPack: `npm run build` in a copy of the sources, then `npm pack`), then every host is built in that folder
 * by the app's own Vite, resolving `portico` and its peers from the app's node_modules: no alias, no source file.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { buildAndPack, childEnv, ROOT } from '../tests/package/pack.ts'

/**
 * The peers the bench hosts import, installed beside the tarball as an app composing them installs them (React for
 * every host, the sign-client for the walletConnect plugin). A host that composes more plugins adds their peers here.
 */
export const HOST_PEERS = ['react', 'react-dom', '@walletconnect/sign-client']
/** The app's build tools, at the repository's versions (so `--prefer-offline` finds them in the npm cache). */
const BUILD_TOOLS = ['vite', '@vitejs/plugin-react']

export interface PackedApp {
  /** The app folder: package.json, node_modules (portico from the tarball), hosts/<name> copied from bench/hosts. */
  dir: string
  /** The tarball `npm pack` wrote (removed with the app that packed it). */
  tarball: string
  /** The tarball's size in bytes. */
  tarballBytes: number
  /** Seconds spent packing and installing. */
  seconds: { pack: number; install: number }
  /** Removes the temporary folders. */
  remove(): void
}

/** The exact version of a package in the repository's node_modules. */
function repoVersion(name: string): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
}

/**
 * Packs the repository, installs the tarball and the hosts' peers into a fresh folder, copies the bench hosts in.
 * With `from`, no second pack: another app folder installed from that app's tarball with these peers (an app installs
 * only the peers of what it composes, and which peers sit beside the package changes how npm lays out the shared
 * dependencies, hence the bundler's chunks: the reference host is measured with its own peers, the all-plugins host
 * with every chain library's).
 */
export function preparePackedApp(peers: readonly string[] = HOST_PEERS, from?: PackedApp): PackedApp {
  let t = performance.now()
  const packed = from ? { work: mkdtempSync(join(tmpdir(), 'portico-bench-app-')), tarball: from.tarball, size: from.tarballBytes } : buildAndPack('portico-bench')
  const pack = from ? 0 : (performance.now() - t) / 1000
  const dir = join(packed.work, 'app')
  mkdirSync(dir)
  const versions = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, repoVersion(n)]))
  const manifest = {
    name: 'portico-bench-app',
    private: true,
    type: 'module',
    dependencies: { portico: `file:${packed.tarball}`, ...versions(peers) },
    devDependencies: versions(BUILD_TOOLS),
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2))
  t = performance.now()
  // Without NODE_ENV: under NODE_ENV=production npm would leave the devDependencies (Vite) out.
  const { NODE_ENV: _, ...env } = childEnv()
  const install = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, encoding: 'utf8', env })
  if (install.status !== 0) throw new Error(`npm install of the packed package failed in ${dir}:\n${install.stdout}${install.stderr}`)
  const installSeconds = (performance.now() - t) / 1000
  if (!existsSync(join(dir, 'node_modules/portico/package.json'))) throw new Error(`npm install left no node_modules/portico in ${dir}`)
  cpSync(join(ROOT, 'bench/hosts'), join(dir, 'hosts'), { recursive: true })
  return {
    dir,
    tarball: packed.tarball,
    tarballBytes: packed.size,
    seconds: { pack, install: installSeconds },
    remove: () => rmSync(packed.work, { recursive: true, force: true }),
  }
}
