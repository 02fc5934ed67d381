/** portico/react: React bindings of the kernel. */
export { PorticoProvider, useModalInstance, useOptionalService, useService, useStore } from './context.tsx'
export { useModal, useModalState, useAccount, useNetwork, useConnection } from './hooks.ts'
export { Modal } from './Modal.tsx'
export { formatMessage, strings, type PorticoStrings } from '../theme/i18n.ts'
export { useConnectingView } from './routing.ts'
