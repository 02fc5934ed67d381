import { createDomConsentPrompt } from './consent-prompt.ts'
import { createDevWallet, type DevWallet, type DevWalletOptions } from './dev-wallet.ts'
import { installSolanaDevWallet, type SolanaDevWallet, type SolanaDevWalletOptions } from './solana-dev-wallet.ts'

export type EIP6963ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }
export type EIP6963ProviderDetail<P = unknown> = { info: EIP6963ProviderInfo; provider: P }
export type Disposable = { dispose(): void }

type EventTargetWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> & {
  CustomEvent?: typeof CustomEvent
}

export const DEV_WALLET_INFO = {
  name: 'Portico Dev Wallet',
  rdns: 'dev.portico.wallet',
  icon:
    'data:image/svg+xml;base64,' +
    btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b82f6"/>' +
        '<path d="M9 24V8h8a5 5 0 0 1 0 10h-4v6z" fill="#fff"/></svg>',
    ),
} as const

function randomUuid(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto
  if (c?.randomUUID) return c.randomUUID()
  // Fallback for old runtimes: a v4-shaped id from Math.random (only used to tell announcements apart).
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (ch) => {
    const r = Math.floor(Math.random() * 16)
    return (ch === 'x' ? r : (r & 3) | 8).toString(16)
  })
}

/**
 * EIP-6963: announces the provider now and again on every 'eip6963:requestProvider'. The event detail is frozen,
 * as the EIP requires. dispose() stops answering.
 */
export function announceProvider<P>(win: EventTargetWindow, detail: EIP6963ProviderDetail<P>): Disposable {
  const frozen = Object.freeze({ info: Object.freeze({ ...detail.info }), provider: detail.provider })
  const Ctor = win.CustomEvent ?? CustomEvent
  const announce = (): void => {
    win.dispatchEvent(new Ctor('eip6963:announceProvider', { detail: frozen }))
  }
  win.addEventListener('eip6963:requestProvider', announce)
  announce()
  let disposed = false
  const dispose = (): void => {
    if (disposed) return
    disposed = true
    win.removeEventListener('eip6963:requestProvider', announce)
  }
  const handle: Disposable = { dispose }
  const disposeSymbol = (Symbol as { dispose?: symbol }).dispose
  if (disposeSymbol) Object.defineProperty(handle, disposeSymbol, { value: dispose })
  return handle
}

export type InstalledDevWallet = Disposable & {
  wallet: DevWallet
  info: EIP6963ProviderInfo
  /** The Solana side (Wallet Standard), when installed with `solana`. */
  solana?: SolanaDevWallet
}

/**
 * Creates the dev wallet and announces it per EIP-6963 as "Portico Dev Wallet" (rdns dev.portico.wallet).
 * `legacy: true` also sets window.ethereum, removed again on dispose(). `solana` also registers the Solana side
 * through Wallet Standard under the same name, so the page has one multi-namespace wallet (as Phantom or Backpack);
 * both sides share one consent prompt, auto-approve setting and storage.
 */
export function installDevWallet(
  win: EventTargetWindow,
  opts: DevWalletOptions & { legacy?: boolean; info?: Partial<EIP6963ProviderInfo>; solana?: SolanaDevWalletOptions | boolean },
): InstalledDevWallet {
  const { legacy, info: infoOverride, solana: solanaOptions, ...rest } = opts
  const sharedPrompt = solanaOptions && !rest.prompt && typeof document !== 'undefined' ? createDomConsentPrompt(document) : undefined
  const walletOptions: DevWalletOptions = sharedPrompt ? { ...rest, prompt: sharedPrompt } : rest
  const wallet = createDevWallet(walletOptions)
  const info: EIP6963ProviderInfo = { uuid: randomUuid(), ...DEV_WALLET_INFO, ...infoOverride }
  const target = win as EventTargetWindow & { ethereum?: unknown }
  if (legacy) target.ethereum = wallet
  const announcement = announceProvider(win, { info, provider: wallet })
  const solana = solanaOptions
    ? installSolanaDevWallet(win, {
        name: info.name,
        icon: info.icon as `data:image/${string}`,
        autoApprove: walletOptions.autoApprove,
        prompt: walletOptions.prompt,
        storage: walletOptions.storage,
        origin: walletOptions.origin,
        ...(typeof solanaOptions === 'object' ? solanaOptions : {}),
      })
    : undefined
  return {
    wallet,
    info,
    solana: solana?.wallet,
    dispose() {
      solana?.dispose()
      announcement.dispose()
      if (legacy && target.ethereum === wallet) delete target.ethereum
    },
  }
}
