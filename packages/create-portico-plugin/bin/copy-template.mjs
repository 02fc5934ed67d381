// prepack: the template this package creates from is the repository's plugin-template/ (one copy in git), copied in
// for the tarball. Its tests and views come along; node_modules and dist do not.
import { cpSync, rmSync } from 'node:fs'

const from = new URL('../../../plugin-template/', import.meta.url)
const to = new URL('../template/', import.meta.url)
rmSync(to, { recursive: true, force: true })
cpSync(from, to, { recursive: true, filter: (src) => !/[/\\](node_modules|dist)$/.test(src) })
