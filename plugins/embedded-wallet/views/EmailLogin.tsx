import { useEffect, useState } from 'react'
import type { ViewProps } from 'portico/plugin'
import { useErrorText, useMessages, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { EmailLoginCard } from './EmailLoginCard.tsx'

/** Re-renders every second while the email throttle runs, so the "Please try again after {n} seconds" text counts down. */
function useThrottleSeconds(read: () => number, key: unknown): number {
  const [seconds, setSeconds] = useState(read)
  useEffect(() => {
    setSeconds(read())
    const timer = setInterval(() => {
      const left = read()
      setSeconds(left)
      if (left <= 0) clearInterval(timer)
    }, 1_000)
    return () => clearInterval(timer)
  }, [read, key])
  return seconds
}

/** The EmailLogin view: device approval, one-time code, resend (SPEC §4 Email and wallet connection). */
export default function EmailLogin(_props: ViewProps<'EmailLogin'>) {
  const { controller } = useService(EmbeddedWalletTokens.Services)
  const { email } = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  const [read] = useState(() => () => controller.throttleLeft())
  const seconds = useThrottleSeconds(read, email.lastSentAt)
  return (
    <EmailLoginCard
      step={email.step}
      email={email.address}
      error={email.error === undefined ? undefined : errorText(email.error)}
      throttleSeconds={seconds}
      onEmail={(value) => void controller.startEmail(value)}
      onCode={(code) => void controller.submitOtp(code)}
      onResend={() => void controller.resendCode()}
      onRetry={() => void controller.resendCode()}
      t={t}
    />
  )
}
