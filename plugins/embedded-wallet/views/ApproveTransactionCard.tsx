import { forwardRef } from 'react'
import { Skeleton } from 'portico/components'
import { formatMessage } from 'portico/react'
import { messages, type EmbeddedWalletMessages } from '../messages.ts'

/** Height of the box the approval panel is shown in. */
export const APPROVAL_BOX_HEIGHT = 440

export interface ApproveTransactionCardProps {
  /** The method the secure site asks approval for; undefined when nothing waits. */
  method?: string
  /** Strings in the modal's language. @default English */
  t?: EmbeddedWalletMessages
}

/**
 * SPEC §2 ApproveTransaction: a box the secure site's own approval panel (the iframe, on its own origin) is shown
 * over. The modal never draws Approve/Reject itself: only the secure site knows what is signed.
 */
export const ApproveTransactionCard = forwardRef<HTMLDivElement, ApproveTransactionCardProps>(function ApproveTransactionCard({ method, t = messages.en }, ref) {
  if (!method) {
    return (
      <div className="portico-state">
        <p className="portico-state-description">{t.noApproval}</p>
      </div>
    )
  }
  return (
    <div className="portico-view portico-stack">
      <p className="portico-text-muted portico-text-sm">{method === 'passkey_create' ? t.createPasskeyBelow : formatMessage(t.reviewRequest, { method })}</p>
      <div ref={ref} role="group" data-approval-box="" aria-busy="true" aria-label={t.approvalBox}>
        <Skeleton height={APPROVAL_BOX_HEIGHT} shape="md" />
      </div>
    </div>
  )
})
