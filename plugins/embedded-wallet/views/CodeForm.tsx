import { useState, type FormEvent } from 'react'
import { Button, TextField } from 'portico/components'
import { messages, type EmbeddedWalletMessages } from '../messages.ts'

export interface CodeFormProps {
  error?: string
  busy?: boolean
  onSubmit(code: string): void
  /** Strings in the modal's language. @default English */
  t?: EmbeddedWalletMessages
}

/** The one-time-code field "Code" (six digits) and Continue. */
export function CodeForm({ error, busy = false, onSubmit, t = messages.en }: CodeFormProps) {
  const [value, setValue] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(value)
  }
  return (
    <form className="portico-stack" onSubmit={submit} noValidate>
      <TextField
        label={t.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="[0-9]{6}"
        value={value}
        error={error}
        onChange={(e) => setValue(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      />
      <Button type="submit" fullWidth loading={busy}>
        {t.continue}
      </Button>
    </form>
  )
}
