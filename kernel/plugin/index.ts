/**
 * portico/plugin: what a plugin author needs, and nothing of the kernel's internals (no controller, no KernelTokens,
 * no createModal). The contract (definePlugin, the context and its contract 1.1 capabilities, tokens, disposables,
 * open registries, PLUGIN_CONTRACT_VERSION), the SPEC §8 errors, the SPEC §9 formatting, CAIP syntax, the backend
 * call helpers, and Store for a plugin's own state. Hosts use `portico`; views add `portico/react` and
 * `portico/components`; tests `portico/testing`. Declaration merging still targets `declare module 'portico'`.
 * @example import { definePlugin, ErrorText, formatUnits, type PluginContext } from 'portico/plugin'
 */
export * from './contract.ts'
export * from '../errors/index.ts'
export * from '../format/index.ts'
export * from '../caip/index.ts'
export { fetchWithRetry, withSdkParams, classifyOriginsResponse, type RetryOptions, type SdkParams, type OriginsResult } from '../net/index.ts'
export { Store } from '../state/store.ts'
export { detectMobile } from '../state/options.ts'
export { SDK_TYPE, SDK_VERSION } from '../state/sdk.ts'
export { chainProviderToken, type ChainProviders } from '../providers.ts'
export { importPeer, MissingPeerError, requirePeer } from './peers.ts'
