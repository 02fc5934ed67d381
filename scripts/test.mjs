// `npm test`: the whole suite. Type check, unit and integration tests (vitest, incl. the stack's own tests and the
// type tests), browser e2e tests (Debian Chromium), visual snapshots of the stories, then the bundle budgets. Ends with the steps' times, every failed test by step, file and name (so a log's tail says what failed), and one "N passed, N failed" line.
//
// Steps that do not compete for the same waits run side by side (issue 31 item 7): the two type checks alongside the
// unit step, and the example's tests and the bundle budgets alongside the visual snapshots (sizes only, no timing).
// A step that runs alongside another writes its output to a file, printed whole when it ends, so logs do not
// interleave; each step's time is its own wall time, and the total is the suite's.
import { spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

const out = mkdtempSync(join(tmpdir(), 'portico-test-'))
// One package build (npm pack) for every step's tests that install it (tests/package/shared-pack.ts).
const packDir = join(out, 'pack')
mkdirSync(packDir)
const totals = { passed: 0, failed: 0 }
// Every failed test by step, file and name, repeated after the step summary so a log's tail names them.
const failures = []
const steps = []
const suiteStarted = Date.now()

/**
 * Runs one step. `alongside` names the step it runs beside: its output is buffered (that step holds the terminal) and
 * printed when it ends.
 */
function run(name, cmd, args, { env = {}, alongside } = {}) {
  const started = Date.now()
  const step = { name, ok: false, seconds: '', alongside }
  steps.push(step)
  const log = join(out, `${name.replace(/[^a-z0-9-]/gi, '_')}.log`)
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: alongside ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, PORTICO_PACK_DIR: packDir, ...env },
    })
    let sink
    if (alongside) {
      sink = createWriteStream(log)
      child.stdout.pipe(sink, { end: false })
      child.stderr.pipe(sink, { end: false })
    }
    const finish = (ok) => {
      step.ok = ok
      step.seconds = ((Date.now() - started) / 1000).toFixed(1)
      if (!sink) return resolve(ok)
      sink.end(() => {
        process.stdout.write(`\n── ${name} (ran alongside ${alongside}) ──\n${readFileSync(log, 'utf8')}── end of ${name} ──\n`)
        resolve(ok)
      })
    }
    child.on('error', (error) => {
      console.error(`${name}: ${error.message}`)
      finish(false)
    })
    child.on('close', (code) => finish(code === 0))
  })
}

async function vitest(name, args, options = {}) {
  const report = join(out, `${name}.json`)
  const ok = await run(name, process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    ...options,
    env: { STORYBOOK_DISABLE_TELEMETRY: '1' },
  })
  const named = failures.length
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'))
    totals.passed += json.numPassedTests
    totals.failed += json.numFailedTests
    for (const file of json.testResults ?? []) {
      const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed')
      for (const t of failed) failures.push(`${name}: ${relative(process.cwd(), file.name)} > ${t.fullName}\n      ${firstLine(t.failureMessages?.[0])}`)
      // A file that failed outside its tests (an import or a hook) has no failed test of its own to name.
      if (file.status === 'failed' && failed.length === 0) failures.push(`${name}: ${relative(process.cwd(), file.name)} (${firstLine(file.message) || 'failed outside a test'})`)
    }
    if (!ok && json.numFailedTests === 0) totals.failed += 1 // a suite that crashed outside a test
    if (!ok && failures.length === named) failures.push(`${name}: the step failed outside its tests (its output is above)`)
  } catch {
    if (!ok) {
      totals.failed += 1
      failures.push(`${name}: the step failed and wrote no report (its output is above)`)
    }
  }
  return ok
}

/** A step that is one check: counted as one failed when it fails, and as one passed when `counted` (as before). */
async function check(name, cmd, args, { counted = true, ...options } = {}) {
  const ok = await run(name, cmd, args, options)
  if (!ok) {
    totals.failed += 1
    failures.push(`${name}: the step failed (its output is above)`)
  } else if (counted) totals.passed += 1
  return ok
}

const firstLine = (text) => String(text ?? '').trim().split('\n')[0].slice(0, 300)

const tsc = (project) => ['node_modules/typescript/bin/tsc', '-p', project, '--noEmit']

await Promise.all([
  // The type checks one after the other (each takes most of a core and a lot of memory), beside the unit step.
  (async () => {
    await check('typecheck', process.execPath, tsc('tsconfig.json'), { alongside: 'unit', counted: false })
    // The test kit's example app (examples/app-testing): its type check (also docs/examples/testing, the samples of
    // docs/TESTING.md).
    await check('app-testing:typecheck', process.execPath, tsc('examples/app-testing/tsconfig.json'), { alongside: 'unit' })
  })(),
  vitest('unit', []),
])
await vitest('e2e', ['--config', 'tests/e2e/vitest.config.ts'])
await Promise.all([
  // Visual snapshots of every story against tests/visual/baselines (docs/VISUAL-TESTS.md); builds Storybook itself.
  vitest('visual', ['--config', 'tests/visual/vitest.config.ts']),
  // Beside it: the example's own unit and browser tests, which use only portico/testing and portico/testing/playwright,
  // then the bundle budgets (sizes of production builds: no timing to disturb).
  (async () => {
    await vitest('app-testing', ['--config', 'examples/app-testing/vitest.config.ts'], { alongside: 'visual' })
    await check('bench:check', process.execPath, ['node_modules/tsx/dist/cli.mjs', 'bench/check.ts'], { alongside: 'visual' })
  })(),
])

rmSync(out, { recursive: true, force: true })
console.log('\nSuite steps:')
for (const s of steps) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds} s${s.alongside ? `, alongside ${s.alongside}` : ''})`)
console.log(`  whole suite: ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`)
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`)
console.log(`\n${totals.passed} passed, ${totals.failed} failed`)
process.exit(steps.every((s) => s.ok) ? 0 : 1)
