// docs/TESTING.md § Fake wallets: type-checked by `npm test` (examples/app-testing/tsconfig.json includes this folder).
import { createFakeWallets, installFakeWallets, type FakeWalletFailures } from 'portico/testing'

export async function fakeWalletsTour(): Promise<void> {
  // Five wallets (eip155, solana, bip122, cosmos, polkadot) with accounts from one seed; nothing visible to a page yet.
  const wallets = createFakeWallets({
    seed: 'my app tests', // or mnemonic: '...'; neither: the dev mnemonic the local stack funds
    namespaces: ['eip155', 'solana'], // default: all five
    chains: { eip155: [{ chainId: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545' }] },
  })
  const accounts = await wallets.accounts() // { eip155: ['0x…'], solana: ['…'] }
  console.log(accounts.eip155?.[0], accounts.solana?.[0])

  // Call them as a dapp would; requests wait for the test to answer.
  const connecting = wallets.eip155!.request({ method: 'eth_requestAccounts' })
  const request = await wallets.nextRequest() // { namespace: 'eip155', method: 'eth_requestAccounts', ... }
  wallets.approve(request.id) // or wallets.reject() → 4001
  await connecting

  // Every failure flag, the same shape for the five wallets. setFailures replaces the whole set; {} clears it.
  const every: FakeWalletFailures = {
    reject: ['personal_sign', 'solana:signMessage'], // these methods always answer 4001
    rejectNext: true, // the next request that would ask the user answers 4001, then the flag clears
    delayMs: 3_000, // every answer comes 3 s late
    disconnected: false, // true: the wallet drops the site and answers 4900
    unknownChain: true, // the wallet moves to a chain the app does not know (or give the chain)
    malformed: ['eth_requestAccounts'], // answers of the wrong shape (true: every method)
    locked: false, // true: no accounts; connect and sign answer 4100 "The wallet is locked."
  }
  wallets.setFailures(every)
  wallets.setFailures({ locked: true }, ['solana']) // only the Solana wallet
  wallets.setFailures({})

  // In a page (happy-dom, jsdom, a dev build): announced as extensions announce themselves.
  const { dispose } = installFakeWallets(window, { namespaces: ['eip155'], prompt: 'dom' })
  dispose()
}
