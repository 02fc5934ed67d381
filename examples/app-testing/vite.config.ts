import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { decoratorOxc, porticoAliases } from '../../demo/aliases.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * Inside this repository `portico` and its subpaths resolve to the sources (the demo's aliases, plus
 * portico/testing/playwright), so the example runs from a clean clone without a build, and the sources' decorators need
 * the oxc setting. An app that installs portico from npm needs neither: the package's `exports` resolve it.
 */
export function porticoExampleAliases() {
  return [
    { find: /^portico\/testing\/playwright$/, replacement: fileURLToPath(new URL('../../testing/playwright.ts', import.meta.url)) },
    ...porticoAliases(),
  ]
}

export default defineConfig({
  root,
  plugins: [react()],
  resolve: { alias: porticoExampleAliases() },
  oxc: decoratorOxc,
  build: { chunkSizeWarningLimit: 4096 },
})
