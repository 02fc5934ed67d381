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
  (locale) => import(`./messages/${locale}.ts`),
)

export type SiwxMessages = typeof messages.en
