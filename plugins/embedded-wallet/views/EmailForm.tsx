import { useState, type FormEvent } from 'react'
import { Button, TextField } from 'portico/components'
import { messages, type EmbeddedWalletMessages } from '../messages.ts'

export interface EmailFormProps {
  /** Validation or throttle message under the field. */
  error?: string
  busy?: boolean
  /** Field label. @default t.email */
  label?: string
  initialValue?: string
  onSubmit(email: string): void
  onChange?(): void
  /** Strings in the modal's language. @default English */
  t?: EmbeddedWalletMessages
}

/** An email field with a Continue button (SPEC §5: the address is checked before anything is sent). */
export function EmailForm({ error, busy = false, label, initialValue = '', onSubmit, onChange, t = messages.en }: EmailFormProps) {
  const [value, setValue] = useState(initialValue)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(value)
  }
  return (
    <form className="portico-stack" onSubmit={submit} noValidate>
      <TextField
        label={label ?? t.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={value}
        error={error}
        onChange={(e) => {
          setValue(e.currentTarget.value)
          onChange?.()
        }}
      />
      <Button type="submit" fullWidth loading={busy}>
        {t.continue}
      </Button>
    </form>
  )
}
