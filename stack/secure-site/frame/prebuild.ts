/**
 * Builds the frame bundle once into `stack/secure-site/frame/dist/assets.json` (path -> { body, type }), for the stack
 * package (`npm pack` in stack/ runs it as `prepack`): installed, the secure site serves these files instead of
 * building the frame from the repository's sources with Vite at start. `postpack` removes the folder again.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildFrame } from './build.ts'

const dist = fileURLToPath(new URL('./dist/', import.meta.url))
const files = await buildFrame()
mkdirSync(dist, { recursive: true })
writeFileSync(`${dist}assets.json`, JSON.stringify(Object.fromEntries(files)))
console.error(`frame bundle: ${files.size} files in ${dist}assets.json`)
