import { defineMessages } from 'portico/react'

/** The sign-in view's strings (English here, each other language a lazy chunk in ./messages/). */
export const messages = defineMessages(
  {
    needsToConnect: '{app} needs to connect to your wallet',
    thisApp: 'This app',
    signToProve: 'Sign this message to prove you own this wallet and proceed.',
    signToProveRequired: 'Sign this message to prove you own this wallet and proceed. Canceling will disconnect you.',
    cancel: 'Cancel',
    signing: 'Signing...',
    tryAgain: 'Try again',
    sign: 'Sign',
    signIn: 'Sign In',
  },
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

export type SiwxMessages = typeof messages.en
