import { defineMessages } from 'portico/react'

/** The names views' strings (English here, each other language a lazy chunk in ./messages/). */
export const messages = defineMessages(
  {
    name: 'Name',
    placeholder: 'yourname',
    endsWith: 'Your name ends with .{zone}',
    checking: 'Checking availability...',
    available: '{name} is available',
    taken: '{name} is already registered',
    suggestions: 'Suggestions',
    availableTag: 'Available',
    waitingSignature: 'Waiting for signature...',
    registering: 'Registering...',
    register: 'Register',
    // The Register button's label while something blocks it (issue 30: the label says what).
    enterName: 'Enter a name',
    enterValidName: 'Enter a valid name',
    nameTaken: 'Name taken',
    availabilityUnknown: 'Availability unknown',
    isYours: '{name} is yours',
    registered: 'Your name is registered',
    appsShowName: 'Apps can now show this name instead of your address.',
    backToAccount: 'Back to account',
    chooseName: 'Choose name',
    nameRegistered: 'Name registered',
    registerName: 'Register name',
  },
  (locale) => import(`./messages/${locale}.ts`),
)

export type NamesMessages = typeof messages.en
