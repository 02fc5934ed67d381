import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import {
  describeWalletError,
  ErrorText,
  KernelTokens,
  type ChainNamespace,
  type ConnectListEntry,
  type ConnectorGroup,
  type Modal,
} from '../../kernel/index.ts'
import { useModalInstance, useStore } from './context.tsx'
import { connectingRoute } from './routing.ts'
import { useMessagesNow } from '../i18n/react.ts'
import { headlessMessages } from './headless-messages.ts'
import { formatMessage } from '../i18n/format-message.ts'

/** One entry of the Connect list, for a host that draws its own buttons. */
export interface WalletOption {
  /** What `connect(walletId)` and `<WalletButton wallet>` take: the connector's id, or the registry wallet's id. */
  readonly id: string
  readonly name: string
  readonly imageUrl?: string
  /** The SPEC §2 group it is listed in: walletConnect, recent, injected, featured, custom, external, recommended. */
  readonly group: ConnectorGroup
  /** A wallet present in this browser (an extension announced through EIP-6963, Wallet Standard, window.*). */
  readonly installed: boolean
  /** The namespaces choosing it connects (several for a wallet offering more than one). */
  readonly namespaces: readonly ChainNamespace[]
  readonly rdns?: string
}

/** The ids a host may name a wallet by: its id, its rdns, or its name (any case). */
function matches(entry: ConnectListEntry, wallet: string): boolean {
  const w = wallet.toLowerCase()
  return entry.id.toLowerCase() === w || entry.rdns?.toLowerCase() === w || entry.name.toLowerCase() === w
}

function isInstalled(entry: ConnectListEntry): boolean {
  const type = entry.connector?.type
  return type === 'ANNOUNCED' || type === 'INJECTED'
}

function toOption(entry: ConnectListEntry): WalletOption {
  return {
    id: entry.id,
    name: entry.name,
    group: entry.group,
    installed: isInstalled(entry),
    namespaces: entry.namespaces ?? (entry.connector ? [entry.connector.chain] : []),
    ...(entry.imageUrl !== undefined && { imageUrl: entry.imageUrl }),
    ...(entry.rdns !== undefined && { rdns: entry.rdns }),
  }
}

/** The Connect list as the modal shows it (SPEC §2 order, the host's namespaces, one row per multi-namespace wallet). */
function connectList(modal: Modal): ConnectListEntry[] {
  const options = modal.get(KernelTokens.Options).options
  const { activeNamespace, byNamespace } = modal.get(KernelTokens.Network).store.getSnapshot()
  return modal.get(KernelTokens.Connectors).list(modal.get(KernelTokens.Persistence).recentWallets(), options.connectorOrder, {
    namespaces: Object.keys(byNamespace) as ChainNamespace[],
    ...(activeNamespace !== undefined && { activeNamespace }),
  })
}

/**
 * The wallets of the Connect list, for drawing your own: connectors and registry wallets with their install state, in
 * the SPEC §2 order (WalletConnect, recent, installed, featured, custom, external, recommended). Updates as wallets
 * announce themselves and the registry answers.
 */
export function useWallets(): readonly WalletOption[] {
  const modal = useModalInstance()
  const connectors = useStore(modal.get(KernelTokens.Connectors).store)
  const network = useStore(modal.get(KernelTokens.Network).store)
  const connection = useStore(modal.get(KernelTokens.Connection).store)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the stores' snapshots are what the list is made of
  return useMemo(() => connectList(modal).map(toOption), [modal, connectors, network, connection.recentWallet])
}

export type ConnectStatus = 'idle' | 'connecting' | 'connected' | 'error'

/**
 * Connects one wallet directly. An installed wallet (an extension) is asked at once with no modal at all; any other
 * (WalletConnect, a registry wallet, a wallet of a plugin's own view) opens the modal on its connecting view only (the
 * QR code, or "Continue in …"), which closes once connected. `connect` resolves when the wallet connected, and rejects
 * with the wallet's error (4001 when the user declines) or "Modal closed" when the user closes the modal first.
 */
export function useConnect(): {
  connect(walletId: string): Promise<void>
  status: ConnectStatus
  /** The id being connected (or last tried). */
  walletId?: string
  /** The error text of the last attempt (the SPEC §8 text), shown as is. */
  error?: string
  reset(): void
} {
  const modal = useModalInstance()
  const [state, setState] = useState<{ status: ConnectStatus; walletId?: string; error?: string }>({ status: 'idle' })
  const attempt = useRef(0)
  const connect = useCallback(
    async (walletId: string) => {
      const mine = ++attempt.current
      const update = (next: { status: ConnectStatus; walletId?: string; error?: string }) => {
        if (attempt.current === mine) setState(next)
      }
      update({ status: 'connecting', walletId })
      try {
        await connectWallet(modal, walletId)
        update({ status: 'connected', walletId })
      } catch (error) {
        update({ status: 'error', walletId, error: describeWalletError(error) })
        throw error
      }
    },
    [modal],
  )
  const reset = useCallback(() => {
    attempt.current++
    setState({ status: 'idle' })
  }, [])
  return { connect, reset, ...state }
}

/** `useConnect().connect` outside React: see there. */
export async function connectWallet(modal: Modal, walletId: string): Promise<void> {
  const entry = connectList(modal).find((e) => matches(e, walletId))
  if (!entry) throw new Error(`No wallet "${walletId}" in the Connect list`)
  const connection = modal.get(KernelTokens.Connection)
  if (entry.connector && isInstalled(entry)) {
    await connection.connectWallet(entry.connector.id)
    return
  }
  const route = connectingRoute(modal, { ...(entry.connector && { connector: entry.connector }), ...(entry.wallet && { wallet: entry.wallet }) })
  if (!route) throw new Error(`The wallet "${entry.name}" cannot be connected from here`)
  const connected = () => modal.get(KernelTokens.Account).isConnected(entry.connector?.chain)
  await new Promise<void>((resolve, reject) => {
    const stops: Array<() => void> = []
    const stop = () => stops.forEach((s) => s())
    const opened = modal.events.on('connection:connected', () => {
      stop()
      resolve()
    })
    const closed = modal.events.on('modal:close', () => {
      if (connected()) return
      stop()
      reject(new Error(ErrorText.MODAL_CLOSED))
    })
    stops.push(() => opened.dispose(), () => closed.dispose())
    modal.open({ view: route.view, params: route.params })
  })
}

/** What `<WalletButton>`'s children get to draw the button themselves. */
export interface WalletButtonState {
  wallet?: WalletOption
  status: ConnectStatus
  error?: string
  connect(): void
}

export interface WalletButtonProps {
  /** The wallet: its id in the Connect list, its rdns (`io.metamask`) or its name (`MetaMask`), any case. */
  wallet: string
  className?: string
  /** Draws the button yourself; the default is a button named "Connect <name>" with the wallet's icon. */
  children?: (state: WalletButtonState) => ReactNode
}

/**
 * A "Connect MetaMask" button of your own page (like RainbowKit's WalletButton and AppKit's wallet button), built on
 * useWallets and useConnect: an installed wallet connects with no modal, any other shows only its connecting view.
 * Disabled while the wallet is not in the list (not installed and not in the registry) or connecting.
 */
export function WalletButton({ wallet, className, children }: WalletButtonProps) {
  const wallets = useWallets()
  const { connect, status, error, walletId } = useConnect()
  const strings = useMessagesNow(headlessMessages)
  const option = wallets.find((w) => w.id.toLowerCase() === wallet.toLowerCase() || w.rdns?.toLowerCase() === wallet.toLowerCase() || w.name.toLowerCase() === wallet.toLowerCase())
  const mine = walletId === option?.id ? status : 'idle'
  const start = () => {
    if (option) connect(option.id).catch(() => undefined)
  }
  if (children) return <>{children({ ...(option && { wallet: option }), status: mine, ...(error !== undefined && mine === 'error' && { error }), connect: start })}</>
  const name = option?.name ?? wallet
  return (
    <button type="button" className={['portico-wallet-button', className].filter(Boolean).join(' ')} disabled={!option || mine === 'connecting'} aria-busy={mine === 'connecting'} onClick={start}>
      {option?.imageUrl && <img src={option.imageUrl} alt="" width={20} height={20} />}
      {formatMessage(strings.connectNamed, { name })}
    </button>
  )
}
