import { useEffect, useRef, useState } from 'react'
import { describeWalletError, KernelTokens, type ViewProps } from '../../kernel/index.ts'
import { Button } from '../components/Button.tsx'
import { Spinner } from '../components/Spinner.tsx'
import { WalletImage } from '../components/WalletImage.tsx'
import { strings, formatMessage } from '../theme/i18n.ts'
import { useModalInstance } from '../react/context.tsx'

type Phase = { kind: 'waiting' } | { kind: 'error'; message: string }

/** Waits for a browser wallet's approval; shows the wallet's error with Retry and Cancel. */
export default function ConnectingExternal({ params }: ViewProps<'ConnectingExternal'>) {
  const modal = useModalInstance()
  const connector = modal.get(KernelTokens.Connectors).get(params.connectorId)
  const [phase, setPhase] = useState<Phase>({ kind: 'waiting' })
  const [attempt, setAttempt] = useState(0)
  // The request of each attempt, kept across StrictMode's mount-unmount-mount (and any remount of this view
  // instance), so the wallet is asked once per attempt while every mounted effect still hears the answer.
  const request = useRef<{ key: string; result: Promise<unknown> }>(undefined)

  useEffect(() => {
    const key = `${attempt}:${params.connectorId}`
    if (request.current?.key !== key) {
      const result = modal.get(KernelTokens.Connection).connectWallet(params.connectorId)
      result.catch(() => undefined)
      request.current = { key, result }
    }
    let live = true
    request.current.result.then(
      () => {
        if (!live) return
        const unsupported = modal.get(KernelTokens.Network).store.getSnapshot().unsupportedChainId !== undefined
        modal.router.reset(unsupported ? 'UnsupportedChain' : 'Account')
      },
      (error: unknown) => {
        if (!live) return
        setPhase({ kind: 'error', message: describeWalletError(error) })
        modal.get(KernelTokens.Modal).shake()
      },
    )
    return () => {
      live = false
    }
  }, [attempt, modal, params.connectorId])

  const name = connector?.name ?? params.connectorId
  return (
    <div className="portico-state">
      <WalletImage name={name} src={connector?.imageUrl} size={72} />
      {phase.kind === 'waiting' ? (
        <>
          <p className="portico-state-title">{formatMessage(strings.continueIn, { name })}</p>
          <p className="portico-state-description">{strings.acceptRequest}</p>
          <Spinner label={strings.acceptRequest} />
        </>
      ) : (
        <>
          <p className="portico-state-title">{strings.connectionDeclined}</p>
          <p className="portico-state-description" role="alert">
            {phase.message}
          </p>
          <Button
            onClick={() => {
              setPhase({ kind: 'waiting' })
              setAttempt((a) => a + 1)
            }}
          >
            {strings.retry}
          </Button>
        </>
      )}
      <Button variant="secondary" onClick={() => modal.router.goBack()}>
        {strings.cancel}
      </Button>
    </div>
  )
}
