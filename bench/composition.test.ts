import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COMPOSED_PLUGINS, HOSTS, hostSource } from './composition.ts'

// The bench hosts share one template (hostSource in bench/composition.ts): the committed hosts are its output, and the
// per-plugin hosts bench/composition.ts builds are generated with it, so the host code exists once.
describe('bench hosts: one template', () => {
  it.each(Object.keys(HOSTS))('bench/hosts/%s/main.tsx is what hostSource() generates (npx tsx bench/composition.ts --write-hosts)', (name) => {
    const host = HOSTS[name]!
    expect(readFileSync(new URL(`./hosts/${name}/main.tsx`, import.meta.url), 'utf8')).toBe(hostSource(host.plugins, host.comment))
  })

  it('the all-plugins host composes every plugin the per-plugin hosts measure', () => {
    expect(HOSTS['all-plugins']!.plugins.map((p) => p.id).sort()).toEqual(COMPOSED_PLUGINS.map((p) => p.id).sort())
  })

  it('a per-plugin host is the reference host plus its plugin', () => {
    const send = COMPOSED_PLUGINS.find((p) => p.id === 'send')!
    const text = hostSource([send], '// x')
    expect(text).toContain("import { eip155 } from 'portico/plugins/eip155'\nimport { send } from 'portico/plugins/send'\n")
    expect(text).toContain('    }),\n    send(),\n  ],')
    expect(text.replace("import { send } from 'portico/plugins/send'\n", '').replace('    send(),\n', '')).toBe(hostSource([], '// x'))
  })
})
