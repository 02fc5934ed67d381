import { describe, expect, it } from 'vitest'
import { summarize, type HeapSnapshotJson } from './heap-snapshot.ts'

/** A small heap snapshot in DevTools' format: nodes as [type, name, id, self_size], edges by name to node ids. */
function build(nodes: [string, string, number, number][], edges: [from: number, kind: string, name: string, to: number][], locations: [node: number, line: number, column: number][] = []): HeapSnapshotJson {
  const nodeTypes = ['hidden', 'array', 'string', 'object', 'code', 'closure', 'regexp', 'number', 'native', 'synthetic']
  const edgeTypes = ['context', 'element', 'property', 'internal', 'hidden', 'shortcut', 'weak']
  const strings: string[] = []
  const str = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1)
  const index = new Map(nodes.map(([, , id], i) => [id, i]))
  const flatNodes: number[] = []
  const flatEdges: number[] = []
  for (const [type, name, id, size] of nodes) {
    const own = edges.filter(([from]) => from === id)
    flatNodes.push(nodeTypes.indexOf(type), str(name), id, size, own.length, 0)
    for (const [, kind, edgeName, to] of own) flatEdges.push(edgeTypes.indexOf(kind), kind === 'element' || kind === 'hidden' ? Number(edgeName) : str(edgeName), index.get(to)! * 6)
  }
  return {
    snapshot: {
      meta: {
        node_fields: ['type', 'name', 'id', 'self_size', 'edge_count', 'detachedness'],
        node_types: [nodeTypes],
        edge_fields: ['type', 'name_or_index', 'to_node'],
        edge_types: [edgeTypes],
        location_fields: ['object_index', 'script_id', 'line', 'column'],
      },
    },
    nodes: flatNodes,
    edges: flatEdges,
    strings,
    locations: locations.flatMap(([id, line, column]) => [index.get(id)! * 6, 1, line, column]),
  }
}

// The page's optimised function f (Code 3 with machine code, relocation info and deopt data), its baseline function
// g, and the bench helper's optimised function `until` in script bench-memory-helper.js.
const snap = build(
  [
    ['synthetic', '(GC roots)', 1, 0],
    ['closure', 'f', 10, 32],
    ['code', 'system / SharedFunctionInfo / f', 11, 40],
    ['code', 'system / Code', 12, 72],
    ['code', 'system / InstructionStream', 13, 1000],
    ['code', 'system / TrustedByteArray', 14, 100],
    ['code', 'system / ProtectedFixedArray', 15, 200],
    ['code', 'system / Script / http://127.0.0.1/assets/index-abc.js', 16, 50],
    ['code', 'system / BytecodeArray', 17, 300],
    ['code', 'system / FeedbackCell', 18, 16],
    ['code', 'system / SharedFunctionInfoWrapper', 19, 8],
    ['closure', 'g', 20, 32],
    ['code', 'system / SharedFunctionInfo / g', 21, 40],
    ['code', 'system / Code', 22, 72],
    ['code', 'system / InstructionStream', 23, 400],
    ['code', 'system / TrustedByteArray', 24, 30],
    ['closure', 'until', 30, 32],
    ['code', 'system / SharedFunctionInfo / until', 31, 40],
    ['code', 'system / Code', 32, 72],
    ['code', 'system / InstructionStream', 33, 600],
    ['code', 'system / ProtectedFixedArray', 34, 60],
    // A script evaluated over CDP has no name: its `//# sourceURL=` is an unnamed edge to a string.
    ['code', 'system / Script / ', 35, 50],
    ['string', 'bench-memory-helper.js', 39, 40],
    // Its baseline code, held by the SFI, with its bytecode.
    ['code', 'system / Code', 36, 72],
    ['code', 'system / TrustedByteArray', 41, 20],
    ['code', 'system / BytecodeArray', 42, 120],
    ['code', 'system / FeedbackCell', 37, 16],
    ['code', 'system / FeedbackVector', 38, 64],
    ['code', 'system / Code', 40, 72],
    ['object', 'Store', 50, 56],
    ['native', 'HTMLDivElement', 60, 120],
  ],
  [
    [1, 'element', '1', 10],
    [1, 'element', '2', 20],
    [1, 'element', '3', 30],
    [1, 'element', '4', 50],
    [10, 'internal', 'shared', 11],
    [10, 'internal', 'code', 12],
    [10, 'internal', 'feedback_cell', 18],
    [11, 'internal', 'script', 16],
    [11, 'internal', 'trusted_function_data', 17],
    [12, 'internal', 'instruction_stream', 13],
    [12, 'internal', 'deoptimization_data', 15],
    [13, 'internal', 'relocation_info', 14],
    [13, 'internal', 'code', 12],
    // The deopt data names the function (and reaches the SFI, not the function's bytecode).
    [15, 'hidden', '3', 19],
    [19, 'internal', 'shared_info', 11],
    // g's baseline code is held by its SFI only.
    [20, 'internal', 'shared', 21],
    [21, 'internal', 'script', 16],
    [21, 'internal', 'trusted_function_data', 22],
    [22, 'internal', 'instruction_stream', 23],
    [22, 'internal', 'bytecode_offset_table', 24],
    // The bench's function: its code, bytecode and feedback are the bench's; the builtin Code 40 it reaches is not.
    [30, 'internal', 'shared', 31],
    [30, 'internal', 'code', 32],
    [30, 'internal', 'feedback_cell', 37],
    [31, 'internal', 'script', 35],
    [31, 'internal', 'trusted_function_data', 36],
    [35, 'hidden', '4', 39],
    [36, 'internal', 'bytecode_offset_table', 41],
    [36, 'internal', 'interpreter_data', 42],
    [32, 'internal', 'instruction_stream', 33],
    [32, 'internal', 'deoptimization_data', 34],
    [33, 'hidden', '0', 40],
    [37, 'internal', 'value', 38],
    [50, 'property', 'code', 12],
  ],
  [[10, 8, 87404]],
)

describe('summarize (bench:memory heap snapshot)', () => {
  const sum = summarize(snap, 'bench-memory-helper.js')

  it('attributes each optimised or baseline Code, with its own parts, to its function and script', () => {
    expect(sum.compiled).toEqual([
      { id: 12, tier: 'optimized', fn: 'f', script: 'http://127.0.0.1/assets/index-abc.js', line: 9, column: 87405, bytes: 72 + 1000 + 100 + 200 },
      { id: 22, tier: 'baseline', fn: 'g', script: 'http://127.0.0.1/assets/index-abc.js', line: undefined, column: undefined, bytes: 72 + 400 + 30 },
    ])
  })

  it("leaves the bench helper's compiled code out of the page's code and sums it apart", () => {
    expect(sum.benchCode).toBe(40 + 72 + 600 + 60 + 72 + 20 + 120 + 16 + 64)
    // Every code node but the bench's: f's (SFI, Code and parts, script, bytecode, feedback cell, deopt's SFI
    // wrapper), g's (SFI, Code and parts), the helper's script and the builtin Code 40.
    expect(sum.code).toBe(40 + 72 + 1000 + 100 + 200 + 50 + 300 + 16 + 8 + 40 + 72 + 400 + 30 + 50 + 72)
    // Closures and strings are objects, the bench's too (its closures and sourceURL string stay the same over a run).
    expect(sum.objects).toBe(32 + 32 + 32 + 56 + 40)
    expect(sum.native).toBe(120)
  })

  it('groups nodes by type and name, without the bench helper', () => {
    expect(sum.groups.get('code system / Code')).toEqual({ count: 3, size: 72 * 3 })
    expect(sum.groups.get('code system / BytecodeArray')).toEqual({ count: 1, size: 300 })
    expect(sum.groups.get('closure until')).toEqual({ count: 1, size: 32 })
    expect(sum.groups.has('code system / SharedFunctionInfo / until')).toBe(false)
  })

  it('names optimised code no closure runs any more by its deoptimisation data', () => {
    const orphan = build(
      [
        ['code', 'system / Code', 1, 72],
        ['code', 'system / ProtectedFixedArray', 2, 200],
        ['code', 'system / SharedFunctionInfoWrapper', 3, 8],
        ['code', 'system / SharedFunctionInfo / render', 4, 40],
        ['code', 'system / Script / http://127.0.0.1/assets/shell.js', 5, 50],
      ],
      [
        [1, 'internal', 'deoptimization_data', 2],
        [2, 'hidden', '3', 3],
        [3, 'internal', 'shared_info', 4],
        [4, 'internal', 'script', 5],
      ],
    )
    expect(summarize(orphan, 'bench-memory-helper.js').compiled).toEqual([
      { id: 1, tier: 'optimized', fn: 'render', script: 'http://127.0.0.1/assets/shell.js', line: undefined, column: undefined, bytes: 272 },
    ])
  })
})
