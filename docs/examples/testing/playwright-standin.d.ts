// Stand-in typings of the part of @playwright/test that docs/examples/testing/playwright-test.ts uses, shaped as
// @playwright/test 1.5x declares them (test.extend takes fixture functions `(args, use, testInfo) => any`; `page` is
// playwright-core's Page). Only for type-checking the documentation sample.
declare module '@playwright/test' {
  import type { Page } from 'playwright-core'
  type TestArgs = { page: Page }
  type TestFixture<R, Args> = (args: Args, use: (r: R) => Promise<void>, testInfo: unknown) => unknown
  type Fixtures<T> = { [K in keyof T]?: TestFixture<T[K], T & TestArgs> | [TestFixture<T[K], T & TestArgs>, { scope?: 'test' }] }
  interface TestType<A> {
    (title: string, body: (args: A) => Promise<void> | void): void
    extend<T extends Record<string, unknown>>(fixtures: Fixtures<T>): TestType<A & T>
  }
  export const test: TestType<TestArgs>
  export function expect<T>(value: T): { toBe(expected: T): void; toEqual(expected: unknown): void }
}
