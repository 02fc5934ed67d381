import { Button } from 'portico/components'
import { formatMessage } from 'portico/react'
import { messages, type NamesMessages } from '../messages.ts'

export interface RegisterAccountNameSuccessCardProps {
  name?: string
  onDone(): void
  /** The names catalogue in the shown language. @default English */
  t?: NamesMessages
}

/** SPEC §2 RegisterAccountNameSuccess, presentational. */
export function RegisterAccountNameSuccessCard({ name, onDone, t = messages.en }: RegisterAccountNameSuccessCardProps) {
  return (
    <div className="portico-state">
      <p className="portico-state-title">{name ? formatMessage(t.isYours, { name }) : t.registered}</p>
      <p className="portico-state-description">{t.appsShowName}</p>
      <Button fullWidth onClick={onDone}>
        {t.backToAccount}
      </Button>
    </div>
  )
}
