import type { ComponentProps } from 'react'
import { useId } from 'react'
import { lazyStyles } from './lazy-styles.ts'

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  /** Text of the `<label>` bound to the input. */
  label: string
  /** Keep the label for assistive technology but hide it visually (e.g. a search box with a placeholder). */
  hideLabel?: boolean
  /** Validation message: sets aria-invalid and is linked by aria-describedby. */
  error?: string | undefined
  /** Input id; generated when absent. */
  id?: string
}

/** A labelled text input with an optional error message. */
export function TextField({ label, hideLabel = false, error, id, className, ...rest }: TextFieldProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const errorId = `${inputId}-error`
  const describedBy = [rest['aria-describedby'], error ? errorId : undefined].filter(Boolean).join(' ') || undefined
  return (
    <div ref={lazyStyles} className={className ? `portico-text-field ${className}` : 'portico-text-field'}>
      <label htmlFor={inputId} className={hideLabel ? 'portico-visually-hidden' : 'portico-text-field-label'}>
        {label}
      </label>
      <input
        {...rest}
        id={inputId}
        className="portico-text-field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p id={errorId} className="portico-text-field-error">
          {error}
        </p>
      )}
    </div>
  )
}
