'use client'
/** portico/react: React bindings of the kernel. */
export { PorticoProvider, useModalInstance, useOptionalService, useService, useStore } from './context.tsx'
export { useModal, useModalState, useAccount, useNetwork, useConnection } from './hooks.ts'
export { useCapabilities, useModalOptions } from './capabilities.ts'
export { Modal } from './Modal.tsx'
export { ConnectButton, type ConnectButtonProps } from './ConnectButton.tsx'
export { formatMessage, strings, type PorticoStrings } from '../theme/i18n.ts'
export { useConnectingView } from './routing.ts'
export { useWallets, useConnect, connectWallet, WalletButton, type WalletOption, type ConnectStatus, type WalletButtonProps, type WalletButtonState } from './headless.tsx'
export {
  useStrings,
  useLocale,
  useErrorText,
  useFormatters,
  useMessages,
  useDisplayTexts,
  defineMessages,
  message,
  coreMessages,
  pluralKey,
  SUPPORTED_LOCALES,
  type Catalogue,
  type MessageValue,
  type Formatters,
  type Locale,
} from '../i18n/index.ts'
