/**
 * Issue 25 §6: each chain plugin's install line, exactly as docs/OPTIONS.md gives it, is enough for a fresh Vite host.
 * One pack of the package and one base app (portico from the tarball, React, Vite) installed offline-first; then, one
 * plugin after the other (2 cores: nothing in parallel), a fresh host folder (the base's node_modules hard-linked)
 * runs the documented `npm i ...`, imports the plugin as the README example does and `vite build`s.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoVersion } from '../e2e/packed-app.ts'
import { sharedTarball } from './shared-pack.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS' && k !== 'TEST' && k !== 'NODE_ENV'))

/** The documented install line of each plugin (docs/OPTIONS.md's table). */
function documentedInstall(): Map<string, string> {
  const lines = new Map<string, string>()
  for (const match of readFileSync(join(ROOT, 'docs/OPTIONS.md'), 'utf8').matchAll(/^\| `([a-zA-Z0-9/]+)` \| `(npm i [^`]+)`[^|]*\|$/gm)) lines.set(match[1]!, match[2]!)
  return lines
}

/** How a host composes each plugin (the README's example with the plugin added). */
const HOSTS: Record<string, { import: string; plugin: string }> = {
  solana: { import: "import { solana } from 'portico/plugins/solana'", plugin: 'solana()' },
  bip122: { import: "import { bip122 } from 'portico/plugins/bip122'", plugin: 'bip122()' },
  cosmos: { import: "import { cosmos } from 'portico/plugins/cosmos'", plugin: 'cosmos()' },
  polkadot: { import: "import { polkadot } from 'portico/plugins/polkadot'", plugin: "polkadot({ chain: { wsUrl: 'ws://127.0.0.1:9944', caipNetworkId: 'polkadot:0123456789abcdef0123456789abcdef' } })" },
  walletConnect: { import: "import { walletConnect } from 'portico/plugins/walletconnect'", plugin: "walletConnect({ projectId: 'my-project' })" },
}

let work: string
let base: string

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'portico-plugin-install-'))
  const tarball = await sharedTarball(work)
  base = join(work, 'base')
  mkdirSync(join(base, 'src'), { recursive: true })
  writeFileSync(
    join(base, 'package.json'),
    JSON.stringify({
      name: 'plugin-host',
      private: true,
      type: 'module',
      dependencies: { portico: `file:${tarball}`, react: repoVersion('react'), 'react-dom': repoVersion('react-dom') },
      devDependencies: { vite: repoVersion('vite'), '@vitejs/plugin-react': repoVersion('@vitejs/plugin-react') },
    }),
  )
  writeFileSync(join(base, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>')
  writeFileSync(join(base, 'vite.config.js'), "import react from '@vitejs/plugin-react'\nexport default { plugins: [react()] }\n")
  const install = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: base, encoding: 'utf8', env })
  if (install.status !== 0) throw new Error(`npm install failed:\n${install.stdout}${install.stderr}`)
}, 900_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

/** A fresh host folder composing eip155 and the plugin, as the README example does. */
function freshHost(name: string, host: { import: string; plugin: string }): string {
  const dir = join(work, name)
  mkdirSync(dir)
  for (const file of ['package.json', 'package-lock.json', 'index.html', 'vite.config.js']) cpSync(join(base, file), join(dir, file))
  // node_modules hard-linked from the base (cheap); npm rewrites its own lock file, so that one is a copy.
  execFileSync('cp', ['-al', join(base, 'node_modules'), join(dir, 'node_modules')])
  rmSync(join(dir, 'node_modules/.package-lock.json'), { force: true })
  cpSync(join(base, 'node_modules/.package-lock.json'), join(dir, 'node_modules/.package-lock.json'))
  mkdirSync(join(dir, 'src'))
  writeFileSync(
    join(dir, 'src/main.tsx'),
    [
      "import { createRoot } from 'react-dom/client'",
      "import { createModal } from 'portico'",
      "import { eip155 } from 'portico/plugins/eip155'",
      "import { ConnectButton, Modal, PorticoProvider } from 'portico/react'",
      host.import,
      `const modal = createModal({ plugins: [eip155(), ${host.plugin}] })`,
      "createRoot(document.getElementById('root')!).render(<PorticoProvider modal={modal}><ConnectButton /><Modal /></PorticoProvider>)",
      '',
    ].join('\n'),
  )
  return dir
}

describe('each chain plugin builds in a fresh Vite host with its documented install line (issue 25 §6)', () => {
  it('docs/OPTIONS.md gives one install line per chain plugin', () => {
    expect([...documentedInstall().keys()]).toEqual(expect.arrayContaining(['solana', 'bip122', 'cosmos', 'polkadot', 'walletConnect']))
  })

  for (const [name, host] of Object.entries(HOSTS)) {
    it(`${name}: the documented line, then vite build`, () => {
      const line = documentedInstall().get(name)
      expect(line, `docs/OPTIONS.md has no install line for ${name}`).toMatch(/^npm i /)
      const dir = freshHost(name, host)
      const [cmd, ...args] = line!.split(' ')
      const install = spawnSync(cmd!, [...args, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, encoding: 'utf8', env })
      expect(install.status, `${line}\n${install.stdout}${install.stderr}`).toBe(0)
      const build = spawnSync(process.execPath, [join(dir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: dir, encoding: 'utf8', env: { ...env, NODE_ENV: 'production' } })
      expect(build.status, `vite build with ${name}():\n${build.stdout}${build.stderr}`).toBe(0)
      rmSync(dir, { recursive: true, force: true })
    }, 300_000)
  }
})
