// `npm test`: the whole suite. Type check, unit and integration tests (vitest, incl. the stack's own tests and the
// type tests), browser e2e tests (Debian Chromium), visual snapshots of the stories, then the bundle budgets. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const out = mkdtempSync(join(tmpdir(), 'portico-test-'))
const totals = { passed: 0, failed: 0 }
const steps = []

function run(name, cmd, args, env = {}) {
  const started = Date.now()
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = result.status === 0
  steps.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) })
  return ok
}

function vitest(name, args) {
  const report = join(out, `${name}.json`)
  const ok = run(name, process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    STORYBOOK_DISABLE_TELEMETRY: '1',
  })
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'))
    totals.passed += json.numPassedTests
    totals.failed += json.numFailedTests
    if (!ok && json.numFailedTests === 0) totals.failed += 1 // a suite that crashed outside a test
  } catch {
    if (!ok) totals.failed += 1
  }
  return ok
}

const tsc = ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']
const typecheckOk = run('typecheck', process.execPath, tsc)
if (!typecheckOk) totals.failed += 1
vitest('unit', [])
vitest('e2e', ['--config', 'tests/e2e/vitest.config.ts'])
// The test kit's example app (examples/app-testing): its type check (also docs/examples/testing, the samples of
// docs/TESTING.md), then its own unit and browser tests, which use only portico/testing and portico/testing/playwright.
const exampleTypecheckOk = run('app-testing:typecheck', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'examples/app-testing/tsconfig.json', '--noEmit'])
if (exampleTypecheckOk) totals.passed += 1
else totals.failed += 1
vitest('app-testing', ['--config', 'examples/app-testing/vitest.config.ts'])
// Visual snapshots of every story against tests/visual/baselines (docs/VISUAL-TESTS.md); builds Storybook itself.
vitest('visual', ['--config', 'tests/visual/vitest.config.ts'])
const budgetOk = run('bench:check', process.execPath, ['node_modules/tsx/dist/cli.mjs', 'bench/check.ts'])
if (budgetOk) totals.passed += 1
else totals.failed += 1

rmSync(out, { recursive: true, force: true })
console.log('\nSuite steps:')
for (const s of steps) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds} s)`)
console.log(`\n${totals.passed} passed, ${totals.failed} failed`)
process.exit(steps.every((s) => s.ok) ? 0 : 1)
