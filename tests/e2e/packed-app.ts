/**
 * Apps built from `npm pack` in a folder outside the repository, as a user builds them (issue 25): the package is
 * built in a copy of the sources and packed once per run (tests/package/shared-pack.ts); each app gets its own folder under the temp directory with its own
 * package.json, installed by npm offline-first (`--prefer-offline`: the repo's `npm ci` put every version used here
 * in the npm cache), then built with the app's own Vite and served as static files.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, extname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** What a copy of the sources leaves out. */
const skip = (src: string) => !/[/\\](node_modules|\.data|dist)$/.test(src)

/** The version of a package in the repo's node_modules (exact, so npm finds it in the cache). */
export function repoVersion(name: string): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
}

/** Copies the package's sources into `work/staging` (the repo's node_modules linked in); answers that folder. */
export function stageSources(work: string): string {
  const staging = join(work, 'staging')
  mkdirSync(staging)
  for (const name of ['kernel', 'ui', 'plugins', 'testing', 'integrations', 'storybook', 'docs', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'README.md', 'LICENSE']) {
    cpSync(join(ROOT, name), join(staging, name), { recursive: true, filter: skip })
  }
  symlinkSync(join(ROOT, 'node_modules'), join(staging, 'node_modules'), 'dir')
  return staging
}

/**
 * Packs the stack package (stack/package.json) from a copy of stack/ beside the sources stageSources copied into `work/staging` (its `prepack` builds the secure site's frame bundle from them); answers the tarball's path.
 */
export function packStack(work: string): string {
  const staging = join(work, 'staging')
  cpSync(join(ROOT, 'stack'), join(staging, 'stack'), { recursive: true, filter: skip })
  cpSync(join(ROOT, 'demo/aliases.ts'), join(staging, 'demo/aliases.ts'))
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: join(staging, 'stack'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  return join(work, (JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string }>)[0]!.filename)
}

/** A fresh app folder from a template folder of the repo, with its package.json; installed and built. */
export function buildApp(opts: {
  template: string
  name: string
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  files?: Record<string, string>
  /** The build command, a script of a package of the app's node_modules (default Vite's). */
  build?: { bin: string; args: string[]; env?: Record<string, string> }
}): { dir: string; dist: string } {
  const dir = mkdtempSync(join(tmpdir(), `portico-${opts.name}-`))
  cpSync(join(ROOT, opts.template), dir, { recursive: true })
  const manifest = { name: opts.name, private: true, type: 'module', dependencies: opts.dependencies, devDependencies: opts.devDependencies }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2))
  for (const [path, text] of Object.entries(opts.files ?? {})) writeFileSync(join(dir, path), text)
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS' && k !== 'TEST' && k !== 'NODE_ENV'))
  const install = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, encoding: 'utf8', env })
  if (install.status !== 0) throw new Error(`npm install failed in ${dir}:\n${install.stdout}${install.stderr}`)
  const command = opts.build ?? { bin: 'vite/bin/vite.js', args: ['build', '--logLevel', 'warn'] }
  const build = spawnSync(process.execPath, [join(dir, 'node_modules', command.bin), ...command.args], { cwd: dir, encoding: 'utf8', env: { ...env, NODE_ENV: 'production', ...command.env } })
  if (build.status !== 0) throw new Error(`${command.bin} ${command.args[0]} failed in ${dir}:\n${build.stdout}${build.stderr}`)
  return { dir, dist: join(dir, 'dist') }
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' }

/** Serves a built app's static files on 127.0.0.1 (index.html for unknown paths). */
export async function serveStatic(dist: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const file = resolve(dist, `.${path === '/' ? '/index.html' : path}`)
    let body: Buffer
    try {
      body = readFileSync(file.startsWith(dist) ? file : join(dist, 'index.html'))
    } catch {
      body = readFileSync(join(dist, 'index.html'))
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'text/html' }).end(body)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((r) => {
        server.close(() => r())
        server.closeAllConnections()
      }),
  }
}
