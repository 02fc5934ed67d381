import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** `storybook build` through its own CLI, as `npm run build-storybook` does, into `dir` (the visual tests, bench:peers' views). */
export function buildStorybook(dir: string): Promise<void> {
  const require = createRequire(import.meta.url)
  const pkg = require.resolve('storybook/package.json')
  const declared = (JSON.parse(readFileSync(pkg, 'utf8')) as { bin: string | Record<string, string> }).bin
  const bin = join(dirname(pkg), typeof declared === 'string' ? declared : declared['storybook']!)
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build', '-c', 'storybook', '-o', dir, '--quiet'], {
      cwd: ROOT,
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let log = ''
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`storybook build exited with ${code}:\n${log.slice(-4000)}`))))
  })
}
