import { it, expect } from 'vitest'
import { SignClient } from '@walletconnect/sign-client'
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { startRelay } from './index.ts'
process.env.IS_VITEST = 'true'
class MemoryStorage { private m = new Map<string, any>(); async getKeys(){return [...this.m.keys()]} async getEntries(){return [...this.m.entries()] as any} async getItem(k:string){return this.m.get(k)} async setItem(k:string,v:any){this.m.set(k,v)} async removeItem(k:string){this.m.delete(k)} }
it('debug', async () => {
  const t0 = Date.now(); const L = (s: string) => console.log(`${Date.now()-t0} ${s}`)
  const relay = await startRelay({ log: L })
  const dapp = await SignClient.init({ projectId: 'p', relayUrl: relay.url, customStoragePrefix: 'dbg-d'+t0, storage: new MemoryStorage() as any, logger: 'silent', metadata: { name: 'd', description: 'd', url: 'http://127.0.0.1', icons: [] } })
  const core = new Core({ projectId: 'p', relayUrl: relay.url, customStoragePrefix: 'dbg-w'+t0, storage: new MemoryStorage() as any, logger: 'silent' })
  const wallet = await WalletKit.init({ core, metadata: { name: 'w', description: 'w', url: 'http://127.0.0.1', icons: [] } })
  const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } } })
  const p = new Promise<any>(r => wallet.once('session_proposal', r))
  await wallet.pair({ uri: uri! })
  const { id } = await p
  await wallet.approveSession({ id, namespaces: { eip155: { chains: ['eip155:31337'], accounts: ['eip155:31337:0x0000000000000000000000000000000000000001'], methods: ['personal_sign'], events: [] } } })
  const s = await approval()
  L('session up')
  for (const [n, c] of [['dapp', dapp.core], ['wallet', core]] as const) {
    c.relayer.on('relayer_connect', () => L(n + ' connect'))
    c.relayer.on('relayer_disconnect', () => L(n + ' disconnect'))
  }
  wallet.on('session_request', async (e: any) => { L('wallet got request'); await wallet.respondSessionRequest({ topic: e.topic, response: { id: e.id, jsonrpc: '2.0', result: '0x1' } }) })
  await relay.restart()
  L('restarted')
  const r = await dapp.request({ topic: s.topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: ['0x00', '0x0000000000000000000000000000000000000001'] } })
  L('result ' + r)
  for (const c of [dapp.core, core]) { await c.relayer.transportClose(); c.heartbeat.stop() }
  await relay.stop()
}, 60000)
