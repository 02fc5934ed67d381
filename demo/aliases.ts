import { fileURLToPath } from 'node:url'
import type { Alias } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Resolves `portico`, `portico/plugin`, `portico/react`, `portico/components`, `portico/wagmi`, `portico/plugins/<name>`, `portico/testing`,
 * `portico/testing/conformance` and `portico/testing/playwright` to the sources. */
export function porticoAliases(): Alias[] {
  return [
    { find: /^portico$/, replacement: `${root}kernel/index.ts` },
    { find: /^portico\/plugin$/, replacement: `${root}kernel/plugin/index.ts` },
    { find: /^portico\/react$/, replacement: `${root}ui/react/index.ts` },
    { find: /^portico\/components$/, replacement: `${root}ui/components/index.ts` },
    { find: /^portico\/wagmi$/, replacement: `${root}integrations/wagmi/index.ts` },
    { find: /^portico\/testing$/, replacement: `${root}testing/index.ts` },
    { find: /^portico\/testing\/conformance$/, replacement: `${root}testing/conformance/index.ts` },
    { find: /^portico\/testing\/playwright$/, replacement: `${root}testing/playwright.ts` },
    { find: /^portico\/plugins\/([a-z0-9-]+)$/, replacement: `${root}plugins/$1/index.ts` },
  ]
}

/** oxc settings that emit legacy decorators with metadata (tsyringe), as in vitest.config.ts. */
export const decoratorOxc = { decorator: { legacy: true, emitDecoratorMetadata: true } } as never
