// The core views in one lazy chunk: they share most components, and one chunk costs less than six small ones.
export { default as Connect } from './Connect.tsx'
export { default as ConnectingExternal } from './ConnectingExternal.tsx'
export { default as Account } from './Account.tsx'
export { default as SwitchNetwork } from './SwitchNetwork.tsx'
export { default as UnsupportedChain } from './UnsupportedChain.tsx'
export { default as ProfileWallets } from './ProfileWallets.tsx'
export { default as SwitchActiveChain } from './SwitchActiveChain.tsx'
