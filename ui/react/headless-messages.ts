import { defineMessages } from '../i18n/catalogue.ts'

/**
 * The headless components' strings (English here, each other language a lazy chunk in ./messages/): a catalogue of
 * their own, so a host without `<WalletButton>` carries none of it.
 */
export const headlessMessages = defineMessages(
  {
    /** `<WalletButton>`'s label. */
    connectNamed: 'Connect {name}',
  },
  (locale) => import(`./messages/${locale}.ts`),
)
