import { defineMessages } from 'portico/react'

/** The Bip122Accounts view's strings ("Not connected." is the core string). */
const en = {
  bitcoinAccounts: 'Bitcoin accounts',
  purposePayment: 'Payment',
  purposeOrdinals: 'Ordinals',
  active: 'Active',
  /** The Account view's action label. */
  accounts: 'Accounts',
}

export type Bip122Messages = typeof en

export const messages = defineMessages<Bip122Messages>(
  en,
  (locale) => import(`./messages/${locale}.ts`),
)
