import { Button } from 'portico/components'

export interface RegisterAccountNameSuccessCardProps {
  name?: string
  onDone(): void
}

/** SPEC §2 RegisterAccountNameSuccess, presentational. */
export function RegisterAccountNameSuccessCard({ name, onDone }: RegisterAccountNameSuccessCardProps) {
  return (
    <div className="portico-state">
      <p className="portico-state-title">{name ? `${name} is yours` : 'Your name is registered'}</p>
      <p className="portico-state-description">Apps can now show this name instead of your address.</p>
      <Button fullWidth onClick={onDone}>
        Back to account
      </Button>
    </div>
  )
}
