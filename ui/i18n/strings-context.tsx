import { createContext, useContext } from 'react'
import { strings, type PorticoStrings } from '../theme/i18n.ts'

/**
 * The core UI strings for presentational components (ui/components import no kernel, so they cannot call
 * `useStrings()`). The modal shell provides `useStrings()`'s value; outside a modal (Storybook, a host's own use of a
 * component) the English strings apply.
 */
export const StringsContext = createContext<PorticoStrings>(strings)

/** The core UI strings of the nearest modal (English outside one). Never suspends. */
export function useUiStrings(): PorticoStrings {
  return useContext(StringsContext)
}
