// The injected dev wallet for the screenshots, built into one classic script (bench/peers/build.ts devWalletScript)
// and added to every host's page before its own scripts, as a browser extension would be: portico/testing's
// EIP-6963 "Portico Dev Wallet" with its in-page consent prompt, on the local chain the hosts use.
import { installDevWallet } from 'portico/testing'

installDevWallet(window, {
  chains: [{ chainId: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:8545' }],
  storage: null,
})
