// Emits JavaScript and .d.ts for the package entries into dist/ (tsc rewrites the .ts/.tsx import extensions).
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' })
console.log('built dist/')

// Declaration files keep module-augmentation specifiers as written ('../../kernel/plugin/contract.ts');
// point them at the emitted .js so consumers' TypeScript resolves them to the .d.ts beside it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) yield* walk(p)
    else if (p.endsWith('.d.ts')) yield p
  }
}
for (const file of walk('dist')) {
  const text = readFileSync(file, 'utf8')
  const fixed = text.replace(/(['"])(\.\.?\/[^'"]+)\.tsx?\1/g, '$1$2.js$1')
  if (fixed !== text) writeFileSync(file, fixed)
}
