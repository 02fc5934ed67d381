import { lazyCss } from '../theme/lazy-styles.ts'
import { LAZY_STYLE_ID, ensureSheet } from '../theme/styles.ts'

/**
 * A ref callback for the root element of a component whose rules are in the lazily loaded sheet (lazy-styles.ts): puts
 * that sheet into the element's document or shadow root once, before the first paint (refs attach in the commit, like
 * layout effects).
 */
export function lazyStyles(element: Element | null): void {
  const root = element?.getRootNode()
  if (root && ('head' in root || 'host' in root)) ensureSheet(root as Document | ShadowRoot, LAZY_STYLE_ID, lazyCss)
}
