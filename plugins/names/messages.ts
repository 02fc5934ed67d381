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
    isYours: '{name} is yours',
    registered: 'Your name is registered',
    appsShowName: 'Apps can now show this name instead of your address.',
    backToAccount: 'Back to account',
    chooseName: 'Choose name',
    nameRegistered: 'Name registered',
    registerName: 'Register name',
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

export type NamesMessages = typeof messages.en
