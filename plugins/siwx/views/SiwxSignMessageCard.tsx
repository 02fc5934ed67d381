import { ErrorText } from 'portico/plugin'
import { Actions, Avatar, Button, Spinner } from 'portico/components'
import { formatMessage } from 'portico/react'
import type { SiwxState } from '../controller.ts'
import { messages, type SiwxMessages } from '../messages.ts'

export interface SiwxSignMessageCardProps {
  appName: string
  /** The account that signs (shown as its avatar). */
  address?: string
  status: SiwxState['status']
  error?: string
  detail?: string
  universal: boolean
  required: boolean
  onSign(): void
  onCancel(): void
  /** The sign-in catalogue in the shown language. @default English */
  t?: SiwxMessages
  /** Shows a SPEC §8 text in the modal's language (useErrorText). @default as it is */
  errorText?: (text: string) => string
}

/** SPEC §2 SIWXSignMessage, presentational: who asks, why, Sign and Cancel; the SPEC §8 error of a failed attempt. */
export function SiwxSignMessageCard(props: SiwxSignMessageCardProps) {
  const { t = messages.en, errorText = (s: string) => s } = props
  const signing = props.status === 'signing'
  const authenticating = errorText(ErrorText.AUTHENTICATING)
  return (
    <div className={`portico-state${props.status === 'error' ? ' portico-state--error' : ''}`}>
      {props.address ? <Avatar address={props.address} size={64} /> : null}
      <p className="portico-state-title">{formatMessage(t.needsToConnect, { app: props.appName })}</p>
      <p className="portico-state-description">
        {props.required
          ? t.signToProveRequired
          : t.signToProve}
      </p>
      {signing && props.universal ? (
        // SPEC §4: the loading text during universal authentication.
        <Spinner label={authenticating} />
      ) : null}
      {signing && props.universal ? <p className="portico-state-description">{authenticating}</p> : null}
      {props.status === 'error' && props.error ? (
        <div className="portico-state-alert" role="alert">
          <p className="portico-state-title">{errorText(props.error)}</p>
          {props.detail ? <p className="portico-state-description">{errorText(props.detail)}</p> : null}
        </div>
      ) : null}
      {/* The button language of the money views: Cancel | the primary action, side by side. */}
      <Actions row>
        <Button variant="secondary" onClick={props.onCancel} disabled={signing && props.universal}>
          {t.cancel}
        </Button>
        <Button loading={signing} onClick={props.onSign}>
          {signing ? (props.universal ? authenticating : t.signing) : props.status === 'error' ? t.tryAgain : t.sign}
        </Button>
      </Actions>
    </div>
  )
}
