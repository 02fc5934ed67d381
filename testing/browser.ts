/**
 * Finds a Chromium to drive with Playwright, with no set-up step (issue 17 item 6). In order:
 *  1. the `PORTICO_CHROMIUM`, `CHROME_PATH` (and the older `CHROMIUM_PATH`) environment variables;
 *  2. the system browsers `/usr/bin/chromium`, `/usr/bin/chromium-browser`, `/usr/bin/google-chrome`;
 *  3. Playwright's own cache (`~/.cache/ms-playwright/chromium-* /chrome-linux/chrome`, newest first);
 *  4. the Chromium that arrives with `npm ci`: `@sparticuz/chromium` carries a brotli'd headless build inside its
 *     package; it is unpacked once per version into the temp folder (atomically, so parallel runs do not race).
 * `launchFirstChromium` launches the candidates in turn and throws an error naming every path tried when none starts.
 *
 * Node only (it reads the file system): import it from test code, never from a page.
 * @example const browser = await launchFirstChromium((path, env) => chromium.launch({ executablePath: path, env }))
 */
import { execFileSync } from 'node:child_process'
import { accessSync, chmodSync, constants, createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { homedir, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createBrotliDecompress } from 'node:zlib'

/** Where a candidate came from. */
export type ChromiumSource = 'env' | 'system' | 'playwright-cache' | 'npm'

/** One browser to try. `env` holds variables the browser needs (the npm build's font configuration). */
export interface ChromiumCandidate {
  source: ChromiumSource
  executablePath: string
  env?: Record<string, string>
}

/** The file-system reads the resolver makes (a fake one in unit tests). */
export interface ChromiumFs {
  /** True when the path is an executable file. */
  isExecutable(path: string): boolean
  /** The entries of a folder, or [] when it does not exist. */
  list(dir: string): string[]
}

export interface FindChromiumOptions {
  /** @default process.env */
  env?: Record<string, string | undefined>
  /** @default ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'] */
  systemPaths?: readonly string[]
  /** Playwright's browser cache. @default $PLAYWRIGHT_BROWSERS_PATH or ~/.cache/ms-playwright */
  playwrightCache?: string
  /** Unpack the npm-shipped Chromium when nothing else is found (or always last in `chromiumCandidates`). @default true */
  npm?: boolean
  /** Where the npm build is unpacked. @default os.tmpdir() */
  unpackDir?: string
  /** @default the real file system */
  fs?: ChromiumFs
}

/** The system browsers tried after the environment variables. */
export const SYSTEM_CHROMIUM_PATHS: readonly string[] = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
/** The environment variables read, in order. */
export const CHROMIUM_ENV_VARS: readonly string[] = ['PORTICO_CHROMIUM', 'CHROME_PATH', 'CHROMIUM_PATH']

const realFs: ChromiumFs = {
  isExecutable(path) {
    try {
      accessSync(path, constants.X_OK)
      return true
    } catch {
      return false
    }
  },
  list(dir) {
    try {
      return readdirSync(dir)
    } catch {
      return []
    }
  },
}

/** Every executable found before the npm step, in order, each path once. */
export function localChromiumCandidates(options: FindChromiumOptions = {}): { found: ChromiumCandidate[]; tried: string[] } {
  const env = options.env ?? process.env
  const fs = options.fs ?? realFs
  const tried: string[] = []
  const found: ChromiumCandidate[] = []
  const consider = (source: ChromiumSource, path: string) => {
    if (tried.includes(path)) return
    tried.push(path)
    if (fs.isExecutable(path)) found.push({ source, executablePath: path })
  }
  for (const name of CHROMIUM_ENV_VARS) {
    const value = env[name]
    if (value) consider('env', value)
  }
  for (const path of options.systemPaths ?? SYSTEM_CHROMIUM_PATHS) consider('system', path)
  const cache = options.playwrightCache ?? env.PLAYWRIGHT_BROWSERS_PATH ?? join(env.HOME ?? homedir(), '.cache', 'ms-playwright')
  const builds = fs
    .list(cache)
    .filter((name) => /^chromium-\d+$/.test(name))
    .sort((a, b) => Number(b.slice('chromium-'.length)) - Number(a.slice('chromium-'.length)))
  if (!builds.length) tried.push(join(cache, 'chromium-*', 'chrome-linux', 'chrome'))
  for (const build of builds) {
    for (const sub of ['chrome-linux64', 'chrome-linux']) consider('playwright-cache', join(cache, build, sub, 'chrome'))
  }
  return { found, tried }
}

/** The npm-shipped Chromium's package folder, or undefined when it is not installed. */
function sparticuzDir(): string | undefined {
  try {
    // Its exports map has only '.', which resolves to build/index.js.
    return dirname(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')))
  } catch {
    return undefined
  }
}

/**
 * Unpacks `@sparticuz/chromium` (binary and fonts) into `<unpackDir>/portico-chromium-<version>/` once, and returns
 * it as a candidate; undefined when the package is not installed. Each file is written under a temporary name and
 * renamed, so a second process never sees half a binary.
 */
export async function unpackNpmChromium(unpackDir: string = tmpdir()): Promise<ChromiumCandidate | undefined> {
  const pkg = sparticuzDir()
  if (!pkg) return undefined
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string }
  const dir = join(unpackDir, `portico-chromium-${version}`)
  const executablePath = join(dir, 'chromium')
  const fontsDir = join(dir, 'fonts')
  mkdirSync(dir, { recursive: true })
  const unique = `${process.pid}-${Math.random().toString(36).slice(2)}`
  if (!existsSync(executablePath)) {
    const partial = `${executablePath}.${unique}`
    await pipeline(createReadStream(join(pkg, 'bin', 'chromium.br')), createBrotliDecompress(), createWriteStream(partial))
    chmodSync(partial, 0o755)
    renameSync(partial, executablePath)
  }
  if (!existsSync(join(fontsDir, 'fonts.conf'))) {
    const tar = join(dir, `fonts.${unique}.tar`)
    const staging = join(dir, `fonts.${unique}`)
    mkdirSync(staging)
    await pipeline(createReadStream(join(pkg, 'bin', 'fonts.tar.br')), createBrotliDecompress(), createWriteStream(tar))
    execFileSync('tar', ['-xf', tar, '-C', staging])
    rmSync(tar)
    // The package's own fonts.conf names Lambda's folders; ours names the unpacked fonts and the system's.
    writeFileSync(
      join(staging, 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${fontsDir}</dir>\n  <dir>/usr/share/fonts</dir>\n  <cachedir>${join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    )
    try {
      renameSync(staging, fontsDir)
    } catch {
      rmSync(staging, { recursive: true, force: true }) // another process got there first
    }
  }
  return { source: 'npm', executablePath, env: { FONTCONFIG_PATH: fontsDir } }
}

/** Every candidate in order: the local ones, then the npm-shipped build (unpacked on demand). */
export async function chromiumCandidates(options: FindChromiumOptions = {}): Promise<{ found: ChromiumCandidate[]; tried: string[] }> {
  const local = localChromiumCandidates(options)
  if (options.npm === false) return local
  const unpackDir = options.unpackDir ?? tmpdir()
  let npm: ChromiumCandidate | undefined
  let npmError = ''
  try {
    npm = await unpackNpmChromium(unpackDir)
  } catch (error) {
    npmError = ` (unpacking failed: ${error instanceof Error ? error.message : String(error)})`
  }
  const tried = [...local.tried, npm ? npm.executablePath : `@sparticuz/chromium${npmError || ' (not installed)'}`]
  return { found: npm ? [...local.found, npm] : local.found, tried }
}

/** The first Chromium found (without launching it). Throws an error naming every path tried when there is none. */
export async function findChromium(options: FindChromiumOptions = {}): Promise<ChromiumCandidate> {
  const local = localChromiumCandidates(options)
  if (local.found[0]) return local.found[0]
  const all = await chromiumCandidates(options)
  if (all.found[0]) return all.found[0]
  throw new Error(noChromiumMessage(all.tried.map((path) => `${path}: not found`)))
}

/**
 * Launches the candidates in order until one starts (`launch` is e.g. Playwright's `chromium.launch`); the npm build
 * is unpacked only when no local one starts. Throws an error naming every path tried and why it failed.
 */
export async function launchFirstChromium<B>(
  launch: (executablePath: string, env: Record<string, string> | undefined) => Promise<B>,
  options: FindChromiumOptions = {},
): Promise<B> {
  const failures: string[] = []
  const tryAll = async (found: ChromiumCandidate[], tried: string[]) => {
    for (const path of tried) {
      const candidate = found.find((c) => c.executablePath === path)
      if (!candidate) {
        failures.push(`${path}: not found`)
        continue
      }
      try {
        return { browser: await launch(candidate.executablePath, candidate.env) }
      } catch (error) {
        failures.push(`${path}: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`)
      }
    }
    return undefined
  }
  const local = localChromiumCandidates(options)
  const first = await tryAll(local.found, local.tried)
  if (first) return first.browser
  if (options.npm !== false) {
    const all = await chromiumCandidates(options)
    const npmTried = all.tried.slice(local.tried.length)
    const npm = await tryAll(all.found.slice(local.found.length), npmTried)
    if (npm) return npm.browser
  }
  throw new Error(noChromiumMessage(failures))
}

function noChromiumMessage(lines: string[]): string {
  return [
    'No Chromium could be started. Tried, in order:',
    ...lines.map((line) => `  - ${line}`),
    `Set PORTICO_CHROMIUM to a Chromium or Chrome executable, install one (apt-get install chromium), or install @sparticuz/chromium (npm install -D @sparticuz/chromium).`,
  ].join('\n')
}
