// Emits JavaScript and .d.ts for the package entries into dist/ (tsc rewrites the .ts/.tsx import extensions in the
// JavaScript; the .d.ts keep them, and TypeScript resolves './x.ts' / './x.tsx' to the x.d.ts beside it). Plugins
// augment the kernel through `declare module 'portico'`, which resolves through the package's own exports, so no
// path rewriting is needed (tests/package/template.test.ts type-checks a consumer against the packed files).
// Tests, stories, fixtures and docs samples (*.examples.tsx) are development files: tsconfig.build.json leaves them out, and the build fails if one
// is still emitted (a shipped module importing a fixture pulls it in), so the package never carries them
// (tests/package/published.test.ts checks what `npm pack` ships).
import { execFileSync } from 'node:child_process'
import { readdirSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expandTemplateImportsIn } from './template-imports.mjs'

const dist = fileURLToPath(new URL('../dist', import.meta.url))
rmSync(dist, { recursive: true, force: true })
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' })

const DEV_FILE = /(^|\/)(storybook|tests?)\/|\.(test|test-d|stories|fixtures|examples)\.[^/]+$/
const devFiles = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => DEV_FILE.test(f.replaceAll('\\', '/')))
if (devFiles.length > 0) {
  console.error(`dist/ holds development files (tests, stories, fixtures), which a shipped module imports:\n  ${devFiles.join('\n  ')}`)
  process.exit(1)
}
expandTemplateImportsIn(dist)
console.log('built dist/')
