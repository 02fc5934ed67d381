#!/usr/bin/env node
// npm create portico-plugin <name> [--namespace <ns>] [--dir <folder>]: copies the chain plugin template and renames
// its `example` namespace (identifiers, ids, view names, the package name) to the one asked for.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const USAGE = `Usage: npm create portico-plugin <name> [-- --namespace <ns>] [--dir <folder>]

  <name>           the plugin's npm package name (lower case: a-z, 0-9, - . _)
  --namespace, -n  its CAIP-2 chain namespace (3 to 8 of a-z, 0-9, -); default <name>, or its first part
                   before a "-" when <name> is not a namespace itself (demo-chain -> demo)
  --dir, -d        where to create it (default ./<name>; it must not exist or be empty)`

const NAMESPACE = /^[-a-z0-9]{3,8}$/
const PACKAGE_NAME = /^[a-z0-9][a-z0-9._-]*$/

function fail(message) {
  console.error(`create-portico-plugin: ${message}\n\n${USAGE}`)
  process.exit(1)
}

let parsed
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { namespace: { type: 'string', short: 'n' }, dir: { type: 'string', short: 'd' }, help: { type: 'boolean', short: 'h' } },
  })
} catch (error) {
  fail(error.message)
}
const { values, positionals } = parsed
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
if (positionals.length !== 1) fail(positionals.length ? `one name, not ${positionals.length}` : 'no plugin name given')
const name = positionals[0]
if (!PACKAGE_NAME.test(name) || name.length > 214) fail(`"${name}" is not an npm package name`)

const namespace = values.namespace ?? (NAMESPACE.test(name) ? name : name.split('-')[0])
if (!NAMESPACE.test(namespace)) {
  fail(`"${namespace}" is not a CAIP-2 namespace (3 to 8 of a-z, 0-9, -): pass one with --namespace`)
}
if (namespace === 'example') fail('"example" is the template\'s own namespace: choose another')

const words = namespace.split('-').filter(Boolean)
const pascal = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('')
const camel = pascal[0].toLowerCase() + pascal.slice(1)
const upper = words.map((w) => w.toUpperCase()).join('_')

/** The template's names, namespace contexts first (quoted ids and keys), then identifiers and prose. */
function rename(text) {
  return text
    .replaceAll('@example', '\u0000jsdoc-tag\u0000')
    .replaceAll('portico-plugin-example', name)
    .replaceAll("'example'", `'${namespace}'`)
    .replaceAll('example: true', `'${namespace}': true`)
    .replaceAll("'example:", `'${namespace}:`)
    .replaceAll('`example:', `\`${namespace}:`)
    .replaceAll("'example-", `'${namespace}-`)
    .replaceAll('example_getBalance', `${words.join('_')}_getBalance`)
    .replaceAll('the example namespace', `the ${namespace} namespace`)
    .replaceAll('EXAMPLE', upper)
    .replaceAll('Example', pascal)
    .replaceAll('example', camel)
    .replaceAll('\u0000jsdoc-tag\u0000', '@example')
}

const template = fileURLToPath(new URL('../template/', import.meta.url))
const target = resolve(values.dir ?? name)
if (existsSync(target) && readdirSync(target).length) fail(`${target} exists and is not empty`)

function copy(from, to) {
  mkdirSync(to, { recursive: true })
  for (const entry of readdirSync(from)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    const source = join(from, entry)
    const destination = join(to, rename(entry))
    if (statSync(source).isDirectory()) copy(source, destination)
    else writeFileSync(destination, rename(readFileSync(source, 'utf8')))
  }
}
copy(template, target)

const where = relative(process.cwd(), target) || '.'
console.log(`Created ${name} (chain namespace "${namespace}") in ${where}.

  cd ${where}
  npm install
  npm test          # the conformance and behaviour suites against the fake wallet
  npm run build     # JavaScript and .d.ts into dist/

Read GUIDE.md next.`)
