/**
 * `portico-stack --config` with the sponsor service (issue 29): dev mode starts it beside the dev chains with the
 * demo policy and hands its URL to the secure site; the service answers ERC-7677 for the demo project.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, parseStackConfig } from './config.ts'
import { startStack } from './portico-stack.ts'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const stub = (url: string, project: string) =>
  fetch(`${url}/${project}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'pm_getPaymasterStubData',
      // A call to an address outside the dev policy: refused by the policy (so the project and its policy exist).
      params: [{ sender: '0x000000000000000000000000000000000000bEEF', nonce: '0x0', callData: '0xb61d27f6000000000000000000000000000000000000000000000000000000000000dead000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000000' }, '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108', '0x7a69', {}],
    }),
  }).then((r) => r.json() as Promise<{ result?: unknown; error?: { code: number; message: string; data?: { reason: string } } }>)

describe('portico-stack: the sponsor service (issue 29)', () => {
  it('dev mode: chain + sponsor start; the dev policy of the named project is loaded (a call outside it is refused by policy)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stack-sponsor-'))
    dirs.push(dir)
    const lines: string[] = []
    const stack = await startStack(parseStackConfig({ services: { chain: {}, sponsor: { project: 'my-demo' } } }), ['chain', 'sponsor'], { baseDir: dir, log: (l) => lines.push(l) })
    try {
      const sponsorLine = stack.services.find((s) => s.name === 'sponsor')!.lines[0]!
      const url = /^sponsor ready (http:\/\/127\.0\.0\.1:\d+) /.exec(sponsorLine)![1]!
      const mine = await stub(url, 'my-demo')
      // The dev policy lists the seeded tokens and NFT: this target is not among them.
      expect(mine.error?.code).toBe(-32001)
      expect(mine.error?.data?.reason).toBe('target')
      const other = await stub(url, 'portico-demo')
      expect(other.error?.data?.reason).toBe('project')
    } finally {
      await stack.stop()
    }
  }, 120_000)

  it('without the chain service or paymasters it names what is missing', async () => {
    await expect(startStack(parseStackConfig({ services: { sponsor: {} } }), ['sponsor'])).rejects.toThrow(new ConfigError('services.sponsor needs paymasters (or the chain service in the same file)'))
    await expect(startStack(parseStackConfig({ services: { sponsor: { paymasters: ['1:0x1:0x2'] } } }), ['sponsor'])).rejects.toThrow(
      new ConfigError('services.sponsor.paymasters[0]: wants <chainId>:<entryPoint>:<paymaster>, got "1:0x1:0x2"'),
    )
  })
})
