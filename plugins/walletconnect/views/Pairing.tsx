import { useEffect, useState } from 'react'
import type { Modal } from 'portico'
import { describeWalletError, ErrorText, type WalletListing } from 'portico/plugin'
import { Actions, Button, CopyButton, QrCode, Spinner, Stack, Text, WalletLogo } from 'portico/components'
import { useCapabilities, useMessages, useModalInstance, useStore } from 'portico/react'
import { formatMessage, useErrorText, useStrings, type PorticoStrings } from 'portico/react'
import type { WalletConnectConnector } from '../connector.ts'
import { findWallet, WalletConnectTokens } from '../tokens.ts'
import { PairingCancelledError } from '../pairing.ts'
import { messages } from '../messages.ts'
import { walletLinks, type WalletLink } from '../wallet-links.ts'

const LINK_LABEL: Record<WalletLink['kind'], keyof PorticoStrings> = {
  web: 'openWallet',
  desktop: 'openWalletDesktop',
  mobile: 'openWalletMobile',
}

function connectorOf(modal: Modal): WalletConnectConnector {
  try {
    return modal.get(WalletConnectTokens.Connector)
  } catch {
    throw new Error(ErrorText.WALLETCONNECT_CONNECTOR_NOT_FOUND)
  }
}

/**
 * The pairing screen of ConnectingWalletConnect and ConnectingWalletConnectBasic. The URI is generated as soon as
 * the view mounts, so a wallet link already carries it and opens inside the click gesture; when the wallet app does
 * not open, the QR code and the links stay. A new URI replaces one with under 10 s left; Retry waits 1 s after an
 * error (SPEC §9).
 */
export function WalletConnectPairing({ walletId, listing, phone }: { walletId?: string; listing?: WalletListing; /** Lay out for a phone; @default the viewport is phone-sized (≤ 430 px, where the dialog is a bottom sheet) */ phone?: boolean }) {
  const modal = useModalInstance()
  const strings = useStrings()
  const t = useMessages(messages)
  const errorText = useErrorText()
  const { modal: dialog } = useCapabilities()
  const connector = connectorOf(modal)
  const connection = modal.connection
  const { pairing } = useStore(connector.pairing.store)
  const wallet = listing ?? (walletId ? findWallet(modal, walletId) : undefined)
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState<string>()
  const phoneViewport = usePhoneViewport()
  const [showQr, setShowQr] = useState(false)

  useEffect(() => {
    let live = true
    const namespace = modal.state.network.getSnapshot().activeNamespace ?? connector.chain
    connection
      .connect(connector.id, namespace)
      .then(() => {
        if (live) modal.router.reset('Account')
      })
      .catch((e: unknown) => {
        if (!live || e instanceof PairingCancelledError) return
        setError(describeWalletError(e))
        dialog.shake()
      })
    return () => {
      live = false
      connector.pairing.cancel()
    }
  }, [attempt, connection, connector, modal, dialog])

  const retryIn = useRetryCountdown(connector, pairing.status === 'error')
  const uri = pairing.status === 'ready' ? pairing.uri : undefined
  // One-click auth (SIWX over wc_sessionAuthenticate): the wallet's one approval also signs in.
  const oneClick = pairing.status === 'ready' && pairing.oneClick ? <Text tone="muted">{t.oneClick}</Text> : null
  const name = wallet?.name ?? 'WalletConnect'

  const links = wallet && uri ? walletLinks(wallet, uri) : []
  // A phone cannot scan its own screen: there the app link is the primary action and the QR code a secondary choice.
  const appFirst = (phone ?? phoneViewport) && !showQr && links.some((l) => l.kind === 'mobile')
  const linkButtons = links
    .filter((link) => !appFirst || link.kind === 'mobile')
    .map((link) => (
      <a
        key={link.kind}
        className="portico-button portico-button--primary"
        href={link.href}
        target={link.kind === 'web' ? '_blank' : undefined}
        rel={link.kind === 'web' ? 'noopener noreferrer' : undefined}
        onClick={() => connector.linking.set({ linking: { name: wallet!.name, href: link.href } })}
      >
        {formatMessage(strings[LINK_LABEL[link.kind]], { name: wallet!.name })}
      </a>
    ))

  const retry = () => {
    if (!connector.pairing.canRetry()) return
    setError(undefined)
    setAttempt((a) => a + 1)
  }

  return (
    <Stack gap={4} align="center" className="portico-state">
      {error ? (
        <>
          {wallet && <WalletLogo name={wallet.name} src={wallet.image_url} state="error" onRetry={retry} />}
          <Stack gap={2} align="center">
            <Text variant="title">{strings.pairingFailed}</Text>
            <Text tone="error" role="alert">
              {errorText(error)}
            </Text>
          </Stack>
          <Actions>
            <Button aria-disabled={retryIn > 0 || undefined} onClick={retry}>
              {retryIn > 0 ? formatMessage(strings.retryIn, { seconds: Math.ceil(retryIn / 1000) }) : strings.retry}
            </Button>
          </Actions>
        </>
      ) : uri && appFirst && wallet ? (
        <>
          <WalletLogo name={wallet.name} src={wallet.image_url} state="loading" />
          <Text tone="muted">{formatMessage(strings.continueIn, { name })}</Text>
          {oneClick}
          <Actions>
            {linkButtons}
            <Button variant="secondary" onClick={() => setShowQr(true)}>
              {strings.showQrCode}
            </Button>
            <CopyButton text={uri} label={strings.copyLink} />
          </Actions>
        </>
      ) : uri ? (
        <>
          <QrCode value={uri} label={strings.walletConnectQrLabel} logo={wallet ? { name: wallet.name, src: wallet.image_url } : undefined} />
          <Text tone="muted">{wallet ? formatMessage(strings.continueIn, { name }) : strings.scanQrCode}</Text>
          {oneClick}
          <Actions>
            {linkButtons}
            <CopyButton text={uri} label={strings.copyLink} />
          </Actions>
        </>
      ) : (
        <>
          {wallet && <WalletLogo name={wallet.name} src={wallet.image_url} state="loading" />}
          <Spinner label={strings.loading} />
        </>
      )}
    </Stack>
  )
}

/** Milliseconds until Retry is allowed, re-rendering when the gap ends. */
function useRetryCountdown(connector: WalletConnectConnector, failed: boolean): number {
  const [, tick] = useState(0)
  const wait = failed ? connector.pairing.retryAllowedIn() : 0
  useEffect(() => {
    if (wait <= 0) return
    const timer = setTimeout(() => tick((n) => n + 1), wait)
    return () => clearTimeout(timer)
  }, [wait])
  return wait
}

/** True on a phone-sized viewport (the width at which the dialog becomes a bottom sheet), following resizes. */
function usePhoneViewport(): boolean {
  const query = '(max-width: 430px)'
  const [match, setMatch] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches)
  useEffect(() => {
    if (typeof matchMedia !== 'function') return
    const list = matchMedia(query)
    const update = () => setMatch(list.matches)
    update()
    list.addEventListener('change', update)
    return () => list.removeEventListener('change', update)
  }, [])
  return match
}
