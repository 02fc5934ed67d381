// Emits JavaScript and .d.ts for the package entries into dist/ (tsc rewrites the .ts/.tsx import extensions in the
// JavaScript; the .d.ts keep them, and TypeScript resolves './x.ts' / './x.tsx' to the x.d.ts beside it). Plugins
// augment the kernel through `declare module 'portico'`, which resolves through the package's own exports, so no
// path rewriting is needed (tests/package/template.test.ts type-checks a consumer against the packed files).
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { expandTemplateImportsIn } from './template-imports.mjs'

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' })
expandTemplateImportsIn(new URL('../dist', import.meta.url).pathname)
console.log('built dist/')
