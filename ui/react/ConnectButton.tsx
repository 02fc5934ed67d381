import { truncateAddress } from '../../kernel/index.ts'
import { Button } from '../components/Button.tsx'
import { PorticoStyles } from '../components/PorticoStyles.tsx'
import { useStringsNow } from '../i18n/react.ts'
import { useAccount, useConnection, useModal, useNetwork } from './hooks.ts'

export interface ConnectButtonProps {
  /** A class name for the button (next to Portico's own). */
  className?: string
}

/**
 * A ready connect button for hosts, inside `<PorticoProvider>`:
 * - disconnected: 'Connect Wallet', opens the modal (SPEC §2 picks the first view);
 * - restoring a stored connection (also in a server render when the request's cookies hold one): a busy
 *   'Loading' button, the same on the server and on the hydrating client;
 * - connected: the profile name or the short address (SPEC §9 truncation) and the network's name; opens Account.
 * Its accessible name is its text. Styles are Portico's own stylesheet (`<PorticoStyles />`), nothing more.
 * @example <PorticoProvider modal={modal}><ConnectButton /><Modal /></PorticoProvider>
 */
export function ConnectButton({ className }: ConnectButtonProps = {}) {
  const { open } = useModal()
  const account = useAccount()
  const { status } = useConnection()
  const { caipNetwork } = useNetwork()
  const strings = useStringsNow()
  let button
  if (account.isConnected && account.address) {
    const label = account.profileName || truncateAddress(account.address)
    button = (
      <Button variant="secondary" className={className} onClick={() => open({ view: 'Account' })}>
        <span>{label}</span>
        {caipNetwork && <span>{` · ${caipNetwork.name}`}</span>}
      </Button>
    )
  } else if (status === 'reconnecting') {
    button = (
      <Button variant="secondary" className={className} loading>
        {strings.loading}
      </Button>
    )
  } else {
    button = (
      <Button className={className} onClick={() => open()}>
        {strings.connectWallet}
      </Button>
    )
  }
  return (
    <>
      <PorticoStyles />
      {button}
    </>
  )
}
