import { defineConfig } from 'vitest/config'
import { porticoAliases } from '../../demo/aliases.ts'

/**
 * Visual snapshots of every story (docs/VISUAL-TESTS.md). Its own config, not tests/e2e's: it needs no demo build
 * (the e2e global setup), only Storybook's, which the test makes itself. `npm test` runs it as its own step.
 */
export default defineConfig({
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } } as never,
  resolve: { alias: porticoAliases() },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/visual/**/*.e2e.ts'],
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
})
