import { useId } from 'react'
import { Button, ListItem, Text, TextField } from 'portico/components'
import type { NameSuggestion } from '../client.ts'
import { formatMessage } from 'portico/react'
import type { NamesState } from '../controller.ts'
import { messages, type NamesMessages } from '../messages.ts'

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
  /** The names catalogue in the shown language. @default English */
  t?: NamesMessages
  /** Shows a SPEC §8 text in the modal's language (useErrorText). @default as it is */
  errorText?: (text: string) => string
}

/** The primary button's label: what blocks registering (issue 30), or Register once the name is free. */
function registerLabel(props: RegisterAccountNameCardProps, t: NamesMessages): string {
  if (props.input.trim() === '') return t.enterName
  if (props.ruleProblem !== undefined || !props.candidate) return t.enterValidName
  if (props.available === true) return t.register
  if (props.available === false) return t.nameTaken
  return props.suggestionsStatus === 'loading' ? t.checking : t.availabilityUnknown
}

/** SPEC §2 RegisterAccountName, presentational: the field, the §5 rule, availability, suggestions and the §8 error. */
export function RegisterAccountNameCard(props: RegisterAccountNameCardProps) {
  const { t = messages.en, errorText = (s: string) => s } = props
  const zoneId = `${useId()}-zone`
  const busy = props.status === 'signing' || props.status === 'registering'
  const others = props.suggestions.filter((s) => s.name !== props.candidate && !s.registered)
  return (
    <form
      className="portico-stack"
      onSubmit={(e) => {
        e.preventDefault()
        if (props.available && !busy) props.onRegister()
      }}
    >
      <TextField
        label={t.name}
        name="account-name"
        autoComplete="off"
        spellCheck={false}
        value={props.input}
        placeholder={t.placeholder}
        error={props.ruleProblem !== undefined ? errorText(props.ruleProblem) : undefined}
        aria-describedby={zoneId}
        disabled={busy}
        onChange={(e) => props.onInput(e.currentTarget.value)}
      />
      <Text id={zoneId} variant="caption" tone="muted">{formatMessage(t.endsWith, { zone: props.zone })}</Text>
      <Text variant="caption" tone={props.candidate && props.suggestionsStatus !== 'loading' ? (props.available === true ? 'success' : props.available === false ? 'error' : 'muted') : 'muted'} aria-live="polite">
        {props.candidate && props.suggestionsStatus === 'loading'
          ? t.checking
          : props.candidate && props.available === true
            ? formatMessage(t.available, { name: props.candidate })
            : props.candidate && props.available === false
              ? formatMessage(t.taken, { name: props.candidate })
              : ''}
      </Text>
      {props.suggestionsError ? (
        <Text variant="caption" tone="muted" role="status">
          {errorText(props.suggestionsError)}
        </Text>
      ) : null}
      {others.length > 0 ? (
        <div role="group" aria-label={t.suggestions} className="portico-list">
          {others.map((s) => (
            <ListItem
              key={s.name}
              label={s.name}
              tag={t.availableTag}
              tagTone="success"
              disabled={busy}
              onClick={() => props.onInput(s.name.slice(0, -(props.zone.length + 1)))}
            />
          ))}
        </div>
      ) : null}
      {props.status === 'error' && props.error ? (
        <Text tone="error" role="alert">
          {errorText(props.error)}
        </Text>
      ) : null}
      <Button type="submit" fullWidth loading={busy} disabled={!busy && props.available !== true}>
        {props.status === 'signing' ? t.waitingSignature : props.status === 'registering' ? t.registering : registerLabel(props, t)}
      </Button>
    </form>
  )
}
