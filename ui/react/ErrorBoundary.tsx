import { Component, type ErrorInfo, type ReactNode } from 'react'

export interface ErrorBoundaryProps {
  /** What to render instead of the children once one of them threw during render. */
  fallback: (error: unknown) => ReactNode
  /** Told once per caught error (the modal forwards it to its `error` event); it must not throw. */
  onError?: (error: unknown) => void
  children: ReactNode
}

interface State {
  failed: boolean
  error: unknown
}

/**
 * Catches a render, lifecycle or lazy-load error below it and renders `fallback` instead, so one broken view never
 * unmounts the host app. Give it a `key` that changes with what it guards (the route) to start over.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { failed: false, error: undefined }

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error }
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError?.(error)
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children
  }
}

/** A readable line for a caught error: its message (at most 300 characters), else nothing. */
export function errorMessageOf(error: unknown): string | undefined {
  const message = (error instanceof Error ? error.message : typeof error === 'string' ? error : '').trim()
  // Cut at 300 UTF-16 units, never inside a surrogate pair.
  return message.length > 300 ? `${message.slice(0, 299).replace(/[\uD800-\uDBFF]$/, '')}…` : message || undefined
}
