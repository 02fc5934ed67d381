import { porticoCss } from '../theme/styles.ts'

/**
 * Injects the stylesheet. React 19 hoists a `<style href precedence>` into the head and keeps one copy however
 * many times (and modals) render it, so the modal shell and stories can all render this freely.
 */
export function PorticoStyles() {
  return (
    <style href="portico-css" precedence="portico">
      {porticoCss}
    </style>
  )
}
