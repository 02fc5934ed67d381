import { useId } from 'react'
import { Button, ListItem, TextField } from 'portico/components'
import type { NameSuggestion } from '../client.ts'
import type { NamesState } from '../controller.ts'

export interface RegisterAccountNameCardProps {
  /** The zone names register in, shown after the field (`.reown.id`). */
  zone: string
  input: string
  ruleProblem?: string
  suggestions: readonly NameSuggestion[]
  suggestionsStatus: NamesState['suggestionsStatus']
  suggestionsError?: string
  /** Whether the typed name is free (undefined while unknown). */
  available?: boolean
  /** The typed name in full (`label.zone`), when it passes the rule. */
  candidate?: string
  status: NamesState['status']
  error?: string
  onInput(value: string): void
  onRegister(): void
}

/** SPEC §2 RegisterAccountName, presentational: the field, the §5 rule, availability, suggestions and the §8 error. */
export function RegisterAccountNameCard(props: RegisterAccountNameCardProps) {
  const zoneId = `${useId()}-zone`
  const busy = props.status === 'signing' || props.status === 'registering'
  const others = props.suggestions.filter((s) => s.name !== props.candidate && !s.registered)
  return (
    <form
      className="portico-state"
      onSubmit={(e) => {
        e.preventDefault()
        if (props.available && !busy) props.onRegister()
      }}
    >
      <TextField
        label="Name"
        name="account-name"
        autoComplete="off"
        spellCheck={false}
        value={props.input}
        placeholder="yourname"
        error={props.ruleProblem}
        aria-describedby={zoneId}
        disabled={busy}
        onChange={(e) => props.onInput(e.currentTarget.value)}
      />
      <p id={zoneId} className="portico-state-description">{`Your name ends with .${props.zone}`}</p>
      <p className="portico-state-description" aria-live="polite">
        {props.candidate && props.suggestionsStatus === 'loading'
          ? 'Checking availability...'
          : props.candidate && props.available === true
            ? `${props.candidate} is available`
            : props.candidate && props.available === false
              ? `${props.candidate} is already registered`
              : ''}
      </p>
      {props.suggestionsError ? (
        <p className="portico-state-description" role="status">
          {props.suggestionsError}
        </p>
      ) : null}
      {others.length > 0 ? (
        <div role="group" aria-label="Suggestions">
          {others.map((s) => (
            <ListItem
              key={s.name}
              label={s.name}
              tag="Available"
              tagTone="success"
              disabled={busy}
              onClick={() => props.onInput(s.name.slice(0, -(props.zone.length + 1)))}
            />
          ))}
        </div>
      ) : null}
      {props.status === 'error' && props.error ? (
        <div className="portico-state-alert" role="alert">
          <p className="portico-state-title">{props.error}</p>
        </div>
      ) : null}
      <Button type="submit" fullWidth loading={busy} disabled={!busy && props.available !== true}>
        {props.status === 'signing' ? 'Waiting for signature...' : props.status === 'registering' ? 'Registering...' : 'Register'}
      </Button>
    </form>
  )
}
