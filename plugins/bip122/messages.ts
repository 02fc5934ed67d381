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
  {
    de: () => import('./messages/de.ts'),
    es: () => import('./messages/es.ts'),
    fr: () => import('./messages/fr.ts'),
    ja: () => import('./messages/ja.ts'),
    'zh-CN': () => import('./messages/zh-CN.ts'),
    'pt-BR': () => import('./messages/pt-BR.ts'),
    ko: () => import('./messages/ko.ts'),
    ar: () => import('./messages/ar.ts'),
  },
)
