import { readdirSync, readFileSync } from 'node:fs'

/**
 * Open-loop load at rising rates: each step starts `rate` operations per second on schedule, whether or not the
 * earlier ones finished (as independent users do), for `warmupSeconds + seconds`. Latency runs from the moment an
 * operation was due, not from when the loaded client got round to it, so a stalled client or server shows in the
 * figure instead of hiding behind fewer requests (no coordinated omission). A step passes when its p99 is under the
 * limit with no error. The ramp goes on past a failing step while the server keeps up (a p99 spike with a low median
 * is a neighbour's burst on a shared machine) and stops at the first step with an error or a median at twice the
 * limit (a queue is building: the server is saturated; at the lowest rates a median near the limit is the loaded
 * machine waking idle processes, and goes down as the rate goes up). "The rate it holds" is the highest passing step.
 */
export interface RampOptions {
  name: string
  rates: readonly number[]
  seconds: number
  warmupSeconds: number
  p99LimitMs: number
  /** One operation (one request, or a sign-in's two); rejects on any error or unexpected status. */
  op: (i: number) => Promise<void>
  /** Processes whose CPU use is reported per step (server, database, chain). */
  watch?: Record<string, number>
  /** Operations in flight past which a step is cut short and counted failed (the server no longer keeps up). */
  maxInFlight?: number
}

export interface StepResult {
  rate: number
  done: number
  errors: number
  firstError?: string
  p50: number
  p99: number
  max: number
  achieved: number
  /** CPU share of one core, per watched process and for this (client) process, over the step. */
  cpu: Record<string, number>
  ok: boolean
}

export interface RampResult {
  name: string
  steps: StepResult[]
  /** Highest rate whose step passed (0 when none did). */
  holds: number
}

export async function ramp(o: RampOptions): Promise<RampResult> {
  const steps: StepResult[] = []
  let i = 0
  for (const rate of o.rates) {
    const step = await runStep(o, rate, () => i++)
    steps.push(step)
    const cpu = Object.entries(step.cpu).map(([k, v]) => `${k} ${Math.round(v * 100)}%`).join(', ')
    console.log(
      `  ${o.name} @ ${rate}/s: done ${step.done}, errors ${step.errors}, p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, ` +
        `max ${step.max.toFixed(0)} ms, achieved ${step.achieved.toFixed(0)}/s; CPU ${cpu}${step.firstError ? `; first error: ${step.firstError}` : ''}`,
    )
    if (step.errors > 0 || !(step.p50 < 2 * o.p99LimitMs)) break
  }
  const passed = steps.filter((s) => s.ok)
  return { name: o.name, steps, holds: passed.length ? passed[passed.length - 1]!.rate : 0 }
}

async function runStep(o: RampOptions, rate: number, nextIndex: () => number): Promise<StepResult> {
  const maxInFlight = o.maxInFlight ?? Math.max(500, rate * 2)
  const total = Math.floor(rate * (o.warmupSeconds + o.seconds))
  const warm = Math.floor(rate * o.warmupSeconds)
  const latencies: number[] = []
  let errors = 0
  let firstError: string | undefined
  let inFlight = 0
  let started = 0
  let finished = 0
  let cut = false
  const cpuBefore = cpuSnapshot(o.watch)
  const t0 = performance.now()
  await new Promise<void>((resolve) => {
    const settle = () => {
      if (finished === started && (started === total || cut)) resolve()
    }
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate))
      while (started < due && !cut) {
        if (inFlight >= maxInFlight) {
          cut = true
          errors++
          firstError ??= `more than ${maxInFlight} operations in flight: step cut short`
          break
        }
        const seq = started++
        const dueAt = t0 + (seq / rate) * 1000
        inFlight++
        o.op(nextIndex()).then(
          () => {
            if (seq >= warm) latencies.push(performance.now() - dueAt)
          },
          (error: unknown) => {
            errors++
            firstError ??= error instanceof Error ? error.message : String(error)
          },
        ).finally(() => {
          inFlight--
          finished++
          settle()
        })
      }
      if (started < total && !cut) setTimeout(tick, 1)
      else settle()
    }
    tick()
  })
  const elapsed = (performance.now() - t0) / 1000
  const cpuAfter = cpuSnapshot(o.watch)
  const cpu = Object.fromEntries(Object.keys(cpuAfter).map((k) => [k, (cpuAfter[k]! - cpuBefore[k]!) / elapsed]))
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN
  const p99 = at(0.99)
  return {
    rate,
    done: finished,
    errors,
    ...(firstError ? { firstError } : {}),
    p50: at(0.5),
    p99,
    max: latencies[latencies.length - 1] ?? NaN,
    achieved: (finished - errors) / elapsed,
    cpu,
    ok: errors === 0 && p99 < o.p99LimitMs,
  }
}

function cpuSnapshot(watch: Record<string, number> | undefined): Record<string, number> {
  const usage = process.cpuUsage()
  const out: Record<string, number> = { client: (usage.user + usage.system) / 1e6 }
  for (const [name, pid] of Object.entries(watch ?? {})) out[name] = cpuSecondsOfTree(pid)
  return out
}

/** CPU seconds (user + system) of `pid`, the children it reaped and its live children (PostgreSQL's backends), from Linux /proc; NaN elsewhere. */
export function cpuSecondsOfTree(pid: number): number {
  const stat = (p: string): string[] | undefined => {
    try {
      // After the command name: state, ppid, ... utime and stime at 11 and 12, in clock ticks (100 per second).
      return readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ')
    } catch {
      return undefined
    }
  }
  const own = stat(String(pid))
  if (!own) return NaN
  // Own time, plus the children it reaped (cutime, cstime), plus the live children's own time.
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const f = stat(entry)
    if (f && Number(f[1]) === pid) ticks += Number(f[11]) + Number(f[12])
  }
  return ticks / 100
}

/** One markdown table row per ramp: the rate it holds and the figures of that step and of the first failing one. */
export function rampRows(results: readonly RampResult[], label: (r: RampResult) => string): string[] {
  const fmt = (s: StepResult | undefined) =>
    s ? `${s.rate}/s: p50 ${s.p50.toFixed(1)}, p99 ${s.p99.toFixed(1)} ms, ${s.errors} errors; CPU ${Object.entries(s.cpu).map(([k, v]) => `${k} ${Math.round(v * 100)}%`).join(', ')}` : '–'
  return results.map((r) => {
    const passed = r.steps.filter((s) => s.ok)
    const best = passed[passed.length - 1]
    // The first failure above the rate it holds (a lower one was a transient, passed again after).
    const failed = r.steps.find((s) => !s.ok && (!best || s.rate > best.rate))
    return `| ${label(r)} | **${r.holds || 'none'}** | ${fmt(passed[passed.length - 1])} | ${failed ? fmt(failed) + (failed.firstError ? ` (${failed.firstError.slice(0, 80)})` : '') : 'not reached'} |`
  })
}
