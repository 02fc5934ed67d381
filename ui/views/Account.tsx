import { lazy, Suspense, useEffect } from 'react'
import { formatAmount, KernelTokens, truncateAddress } from '../../kernel/index.ts'
import { useLocale, useStrings } from '../i18n/react.ts'
import { useDisplayTexts } from '../i18n/display-texts.ts'
import { Avatar } from '../components/Avatar.tsx'
import { Button } from '../components/Button.tsx'
import { CopyButton } from '../components/CopyButton.tsx'
import { Actions, Stack, Text } from '../components/Layout.tsx'
import { NetworkButton } from '../components/NetworkButton.tsx'
import { Skeleton } from '../components/Skeleton.tsx'
import { formatMessage } from '../theme/i18n.ts'
import { DisconnectButton } from './DisconnectButton.tsx'
import { panelOf, tabsIn } from './account-slots.ts'
import { useModalInstance, useStore } from '../react/context.tsx'
import { useAccount, useNetwork, useNetworkImage } from '../react/hooks.ts'

// The tabs are their own chunk: Account's header shows before they load.
const AccountTabs = lazy(() => import('./AccountTabs.tsx'))

/** SPEC §2 Account: avatar, truncated address, balance to 3 decimals with its symbol, network, disconnect. */
export default function Account() {
  const imageOf = useNetworkImage()
  const modal = useModalInstance()
  const strings = useStrings()
  const { locale } = useLocale()
  const { tabs, actions } = useStore(modal.get(KernelTokens.AccountExtensions).store)
  const account = useAccount()
  const { caipNetwork } = useNetwork()
  const namespace = account.namespace

  useEffect(() => {
    if (namespace) void modal.get(KernelTokens.Balance).refresh(namespace)
  }, [modal, namespace, caipNetwork?.caipNetworkId])

  const shownActions = actions.filter((a) => a.available?.({ namespace, caipNetworkId: caipNetwork?.caipNetworkId }) ?? true)
  const actionLabels = useDisplayTexts(shownActions.map((a) => a.label))
  const slotState = { namespace, caipNetworkId: caipNetwork?.caipNetworkId }
  const namespaceSlot = tabsIn(tabs, 'namespace', slotState)
  const slotLabels = useDisplayTexts(namespaceSlot.map((t) => t.label))
  const tabCount = tabsIn(tabs, 'tab', slotState).length

  if (!account.address) {
    return <Text tone="muted">{strings.notConnected}</Text>
  }
  const networkName = caipNetwork?.name ?? strings.unknownNetwork
  return (
    <Stack gap={5}>
      <Stack gap={3} align="center" className="portico-state">
        <Avatar address={account.address} imageUrl={account.profileImage ?? undefined} size={64} />
        <Stack gap={1} align="center">
          <Stack row gap={1} align="center" className="portico-state-title">
            <span className="portico-address" title={account.address}>
              {account.profileName ?? truncateAddress(account.address)}
            </span>
            <CopyButton text={account.address} label={strings.copyAddress} compact />
          </Stack>
          {account.profileName && (
            <Text tone="muted" className="portico-address" title={account.address}>
              {truncateAddress(account.address)}
            </Text>
          )}
          <Text tone="muted" aria-live="polite">
            {account.balance !== undefined && account.balanceSymbol
              ? formatAmount(account.balance, { symbol: account.balanceSymbol, locale })
              : account.balanceLoading
                ? <Skeleton width={96} height={16} />
                : null}
          </Text>
        </Stack>
        <NetworkButton
          name={networkName}
          imageUrl={imageOf(caipNetwork)}
          aria-label={formatMessage(strings.switchNetworkCurrent, { name: networkName })}
          onClick={() => modal.router.push('SwitchNetwork')}
        />
        {shownActions.length > 0 && (
          <Actions balance={shownActions.length} role="group" aria-label={strings.accountActions}>
            {shownActions.map((action, i) => (
              <Button key={action.id} variant="secondary" onClick={() => modal.router.push(action.view as 'Account')}>
                {actionLabels[i]}
              </Button>
            ))}
          </Actions>
        )}
        <Actions>
          <Button variant="secondary" onClick={() => modal.router.push('ProfileWallets')}>
            {strings.wallets}
          </Button>
          <DisconnectButton />
        </Actions>
      </Stack>
      {namespaceSlot.map((tab, i) => {
        const Panel = panelOf(tab)
        return (
          <section key={tab.id} aria-label={slotLabels[i]} className="portico-namespace-slot">
            <Suspense fallback={<Skeleton height={40} />}>
              <Panel />
            </Suspense>
          </section>
        )
      })}
      <Suspense fallback={<Skeleton height={40} />}>
        {tabCount > 0 && <AccountTabs />}
      </Suspense>
    </Stack>
  )
}
