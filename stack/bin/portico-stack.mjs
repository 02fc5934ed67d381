#!/usr/bin/env node
// The `portico-stack` command: the stack's TypeScript sources run through tsx's loader (a dependency of the package).
// In the repository, the root tsconfig maps `portico/...` to the sources; installed, `portico` is a dependency.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

const repoTsconfig = fileURLToPath(new URL('../../tsconfig.json', import.meta.url))
const inRepo = existsSync(repoTsconfig) && existsSync(fileURLToPath(new URL('../../kernel/index.ts', import.meta.url)))
register(inRepo ? { tsconfig: repoTsconfig } : {})
const { main } = await import('../portico-stack.ts')
await main()
