import { defineConfig } from 'vitest/config'
import { porticoAliases } from './demo/aliases.ts'

export default defineConfig({
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } } as never,
  resolve: { alias: porticoAliases() },
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**', 'tests/e2e/**', 'storybook-static/**'],
    setupFiles: ['tests/setup.ts'],
    // The folder for the one package build the package tests share (tests/package/shared-pack.ts); builds nothing.
    globalSetup: ['tests/package/global-setup.ts'],
    environment: 'node',
    // Two files at once. Vitest's default is one fewer than the cores (1 here); most files wait on child processes,
    // servers and builds, so a second worker roughly halves the step on this 2-core machine (BENCHMARKS.md, the suite).
    maxWorkers: 2,
    testTimeout: 30_000,
    // expect.poll waits up to 15 s for its value (Vitest's default is 1 s): a generous deadline on a loaded machine;
    // a poll that passes returns at once.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 60_000,
    typecheck: { enabled: true, include: ['**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
