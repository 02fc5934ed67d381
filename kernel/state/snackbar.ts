import { Store } from './store.ts'

/** SPEC §2 snackbar variants. */
export type SnackbarVariant = 'loading' | 'success' | 'error'

export interface SnackbarState {
  open: boolean
  message: string
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

  show(message: string, variant: SnackbarVariant): void {
    this.clearTimers()
    if (this.store.getSnapshot().open) {
      this.store.set({ open: false })
      this.later(() => this.display(message, variant), SNACKBAR_REPLACE_DELAY_MS)
      return
    }
    this.display(message, variant)
  }

  showError(message: string): void {
    this.show(message, 'error')
  }

  showSuccess(message: string): void {
    this.show(message, 'success')
  }

  showLoading(message: string): void {
    this.show(message, 'loading')
  }

  hide(): void {
    this.clearTimers()
    this.store.set({ open: false })
  }

  dispose(): void {
    this.clearTimers()
  }

  private display(message: string, variant: SnackbarVariant): void {
    this.store.set({ open: true, message, variant })
    if (variant !== 'loading') this.later(() => this.store.set({ open: false }), AUTO_HIDE_MS)
  }

  private later(fn: () => void, ms: number): void {
    this.timers.push(this.clock.setTimeout(fn, ms))
  }

  private clearTimers(): void {
    for (const t of this.timers.splice(0)) this.clock.clearTimeout(t)
  }
}
