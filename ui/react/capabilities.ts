import { KernelTokens, type ModalOptionsView, type PluginCapabilities } from '../../kernel/index.ts'
import { useModalInstance, useService, useStore } from './context.tsx'

/**
 * Contract 1.1 for plugin views: the same capabilities a plugin's context carries (`modal`, `snackbar`, `network`,
 * `balance`, `request`), so a view needs no kernel controller. State is `useModalInstance().state` (read with
 * `useStore`), connections `useModalInstance().connection`.
 * @example const { modal } = useCapabilities(); modal.shake()
 */
export function useCapabilities(): PluginCapabilities {
  return useService(KernelTokens.Capabilities)
}

/** The host's options, read-only (frozen; re-renders when they change, e.g. `setLocale`). */
export function useModalOptions(): ModalOptionsView {
  return useStore(useModalInstance().state.options)
}
