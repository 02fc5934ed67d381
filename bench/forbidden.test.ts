import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { forbiddenModules, moduleId } from './build-hosts.ts'

const repo = fileURLToPath(new URL('..', import.meta.url))

describe('bench: forbidden modules in the eip155-only reference host', () => {
  it('names every module of another namespace, in any chunk, whether or not its plugin folder exists', () => {
    const found = forbiddenModules({
      modules: {
        'assets/index-a.js': ['plugins/eip155/index.ts', 'node_modules/viem/_esm/index.js', 'plugins/polkadot/index.ts'],
        'assets/lazy-b.js': [
          'node_modules/@cosmjs/stargate/build/index.js',
          'node_modules/some-lib/node_modules/@solana/web3.js/lib/index.browser.esm.js',
          'node_modules/bitcoinjs-lib/src/esm/index.js',
          'plugins/bip122/connector.ts',
          'plugins/cosmos/index.ts',
          'plugins/solana/address.ts',
          'node_modules/@polkadot/util/index.js',
        ],
      },
    })
    expect(found).toEqual([
      'polkadot: plugins/polkadot/index.ts (assets/index-a.js)',
      'cosmos: node_modules/@cosmjs/stargate/build/index.js (assets/lazy-b.js)',
      'solana: node_modules/some-lib/node_modules/@solana/web3.js/lib/index.browser.esm.js (assets/lazy-b.js)',
      'bitcoin: node_modules/bitcoinjs-lib/src/esm/index.js (assets/lazy-b.js)',
      'bitcoin: plugins/bip122/connector.ts (assets/lazy-b.js)',
      'cosmos: plugins/cosmos/index.ts (assets/lazy-b.js)',
      'solana: plugins/solana/address.ts (assets/lazy-b.js)',
      'polkadot: node_modules/@polkadot/util/index.js (assets/lazy-b.js)',
    ])
  })

  it('passes a clean eip155 build and does not match look-alike names', () => {
    const clean = {
      modules: {
        'assets/index.js': ['plugins/eip155/index.ts', 'plugins/walletconnect/namespaces.ts', 'node_modules/@noble/hashes/esm/sha3.js', 'kernel/caip/namespaces.ts'],
        'assets/x.js': ['plugins/solana-pay-helper/index.ts', 'node_modules/solana-like/index.js', 'ui/views/Connect.tsx'],
      },
    }
    expect(forbiddenModules(clean)).toEqual([])
  })

  it('normalises bundler ids (absolute, virtual, with a query) to repo-relative paths', () => {
    expect(moduleId(join(repo, 'plugins/solana/index.ts'))).toBe('plugins/solana/index.ts')
    expect(moduleId(`\0${join(repo, 'node_modules/@polkadot/api/index.js')}?commonjs-proxy`)).toBe('node_modules/@polkadot/api/index.js')
  })
})

describe('bench: feature plugins the reference host does not import', () => {
  it('names send, swap, names, onramp and siwx modules wherever they appear', () => {
    const found = forbiddenModules({
      modules: {
        'assets/index-a.js': ['plugins/eip155/index.ts', 'plugins/send/index.ts'],
        'assets/lazy-b.js': ['plugins/swap/views/SwapView.tsx', 'plugins/names/index.ts', 'plugins/onramp/limits.ts', 'plugins/siwx/message.ts'],
      },
    })
    expect(found).toEqual([
      'send: plugins/send/index.ts (assets/index-a.js)',
      'swap: plugins/swap/views/SwapView.tsx (assets/lazy-b.js)',
      'names: plugins/names/index.ts (assets/lazy-b.js)',
      'onramp: plugins/onramp/limits.ts (assets/lazy-b.js)',
      'siwx: plugins/siwx/message.ts (assets/lazy-b.js)',
    ])
  })
})
