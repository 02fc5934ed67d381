import { useEffect, useRef, useState } from 'react'
import { describeWalletError, KernelTokens, type ViewProps } from '../../kernel/index.ts'
import { Button } from '../components/Button.tsx'
import { Actions, Stack, Text } from '../components/Layout.tsx'
import { Spinner } from '../components/Spinner.tsx'
import { WalletLogo } from '../components/WalletLogo.tsx'
import { formatMessage } from '../theme/i18n.ts'
import { useErrorText, useStrings } from '../i18n/react.ts'
import { useModalInstance } from '../react/context.tsx'

type Phase = { kind: 'waiting' } | { kind: 'error'; message: string }

/** Waits for a browser wallet's approval; shows the wallet's error with Retry and Cancel. */
export default function ConnectingExternal({ params }: ViewProps<'ConnectingExternal'>) {
  const modal = useModalInstance()
  const strings = useStrings()
  const errorText = useErrorText()
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
  const retry = () => {
    setPhase({ kind: 'waiting' })
    setAttempt((a) => a + 1)
  }
  const waiting = phase.kind === 'waiting'
  return (
    <Stack gap={5} align="center" className="portico-state">
      <WalletLogo name={name} src={connector?.imageUrl} state={waiting ? 'loading' : 'error'} onRetry={retry} />
      {waiting ? (
        <Stack gap={2} align="center">
          <Text variant="title">{formatMessage(strings.continueIn, { name })}</Text>
          <Text tone="muted">{strings.acceptRequest}</Text>
          <Spinner label={strings.acceptRequest} size={16} />
        </Stack>
      ) : (
        <Stack gap={2} align="center">
          <Text variant="title">{strings.connectionDeclined}</Text>
          <Text tone="error" role="alert">
            {errorText(phase.message)}
          </Text>
        </Stack>
      )}
      <Actions>
        {!waiting && <Button onClick={retry}>{strings.retry}</Button>}
        <Button variant="secondary" onClick={() => modal.router.goBack()}>
          {strings.cancel}
        </Button>
      </Actions>
    </Stack>
  )
}
