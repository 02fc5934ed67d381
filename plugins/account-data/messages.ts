import { defineMessages } from 'portico/react'

/**
 * The account-data views' own strings (the tab names, empty states and wallet list labels are the core strings).
 * `op_<type>`: the Activity row title for a history operation type; other types show the type as it comes.
 */
const en = {
  loadMore: 'Load more',
  transaction: 'Transaction',
  op_send: 'Send',
  op_receive: 'Receive',
  op_trade: 'Trade',
  op_mint: 'Mint',
  op_burn: 'Burn',
  op_approve: 'Approve',
  op_deposit: 'Deposit',
  op_withdraw: 'Withdraw',
  op_claim: 'Claim',
  op_execute: 'Execute',
  op_deploy: 'Deploy',
  op_cancel: 'Cancel',
  op_stake: 'Stake',
  op_unstake: 'Unstake',
  op_borrow: 'Borrow',
  op_repay: 'Repay',
}

export type AccountDataMessages = typeof en

export const messages = defineMessages<AccountDataMessages>(
  en,
  (locale) => import(`./messages/${locale}.ts`),
)
