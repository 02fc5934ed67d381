/**
 * A V8 heap snapshot (DevTools' `.heapsnapshot` JSON) summed for bench:memory: V8's compiled code, V8's other
 * objects and Blink's nodes; the compiled code of the bench's own helper apart; and each function's optimised or
 * baseline code (Sparkplug, Maglev, Turbofan), found through the snapshot's edges, so two snapshots of one page tell
 * which functions got new machine code in between (node ids stay the same for an object across snapshots).
 */

export interface HeapSnapshotJson {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]]; edge_fields: string[]; edge_types: [string[], ...unknown[]]; location_fields?: string[] } }
  nodes: number[]
  edges: number[]
  strings: string[]
  locations?: number[]
}

/** A heap snapshot's nodes summed by type and name (a constructor, a closure's function, an engine-internal kind). */
export type Groups = Map<string, { count: number; size: number }>

/** One function's machine code: a `Code` object with what only it holds (instructions, relocation info, positions, deopt data). */
export interface CompiledCode {
  /** The `Code` node's id (the same object keeps its id in later snapshots of the page). */
  id: number
  /** 'optimized' (Maglev or Turbofan: it carries deoptimisation data) or 'baseline' (Sparkplug). */
  tier: 'optimized' | 'baseline'
  /** The function's name as the script spells it (minified in a production build); '(anonymous)' if none. */
  fn: string
  /** The function's script URL ('' when it has none). */
  script: string
  /** 1-based line and column of the function's closure in its script, where the snapshot records it. */
  line?: number
  column?: number
  bytes: number
}

export interface HeapSummary {
  /** V8's compiled code (heap snapshot type "code": bytecode, machine code, feedback vectors, scope infos), without the bench's. */
  code: number
  /** The compiled code of the functions of the bench's own scripts (its helper in the page's isolate). */
  benchCode: number
  /** The rest of V8's heap (objects, arrays, strings, closures, hidden and system objects). */
  objects: number
  /** Blink's nodes (type "native"). */
  native: number
  groups: Groups
  /** Optimised and baseline code by function, the bench's own left out. */
  compiled: CompiledCode[]
}

const SCRIPT = 'system / Script'
const SFI = 'system / SharedFunctionInfo'
/** What a `Code` object alone holds: its instructions and their metadata (the snapshot's names for V8's internal kinds). */
const CODE_PARTS = /^system \/ (InstructionStream|TrustedByteArray|ProtectedFixedArray|TrustedWeakFixedArray|CodeWrapper)$/

/**
 * Sums `snap`. `benchScript` is the script URL of the bench's own code: the compiled code reachable from its functions
 * (bytecode, machine code, feedback) goes to `benchCode`, not `code`.
 */
export function summarize(snap: HeapSnapshotJson, benchScript: string): HeapSummary {
  const meta = snap.snapshot.meta
  const nf = meta.node_fields.length
  const ef = meta.edge_fields.length
  const [typeAt, nameAt, idAt, sizeAt, countAt] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f)) as [number, number, number, number, number]
  const [eTypeAt, eNameAt, eToAt] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [number, number, number]
  const nodeTypes = meta.node_types[0]
  const edgeTypes = meta.edge_types[0]
  const { nodes, edges, strings } = snap
  const count = nodes.length / nf
  const type = (n: number) => nodeTypes[nodes[n * nf + typeAt]!]!
  const name = (n: number) => strings[nodes[n * nf + nameAt]!]!
  const size = (n: number) => nodes[n * nf + sizeAt]!

  // Each node's first edge, and every edge's source (for the retainers of a Code object).
  const firstEdge = new Uint32Array(count + 1)
  for (let n = 0, e = 0; n < count; n++) {
    firstEdge[n] = e
    e += nodes[n * nf + countAt]! * ef
  }
  firstEdge[count] = edges.length
  /** Outgoing edges of `n` that are not weak: [edge name (a string, or an index as text), target node]. */
  const out = (n: number): [string, number][] => {
    const list: [string, number][] = []
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += ef) {
      const t = edgeTypes[edges[e + eTypeAt]!]!
      if (t === 'weak') continue
      const raw = edges[e + eNameAt]!
      list.push([t === 'element' || t === 'hidden' ? String(raw) : strings[raw]!, edges[e + eToAt]! / nf])
    }
    return list
  }
  const edgeTo = (n: number, edgeName: string) => out(n).find(([e]) => e === edgeName)?.[1]
  // Closures by the Code their `code` edge points at.
  const closuresOf = new Map<number, number[]>()
  for (let n = 0; n < count; n++) {
    if (type(n) !== 'closure') continue
    const code = edgeTo(n, 'code')
    if (code !== undefined) closuresOf.set(code, [...(closuresOf.get(code) ?? []), n])
  }
  const locations = new Map<number, [number, number]>()
  const lf = meta.location_fields ?? []
  if (snap.locations && lf.length) {
    const [objAt, lineAt, colAt] = ['object_index', 'line', 'column'].map((f) => lf.indexOf(f)) as [number, number, number]
    for (let i = 0; i < snap.locations.length; i += lf.length) locations.set(snap.locations[i + objAt]! / nf, [snap.locations[i + lineAt]! + 1, snap.locations[i + colAt]! + 1])
  }
  const isSfi = (n: number) => name(n) === SFI || name(n).startsWith(`${SFI} / `)
  /** The URL of a function's script: its name, else its `//# sourceURL=` (an unnamed edge to a string). */
  const scriptOf = (sfi: number) => {
    const script = edgeTo(sfi, 'script')
    if (script === undefined) return ''
    const url = name(script).slice(SCRIPT.length + 3)
    if (url) return url
    const sourceUrl = out(script).find(([e, to]) => /^\d+$/.test(e) && type(to) === 'string')
    return sourceUrl ? name(sourceUrl[1]) : ''
  }
  // Baseline code is held by its function's SFI (`trusted_function_data`), optimised code by its closures.
  const sfiOfBaseline = new Map<number, number>()
  for (let n = 0; n < count; n++) {
    if (type(n) !== 'code' || !isSfi(n)) continue
    const data = edgeTo(n, 'trusted_function_data')
    if (data !== undefined && name(data) === 'system / Code') sfiOfBaseline.set(data, n)
  }
  const fnName = (sfi: number) => name(sfi).slice(SFI.length + 3) || '(anonymous)'

  // Which node belongs to whom: the bench's functions' code to the bench (BENCH), a Code object's parts to it (CODE).
  const BENCH = 1
  const CODE = 2
  const claimed = new Uint8Array(count)
  /** Claims `n` and, through its non-weak edges, the code nodes `part` accepts: their bytes. */
  const claim = (n: number, part: (to: number) => boolean, owner: number): number => {
    if (claimed[n]) return 0
    claimed[n] = owner
    let bytes = size(n)
    for (const [, to] of out(n)) if (type(to) === 'code' && part(to)) bytes += claim(to, part, owner)
    return bytes
  }
  const codePart = (n: number) => CODE_PARTS.test(name(n))
  // A function's own code nodes: not another function, a script, or a Code object (a builtin's, or another tier's).
  const benchPart = (n: number) => !isSfi(n) && !name(n).startsWith(SCRIPT) && name(n) !== 'system / Code'
  const tierOf = (code: number) => {
    const names = out(code).map(([e]) => e)
    return names.includes('deoptimization_data') ? 'optimized' : names.includes('bytecode_offset_table') ? 'baseline' : undefined
  }

  // The bench's functions first: their SFIs (bytecode, scope infos, feedback metadata, code) and their closures'
  // feedback and code, through code nodes only (not into other functions, scripts or builtins).
  let benchCode = 0
  for (let n = 0; n < count; n++) {
    if (type(n) === 'code' && isSfi(n) && scriptOf(n) === benchScript) {
      claimed[n] = BENCH
      benchCode += size(n)
      for (const [, to] of out(n)) {
        if (type(to) === 'code' && benchPart(to)) benchCode += claim(to, benchPart, BENCH)
        else if (name(to) === 'system / Code' && tierOf(to)) benchCode += claim(to, benchPart, BENCH)
      }
    }
  }
  for (let n = 0; n < count; n++) {
    if (type(n) !== 'closure') continue
    const sfi = edgeTo(n, 'shared')
    if (sfi === undefined || scriptOf(sfi) !== benchScript) continue
    for (const [e, to] of out(n)) {
      if (e === 'feedback_cell') benchCode += claim(to, benchPart, BENCH)
      else if (e === 'code' && tierOf(to)) benchCode += claim(to, benchPart, BENCH)
    }
  }

  const compiled: CompiledCode[] = []
  for (let n = 0; n < count; n++) {
    if (name(n) !== 'system / Code' || claimed[n]) continue
    const tier = tierOf(n)
    if (!tier) continue
    const closure = closuresOf.get(n)?.[0]
    let sfi = closure === undefined ? sfiOfBaseline.get(n) : edgeTo(closure, 'shared')
    if (sfi === undefined) {
      // Optimised code no closure runs any more: its deoptimisation data names the function (its first entry).
      const deopt = edgeTo(n, 'deoptimization_data')
      const wrapper = deopt === undefined ? undefined : out(deopt).map(([, to]) => to).find((to) => name(to) === 'system / SharedFunctionInfoWrapper')
      sfi = wrapper === undefined ? undefined : out(wrapper).map(([, to]) => to).find(isSfi)
    }
    const script = sfi === undefined ? '' : scriptOf(sfi)
    if (sfi !== undefined && script === benchScript) {
      benchCode += claim(n, benchPart, BENCH)
      continue
    }
    const at = closure === undefined ? undefined : locations.get(closure)
    compiled.push({ id: nodes[n * nf + idAt]!, tier, fn: sfi === undefined ? '(unknown)' : fnName(sfi), script, line: at?.[0], column: at?.[1], bytes: claim(n, codePart, CODE) })
  }

  const sums = { code: 0, objects: 0, native: 0 }
  const groups: Groups = new Map()
  for (let n = 0; n < count; n++) {
    const t = type(n)
    if (claimed[n] === BENCH) continue
    const s = size(n)
    if (t === 'code') sums.code += s
    else if (t === 'native') sums.native += s
    else sums.objects += s
    // Strings and numbers by type only (their names are their values); everything else by type and name.
    const key = /^(string|concatenated string|sliced string|number|bigint)$/.test(t) ? t : `${t} ${name(n).slice(0, 60)}`
    const g = groups.get(key) ?? { count: 0, size: 0 }
    g.count += 1
    g.size += s
    groups.set(key, g)
  }
  return { ...sums, benchCode, groups, compiled }
}
