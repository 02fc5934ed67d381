import { englishText, type DisplayText, type SnackbarVariant, type TranslatableText } from '../plugin/contract.ts'
import { Store } from './store.ts'

export interface SnackbarState {
  open: boolean
  /** The message in English (a SPEC §8 text as written): what logs and tests read. */
  message: string
  /** The message a plugin gave from its catalogue, which the UI shows in the modal's language. */
  text?: TranslatableText
  variant: SnackbarVariant
}

/** The gap between closing an open message and showing the next (SPEC §2). */
export const SNACKBAR_REPLACE_DELAY_MS = 150
const AUTO_HIDE_MS = 2_200

/** SPEC §2: a new message while one is open closes the old one first and appears after 150 ms. */
export class SnackbarController {
  readonly store = new Store<SnackbarState>({ open: false, message: '', variant: 'success' })
  private timers: ReturnType<typeof setTimeout>[] = []

  constructor(private readonly clock: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = globalThis) {}

  /**
   * Shows a message: a SPEC §8 text as written (the UI translates it through its error catalogue) or a plugin's
   * `message(catalogue, key)`.
   */
  show(message: DisplayText, variant: SnackbarVariant): void {
    this.clearTimers()
    if (this.store.getSnapshot().open) {
      this.store.set({ open: false })
      this.later(() => this.display(message, variant), SNACKBAR_REPLACE_DELAY_MS)
      return
    }
    this.display(message, variant)
  }

  showError(message: DisplayText): void {
    this.show(message, 'error')
  }

  showSuccess(message: DisplayText): void {
    this.show(message, 'success')
  }

  showLoading(message: DisplayText): void {
    this.show(message, 'loading')
  }

  hide(): void {
    this.clearTimers()
    this.store.set({ open: false })
  }

  dispose(): void {
    this.clearTimers()
  }

  private display(message: DisplayText, variant: SnackbarVariant): void {
    this.store.set({ open: true, message: englishText(message), text: typeof message === 'string' ? undefined : message, variant })
    if (variant !== 'loading') this.later(() => this.store.set({ open: false }), AUTO_HIDE_MS)
  }

  private later(fn: () => void, ms: number): void {
    this.timers.push(this.clock.setTimeout(fn, ms))
  }

  private clearTimers(): void {
    for (const t of this.timers.splice(0)) this.clock.clearTimeout(t)
  }
}
