import { useState, type FormEvent } from 'react'
import { Button, TextField } from 'portico/components'

export interface CodeFormProps {
  error?: string
  busy?: boolean
  onSubmit(code: string): void
}

/** The one-time-code field "Code" (six digits) and Continue. */
export function CodeForm({ error, busy = false, onSubmit }: CodeFormProps) {
  const [value, setValue] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(value)
  }
  return (
    <form className="portico-stack" onSubmit={submit} noValidate>
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="[0-9]{6}"
        value={value}
        error={error}
        onChange={(e) => setValue(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      />
      <Button type="submit" fullWidth loading={busy}>
        Continue
      </Button>
    </form>
  )
}
