import { Activity, createContext, useContext, type ReactNode } from 'react'

/**
 * Whether the dialog is shown. The closed dialog stays mounted, laid out and invisible (Modal.tsx, shell.tsx), with
 * the core Connect view in it; any other view, and every component a plugin adds to Connect, is wrapped in
 * `<WhenShown>`, so its effects run only while a visitor sees the dialog, as they would in a dialog mounted on open.
 */
export const DialogShownContext = createContext(true)

/**
 * Its children mounted hidden (React's `<Activity>`: no effects, not displayed) while the dialog is closed; shown
 * outside a dialog (a view rendered alone in a story).
 */
export function WhenShown({ children }: { children: ReactNode }) {
  return <Activity mode={useContext(DialogShownContext) ? 'visible' : 'hidden'}>{children}</Activity>
}
