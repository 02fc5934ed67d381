/**
 * The grammar pieces EIP-4361 (and CAIP-122) borrow: RFC 3986 URI and authority, RFC 3339 date-time. Written from
 * the RFCs' ABNF; each function answers whether the whole string matches the rule.
 */

const UNRESERVED = "A-Za-z0-9\\-._~"
const SUB_DELIMS = "!$&'()*+,;="
const PCT = '%[0-9A-Fa-f]{2}'
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`
const SEGMENT = `${PCHAR}*`
const SEGMENT_NZ = `${PCHAR}+`
const QUERY = `(?:${PCHAR}|[/?])*`
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*`
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*`
const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])'
const IPV4 = `${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}`
const IPVFUTURE = `v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+`

const ipv4Re = new RegExp(`^${IPV4}$`)
const ipFutureRe = new RegExp(`^${IPVFUTURE}$`)
const regNameRe = new RegExp(`^${REG_NAME}$`)
const userinfoRe = new RegExp(`^${USERINFO}$`)
const schemeRe = /^[A-Za-z][A-Za-z0-9+.-]*$/
const pathAbemptyRe = new RegExp(`^(?:/${SEGMENT})*$`)
const pathAbsoluteRe = new RegExp(`^/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?$`)
const pathRootlessRe = new RegExp(`^${SEGMENT_NZ}(?:/${SEGMENT})*$`)
const queryRe = new RegExp(`^${QUERY}$`)
const pcharsRe = new RegExp(`^${PCHAR}*$`)

/** RFC 3986 IPv6address: eight 16-bit groups, one "::" for a run of zeros, an IPv4 tail allowed. */
export function isIpv6(text: string): boolean {
  const halves = text.split('::')
  if (halves.length > 2) return false
  const groups = (part: string): string[] | undefined => (part === '' ? [] : part.split(':'))
  const head = groups(halves[0]!)
  const tail = halves.length === 2 ? groups(halves[1]!) : []
  if (!head || !tail) return false
  const all = [...head, ...tail]
  let count = 0
  for (const [i, g] of all.entries()) {
    if (i === all.length - 1 && g.includes('.')) {
      if (!ipv4Re.test(g)) return false
      count += 2
    } else if (/^[0-9A-Fa-f]{1,4}$/.test(g)) {
      count += 1
    } else {
      return false
    }
  }
  return halves.length === 2 ? count < 8 : count === 8
}

/** RFC 3986 host: IP-literal, IPv4address or reg-name. */
function isHost(host: string): boolean {
  if (host.startsWith('[')) {
    if (!host.endsWith(']')) return false
    const inner = host.slice(1, -1)
    return isIpv6(inner) || ipFutureRe.test(inner)
  }
  return ipv4Re.test(host) || regNameRe.test(host)
}

/** RFC 3986 authority = [ userinfo "@" ] host [ ":" port ]. */
export function isAuthority(text: string): boolean {
  let rest = text
  const at = rest.lastIndexOf('@')
  if (at >= 0) {
    if (!userinfoRe.test(rest.slice(0, at))) return false
    rest = rest.slice(at + 1)
  }
  // The port follows the last colon outside an IP literal.
  const close = rest.lastIndexOf(']')
  const colon = rest.lastIndexOf(':')
  if (colon > close) {
    if (!/^[0-9]*$/.test(rest.slice(colon + 1))) return false
    rest = rest.slice(0, colon)
  }
  return isHost(rest)
}

/** RFC 3986 URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ] (an absolute URI; no spaces). */
export function isUri(text: string): boolean {
  const colon = text.indexOf(':')
  if (colon <= 0 || !schemeRe.test(text.slice(0, colon))) return false
  let rest = text.slice(colon + 1)
  const hash = rest.indexOf('#')
  if (hash >= 0) {
    if (!queryRe.test(rest.slice(hash + 1))) return false
    rest = rest.slice(0, hash)
  }
  const question = rest.indexOf('?')
  if (question >= 0) {
    if (!queryRe.test(rest.slice(question + 1))) return false
    rest = rest.slice(0, question)
  }
  if (rest.startsWith('//')) {
    const afterSlashes = rest.slice(2)
    const slash = afterSlashes.indexOf('/')
    const authority = slash >= 0 ? afterSlashes.slice(0, slash) : afterSlashes
    const path = slash >= 0 ? afterSlashes.slice(slash) : ''
    return isAuthority(authority) && pathAbemptyRe.test(path)
  }
  return rest === '' || pathAbsoluteRe.test(rest) || pathRootlessRe.test(rest)
}

/** RFC 3986 pchar repeated (EIP-4361 request-id = *pchar). */
export function isPchars(text: string): boolean {
  return pcharsRe.test(text)
}

/** RFC 3986 scheme. */
export function isScheme(text: string): boolean {
  return schemeRe.test(text)
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/

/** RFC 3339 date-time with a real calendar date (2022-02-31 is refused) and in-range time and offset. */
export function isDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text)
  if (!m) return false
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  if (month < 1 || month > 12 || day < 1) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!
  if (day > days || hour > 23 || minute > 59 || second > 60) return false
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return false
  return true
}

/** Milliseconds since the epoch of an RFC 3339 date-time (checked with isDateTime first). */
export function dateTimeMs(text: string): number {
  return Date.parse(text.replace(/[Tt]/, 'T').replace(/z$/, 'Z'))
}
