import { defineMessages } from 'portico/react'

/** The pairing view's own strings (English here, each other language a lazy chunk in ./messages/). */
export const messages = defineMessages(
  {
    /** Under the QR code when the offer is one-click auth (wc_sessionAuthenticate with SIWX). */
    oneClick: 'One approval in your wallet connects and signs you in.',
  },
  (locale) => import(`./messages/${locale}.ts`),
)

export type WalletConnectMessages = typeof messages.en
