// The views of a connected account in one lazy chunk (see core-views.ts).
export { default as Account } from './Account.tsx'
export { default as SwitchNetwork } from './SwitchNetwork.tsx'
export { default as UnsupportedChain } from './UnsupportedChain.tsx'
export { default as ProfileWallets } from './ProfileWallets.tsx'
export { default as SwitchActiveChain } from './SwitchActiveChain.tsx'
