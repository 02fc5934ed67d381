import { ErrorText } from 'portico'
import { Avatar, Button, Spinner } from 'portico/components'
import type { SiwxState } from '../controller.ts'

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
}

/** SPEC §2 SIWXSignMessage, presentational: who asks, why, Sign and Cancel; the SPEC §8 error of a failed attempt. */
export function SiwxSignMessageCard(props: SiwxSignMessageCardProps) {
  const signing = props.status === 'signing'
  return (
    <div className={`portico-state${props.status === 'error' ? ' portico-state--error' : ''}`}>
      {props.address ? <Avatar address={props.address} size={64} /> : null}
      <p className="portico-state-title">{`${props.appName} needs to connect to your wallet`}</p>
      <p className="portico-state-description">
        {props.required
          ? 'Sign this message to prove you own this wallet and proceed. Canceling will disconnect you.'
          : 'Sign this message to prove you own this wallet and proceed.'}
      </p>
      {signing && props.universal ? (
        // SPEC §4: the loading text during universal authentication.
        <Spinner label={ErrorText.AUTHENTICATING} />
      ) : null}
      {signing && props.universal ? <p className="portico-state-description">{ErrorText.AUTHENTICATING}</p> : null}
      {props.status === 'error' && props.error ? (
        <div className="portico-state-alert" role="alert">
          <p className="portico-state-title">{props.error}</p>
          {props.detail ? <p className="portico-state-description">{props.detail}</p> : null}
        </div>
      ) : null}
      <Button variant="secondary" fullWidth onClick={props.onCancel} disabled={signing && props.universal}>
        Cancel
      </Button>
      <Button fullWidth loading={signing} onClick={props.onSign}>
        {signing ? (props.universal ? ErrorText.AUTHENTICATING : 'Signing...') : props.status === 'error' ? 'Try again' : 'Sign'}
      </Button>
    </div>
  )
}
