/**
 * CometBFT's event query language as tx_search takes it: `key op operand` conditions joined by AND, with the
 * operators =, <, <=, >, >=, CONTAINS and EXISTS, string operands in single quotes and numbers bare
 * (`tx.height=5 AND transfer.recipient='cosmos1...'`). Keys are `tx.height`, `tx.hash` and `<event type>.<attribute>`.
 */

export type QueryCondition =
  | { key: string; op: 'EXISTS' }
  | { key: string; op: '=' | '<' | '<=' | '>' | '>=' | 'CONTAINS'; operand: string | number }

export class QuerySyntaxError extends Error {}

const TOKEN = /\s*(?:(AND)\b|(EXISTS)\b|(CONTAINS)\b|(<=|>=|=|<|>)|'([^']*)'|(-?\d+(?:\.\d+)?)(?![\w.])|([A-Za-z_][\w.\-/]*))/y

type Token = { kind: 'and' | 'exists' | 'contains' | 'op' | 'string' | 'number' | 'key'; text: string }

function tokenize(query: string): Token[] {
  const tokens: Token[] = []
  TOKEN.lastIndex = 0
  let rest = query
  while (rest.trim().length > 0) {
    TOKEN.lastIndex = 0
    const m = TOKEN.exec(rest)
    if (!m) throw new QuerySyntaxError(`failed to parse query: unexpected text at "${rest.trim().slice(0, 30)}"`)
    if (m[1]) tokens.push({ kind: 'and', text: m[1] })
    else if (m[2]) tokens.push({ kind: 'exists', text: m[2] })
    else if (m[3]) tokens.push({ kind: 'contains', text: m[3] })
    else if (m[4]) tokens.push({ kind: 'op', text: m[4] })
    else if (m[5] !== undefined) tokens.push({ kind: 'string', text: m[5] })
    else if (m[6]) tokens.push({ kind: 'number', text: m[6] })
    else tokens.push({ kind: 'key', text: m[7]! })
    rest = rest.slice(TOKEN.lastIndex)
  }
  return tokens
}

export function parseEventQuery(query: string): QueryCondition[] {
  const tokens = tokenize(query)
  const conditions: QueryCondition[] = []
  let i = 0
  const fail = (): never => {
    throw new QuerySyntaxError(`failed to parse query: ${JSON.stringify(query)}`)
  }
  while (i < tokens.length) {
    const key = tokens[i++]
    if (!key || key.kind !== 'key') fail()
    const op = tokens[i++]
    if (!op) fail()
    if (op!.kind === 'exists') {
      conditions.push({ key: key!.text, op: 'EXISTS' })
    } else if (op!.kind === 'op' || op!.kind === 'contains') {
      const operand = tokens[i++]
      if (!operand || (operand.kind !== 'string' && operand.kind !== 'number')) return fail()
      conditions.push({
        key: key!.text,
        op: op!.kind === 'contains' ? 'CONTAINS' : (op!.text as '=' | '<' | '<=' | '>' | '>='),
        operand: operand.kind === 'number' ? Number(operand.text) : operand.text,
      })
    } else {
      fail()
    }
    if (i < tokens.length) {
      if (tokens[i]!.kind !== 'and') fail()
      i++
      if (i >= tokens.length) fail()
    }
  }
  if (conditions.length === 0) fail()
  return conditions
}

/** True when every condition holds for some value of its key (`values` maps composite keys to their values). */
export function matchesQuery(conditions: QueryCondition[], values: Map<string, string[]>): boolean {
  return conditions.every((c) => {
    const candidates = values.get(c.key) ?? []
    if (c.op === 'EXISTS') return candidates.length > 0
    return candidates.some((value) => {
      if (c.op === 'CONTAINS') return value.includes(String(c.operand))
      if (typeof c.operand === 'number') {
        const n = Number(value)
        if (!Number.isFinite(n)) return false
        switch (c.op) {
          case '=':
            return n === c.operand
          case '<':
            return n < c.operand
          case '<=':
            return n <= c.operand
          case '>':
            return n > c.operand
          case '>=':
            return n >= c.operand
        }
      }
      const operand = c.key === 'tx.hash' ? c.operand.toUpperCase() : c.operand
      const v = c.key === 'tx.hash' ? value.toUpperCase() : value
      switch (c.op) {
        case '=':
          return v === operand
        case '<':
          return v < operand
        case '<=':
          return v <= operand
        case '>':
          return v > operand
        case '>=':
          return v >= operand
      }
      return false
    })
  })
}
