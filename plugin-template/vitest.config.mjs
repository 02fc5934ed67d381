// Tests run in node; a test that needs a DOM says so in its first line (`// @vitest-environment happy-dom`).
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['*.test.ts', '*.test.tsx'],
  },
})
