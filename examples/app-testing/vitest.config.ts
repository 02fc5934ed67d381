import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { decoratorOxc } from '../../demo/aliases.ts'
import { porticoExampleAliases } from './vite.config.ts'

// The example's own tests: tests/*.spec.tsx (unit, happy-dom, createTestModal) and tests/*.spec.ts (Chromium, the
// Playwright helpers). Run: npx vitest run --config examples/app-testing/vitest.config.ts
export default defineConfig({
  oxc: decoratorOxc,
  resolve: { alias: porticoExampleAliases() },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['tests/**/*.spec.{ts,tsx}'],
    environment: 'node',
    testTimeout: 60_000,
    // expect.poll waits up to 15 s for its value (Vitest's default is 1 s): a generous deadline on a loaded machine;
    // a poll that passes returns at once.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 180_000,
    fileParallelism: false,
  },
})
