/**
 * English UI strings of the components and views. Catalogued error texts are not here: they come from
 * kernel/errors verbatim (SPEC §8). Placeholders are written `{name}` and filled by `formatMessage`.
 */
export interface PorticoStrings {
  connectWallet: string
  allWallets: string
  /** The All Wallets entry's count past 10, rounded down to tens: "430+". */
  walletCountOver: string
  copyLink: string
  copyAddress: string
  copy: string
  copied: string
  copyFailed: string
  disconnect: string
  back: string
  close: string
  installed: string
  recent: string
  qrCode: string
  recommended: string
  searchWallet: string
  noWalletsFound: string
  scanQrCode: string
  qrCodeLabel: string
  openInWallet: string
  getWallet: string
  continueIn: string
  acceptRequest: string
  requestDeclined: string
  connectionDeclined: string
  tryAgain: string
  retry: string
  cancel: string
  switchNetwork: string
  switchNetworkCurrent: string
  selectNetwork: string
  unsupportedNetwork: string
  unsupportedNetworkDescription: string
  tokens: string
  nfts: string
  activity: string
  accountTabs: string
  accountActions: string
  noTokens: string
  noNfts: string
  noActivity: string
  approve: string
  reject: string
  approveTransaction: string
  signMessage: string
  sign: string
  send: string
  swap: string
  buy: string
  fundWallet: string
  profile: string
  wallets: string
  addWallet: string
  email: string
  emailPlaceholder: string
  orContinueWith: string
  continue: string
  loading: string
  accountAvatar: string
  balance: string
  somethingWentWrong: string
  whatIsAWallet: string
  walletConnectQrLabel: string
  openWallet: string
  openWalletDesktop: string
  openWalletMobile: string
  /** WalletConnect on a phone: the secondary choice that shows the QR code instead of the app link. */
  showQrCode: string
  pairingFailed: string
  retryIn: string
  newToWallets: string
  /** Connect: the button that shows the wallets when email and social come first. */
  continueWithWallet: string
  learnMore: string
  unknownNetwork: string
  notConnected: string
  noWalletsAvailable: string
  account: string
  switchChainTitle: string
  switchChain: string
  currentItem: string
  current: string
  switching: string
  connected: string
  active: string
  disconnectFrom: string
  chains: string
  notConnectedShort: string
  noViewRegistered: string
}

/** The English strings. */
export const strings: PorticoStrings = {
  connectWallet: 'Connect Wallet',
  allWallets: 'All Wallets',
  walletCountOver: '{count}+',
  copyLink: 'Copy link',
  copyAddress: 'Copy address',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy',
  disconnect: 'Disconnect',
  back: 'Back',
  close: 'Close',
  installed: 'Installed',
  recent: 'Recent',
  qrCode: 'QR Code',
  recommended: 'Recommended',
  searchWallet: 'Search wallet',
  noWalletsFound: 'No wallets found',
  scanQrCode: 'Scan this QR Code with your phone',
  qrCodeLabel: 'QR code to connect a wallet',
  openInWallet: 'Open in {name}',
  getWallet: 'Get {name}',
  continueIn: 'Continue in {name}',
  acceptRequest: 'Accept connection request in the wallet',
  requestDeclined: 'Request declined',
  connectionDeclined: 'Connection declined',
  tryAgain: 'Try again',
  retry: 'Retry',
  cancel: 'Cancel',
  switchNetwork: 'Switch Network',
  switchNetworkCurrent: 'Switch network, current: {name}',
  selectNetwork: 'Select network',
  unsupportedNetwork: 'Switch to a supported network',
  unsupportedNetworkDescription: 'The network your wallet is on is not supported by this app.',
  tokens: 'Tokens',
  nfts: 'NFTs',
  activity: 'Activity',
  accountTabs: 'Account',
  accountActions: 'Account actions',
  noTokens: 'No tokens yet',
  noNfts: 'No NFTs yet',
  noActivity: 'No activity yet',
  approve: 'Approve',
  reject: 'Reject',
  approveTransaction: 'Approve Transaction',
  signMessage: 'Sign Message',
  sign: 'Sign',
  send: 'Send',
  swap: 'Swap',
  buy: 'Buy',
  fundWallet: 'Fund wallet',
  profile: 'Profile',
  wallets: 'Wallets',
  addWallet: 'Add wallet',
  email: 'Email',
  emailPlaceholder: 'Email',
  orContinueWith: 'or',
  continue: 'Continue',
  loading: 'Loading',
  accountAvatar: 'Account avatar',
  balance: 'Balance',
  somethingWentWrong: 'Something went wrong',
  whatIsAWallet: 'What is a wallet?',
  walletConnectQrLabel: 'WalletConnect QR code',
  openWallet: 'Open {name}',
  openWalletDesktop: 'Open {name} desktop app',
  openWalletMobile: 'Open {name} mobile app',
  showQrCode: 'Show QR code',
  pairingFailed: 'Connection failed',
  retryIn: 'Retry in {seconds} s',
  newToWallets: 'New to wallets?',
  continueWithWallet: 'Continue with a wallet',
  learnMore: 'Learn more',
  unknownNetwork: 'Unknown network',
  notConnected: 'Not connected.',
  noWalletsAvailable: 'No wallets are available.',
  account: 'Account',
  switchChainTitle: 'Switch Chain',
  switchChain: 'Switch chain',
  currentItem: 'Current: {name}',
  current: 'Current',
  switching: 'Switching',
  connected: 'Connected',
  active: 'Active',
  disconnectFrom: 'Disconnect {name} from {chain}',
  chains: 'Chains',
  notConnectedShort: 'Not connected',
  noViewRegistered: 'No view is registered for "{view}"',
}

// In its own module so a plugin's `message()` (ui/i18n/catalogue.ts) does not pull these English strings in.
export { formatMessage } from '../i18n/format-message.ts'
