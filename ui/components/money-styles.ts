import { moneyCss } from '../theme/money-styles.ts'
import { MONEY_STYLE_ID, ensureSheet } from '../theme/styles.ts'

/**
 * A ref callback for the root element of a money primitive: puts the money primitives' sheet into the element's
 * document or shadow root once, before the first paint (refs attach in the commit, like layout effects).
 */
export function moneyStyles(element: Element | null): void {
  const root = element?.getRootNode()
  if (root && ('head' in root || 'host' in root)) ensureSheet(root as Document | ShadowRoot, MONEY_STYLE_ID, moneyCss)
}
