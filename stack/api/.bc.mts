import { startDevChains } from '/work/main/stack/chain/index.ts'
import { startApiServer } from '/work/main/stack/api/index.ts'
import { rmSync } from 'node:fs'
rmSync('/tmp/apibc', { recursive: true, force: true })
let t0 = Date.now()
const dev = await startDevChains({})
console.log('chains', Date.now() - t0, dev.chains)
t0 = Date.now()
const s = await startApiServer({ dataDir: '/tmp/apibc', chains: dev.chains, deployment: dev.deployment, log: console.log, indexIntervalMs: 60000 })
await s.indexNow()
console.log('indexed', Date.now() - t0)
const q = 'projectId=p'
const a0 = dev.deployment.accounts[0]
for (const p of [`/v1/account/${a0}/balance?chainId=eip155:31337&${q}`, `/v1/account/${a0}/history?${q}`, `/v1/supported-chains?${q}`]) {
  const r = await fetch(s.url + p); console.log(p, r.status, JSON.stringify(await r.json(), null, 1).slice(0, 3000))
}
const r = await fetch(s.url + '/v1/fungible/price?'+q, { method: 'POST', headers: {'content-type':'application/json'}, body: JSON.stringify({ currency: 'usd', addresses: [`eip155:31337:${dev.deployment.chains[31337].contracts.usdc6}`, 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'] }) })
console.log(await r.text())
console.log((await s.db.query('select * from index_state')).rows)
await s.stop(); await dev.stop()
