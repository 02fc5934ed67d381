import { defineConfig } from 'vitest/config'
import { porticoAliases } from '../../demo/aliases.ts'

export default defineConfig({
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } } as never,
  resolve: { alias: porticoAliases() },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // expect.poll waits up to 15 s for its value (Vitest's default is 1 s): a generous deadline on a loaded machine;
    // a poll that passes returns at once.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
