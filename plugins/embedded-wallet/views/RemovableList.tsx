import { Button, Stack, Text } from 'portico/components'

export interface RemovableListItem {
  /** Stable key, passed back to `onAction`. */
  id: string
  /** The row's accessible name. */
  name: string
  /** First line. */
  title: string
  /** Second line, muted. */
  detail: string
  /** The button's accessible name when its text alone is ambiguous (e.g. "Remove Laptop"). */
  actionName?: string
}

export interface RemovableListProps {
  /** The list's accessible name. */
  label: string
  items: readonly RemovableListItem[]
  /** The button's text on every row ("Remove", "Revoke"). */
  action: string
  /** The id whose action is under way: its button spins, the others wait. */
  busy?: string
  onAction(id: string): void
}

/**
 * A list of the user's things, each with two lines of text and one button at the row's end (passkeys with Remove,
 * smart sessions with Revoke). Texts only, never markup from the server. The text column grows and starts at the
 * row's start edge: `Stack align="center"` would centre the row and its text (the passkey rows were centred so).
 */
export function RemovableList({ label, items, action, busy, onAction }: RemovableListProps) {
  return (
    <Stack gap={3} role="list" aria-label={label}>
      {items.map((item) => (
        <Stack row gap={3} key={item.id} role="listitem" aria-label={item.name}>
          <Stack gap={1} className="portico-grow">
            <Text>{item.title}</Text>
            <Text tone="muted">{item.detail}</Text>
          </Stack>
          <Button variant="secondary" aria-label={item.actionName} loading={busy === item.id} disabled={busy !== undefined && busy !== item.id} onClick={() => onAction(item.id)}>
            {action}
          </Button>
        </Stack>
      ))}
    </Stack>
  )
}
