/**
 * Offline fixtures for the flow stories (storybook/flows): the real modal (kernel, `<Modal/>` shell, plugins) on the
 * story chain of storybook/story-modal.tsx, with one browser wallet that asks before it answers. Its requests wait
 * in a "wallet window" beside the modal with Approve and Reject, as an extension's pop-up does, so a play function
 * walks a flow the way a visitor does: a click in the modal, then Approve in the wallet.
 */
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { expect, waitFor } from 'storybook/test'
import { definePlugin, ProviderRpcError, type ConnectResult, type Modal as ModalInstance, type PluginDefinition } from '../../kernel/index.ts'
import { Modal } from '../../ui/react/Modal.tsx'
import { PorticoProvider } from '../../ui/react/context.tsx'
import { sampleAddress, sampleIcon } from '../fixtures.ts'
import { createStoryModal } from '../story-modal.tsx'

export const FLOW_WALLET = 'Portico Dev Wallet'
const WALLET_ID = 'dev.portico.wallet'
/** A fixed signature: the flows' backends are fakes that accept any. */
export const FLOW_SIGNATURE = `0x${'ab'.repeat(65)}`
export const FLOW_TX_HASH = `0x${'cd'.repeat(32)}`

interface PendingRequest {
  id: number
  /** What the wallet window shows, e.g. "Connect to this site" or "personal_sign". */
  what: string
  approve(): void
  reject(): void
}

/** The wallet's queue of requests waiting for the visitor. */
export class WalletPrompt {
  private queue: PendingRequest[] = []
  private listeners = new Set<() => void>()
  private next = 1

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  getSnapshot = () => this.queue

  /** Waits for Approve (resolving with `answer()`) or Reject (a 4001 rejection). */
  ask<T>(what: string, answer: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const request: PendingRequest = {
        id: this.next++,
        what,
        approve: () => this.settle(request, () => resolve(answer())),
        reject: () => this.settle(request, () => reject(new ProviderRpcError(4001, 'User rejected the request.'))),
      }
      this.queue = [...this.queue, request]
      this.emit()
    })
  }

  private settle(request: PendingRequest, done: () => void) {
    this.queue = this.queue.filter((r) => r !== request)
    this.emit()
    done()
  }

  private emit() {
    for (const l of this.listeners) l()
  }
}

/**
 * A browser wallet announced for eip155 (EIP-6963 style row "Portico Dev Wallet, Installed") whose connect and
 * signatures wait for the wallet window; network switches are accepted at once; `eip155:request` and
 * `eip155:eth_sendTransaction` (what the eip155 plugin serves to send and swap) answer from fixed values, a
 * transaction only after Approve.
 */
export function flowWallet(prompt: WalletPrompt, opts: { autoApproveConnect?: boolean } = {}): PluginDefinition {
  return definePlugin({
    id: 'flow-wallet',
    kind: 'feature',
    portico: '1.x',
    setup(ctx) {
      const result = (): ConnectResult => ({ accounts: [{ namespace: 'eip155', address: sampleAddress, type: 'eoa' }], caipNetworkId: 'eip155:31337' })
      ctx.registerConnector(() => ({
        id: WALLET_ID,
        name: FLOW_WALLET,
        type: 'ANNOUNCED',
        chain: 'eip155',
        imageUrl: sampleIcon('#e2761b', 'P'),
        info: { rdns: WALLET_ID },
        connect: () => (opts.autoApproveConnect ? Promise.resolve(result()) : prompt.ask('Connect to this site', result)),
        reconnect: () => Promise.resolve(undefined),
        disconnect: () => Promise.resolve(),
        switchNetwork: () => Promise.resolve(),
        request: ({ method }) => prompt.ask(method, () => FLOW_SIGNATURE),
      }))
      ctx.registerRpc('eip155:request' as never, (async ({ method }: { method: string }) => {
        switch (method) {
          case 'eth_estimateGas':
            return '0x5208' // 21000
          case 'eth_gasPrice':
            return '0x6fc23ac0' // 1.875 gwei
          case 'eth_getBalance':
            return '0x42ec2c9a8b2a1b0000' // 1234.56789 ETH
          case 'eth_call':
            return `0x${(1000n * 10n ** 6n).toString(16).padStart(64, '0')}` // 1000 of a 6-decimals token
          case 'eth_getTransactionReceipt':
            return { status: '0x1', transactionHash: FLOW_TX_HASH }
          case 'eth_chainId':
            return '0x7a69'
          default:
            throw new ProviderRpcError(4200, `The flow wallet does not serve ${method}`)
        }
      }) as never)
      ctx.registerRpc('eip155:eth_sendTransaction' as never, (() => prompt.ask('eth_sendTransaction', () => FLOW_TX_HASH)) as never)
    },
  })
}

/** The wallet's pop-up: the waiting request with Approve and Reject. */
export function WalletWindow({ prompt }: { prompt: WalletPrompt }) {
  const queue = useSyncExternalStore(prompt.subscribe, prompt.getSnapshot)
  const request = queue[0]
  return (
    <section aria-label={`${FLOW_WALLET} window`} style={{ border: '1px dashed #8a8f98', borderRadius: 12, padding: 12, width: 260, fontFamily: 'system-ui, sans-serif', fontSize: 14 }}>
      <h2 style={{ fontSize: 14, margin: '0 0 8px' }}>{FLOW_WALLET}</h2>
      {request ? (
        <>
          <p style={{ margin: '0 0 8px' }}>Request: {request.what}</p>
          <div style={{ display: 'flex', gap: 8 }}>
            <button type="button" onClick={request.approve}>
              Approve
            </button>
            <button type="button" onClick={request.reject}>
              Reject
            </button>
          </div>
        </>
      ) : (
        <p style={{ margin: 0 }}>No request</p>
      )}
    </section>
  )
}

export interface FlowOptions {
  /** Connected through the flow wallet before the story shows (the wallet approves that first connection). */
  connected?: boolean
  /** Feature plugins of the flow (send, swap, ...), made fresh for each modal. */
  plugins?: () => PluginDefinition[]
  /** More connectors' plugins with the story chain's default wallets ('none' by default: only the flow wallet). */
  storyWallets?: 'none' | 'default'
}

/** The flow's modal, built once per story: the `<Modal/>` shell embedded (open, no overlay) and the wallet window. */
export function FlowModal({ options = {}, children }: { options?: FlowOptions; children?: ReactNode }) {
  const [state, setState] = useState<{ modal: ModalInstance; prompt: WalletPrompt }>()
  useEffect(() => {
    let live = true
    let built: ModalInstance | undefined
    const prompt = new WalletPrompt()
    void (async () => {
      const modal = await createStoryModal({
        embedded: true,
        wallets: options.storyWallets ?? 'none',
        plugins: () => [flowWallet(prompt, { autoApproveConnect: options.connected }), ...(options.plugins?.() ?? [])],
      })
      built = modal
      if (options.connected) {
        await modal.connection.connect(WALLET_ID)
        // SPEC §2: opening picks the view, Account for a connected address.
        modal.open()
      }
      if (live) setState({ modal, prompt })
      else modal.destroy()
    })()
    return () => {
      live = false
      built?.destroy()
    }
  }, [options])
  if (!state) return null
  return (
    <PorticoProvider modal={state.modal}>
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <div style={{ width: 'var(--portico-modal-width, 360px)' }}>
          <Modal />
        </div>
        <WalletWindow prompt={state.prompt} />
        {children}
      </div>
    </PorticoProvider>
  )
}

/**
 * Waits until no snackbar is shown (they hide after 2.2 s), so a flow ends on a still frame: the visual snapshot of
 * its end state must not depend on how fast the machine took it.
 */
export async function snackbarGone(canvasElement: HTMLElement): Promise<void> {
  await waitFor(() => expect(canvasElement.querySelector('.portico-snackbar')).toBeNull(), { timeout: 10_000 })
}
