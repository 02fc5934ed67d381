import { definePlugin } from '../../kernel/index.ts'

/** Account actions for stories: one per label, in order (the feature plugins register theirs the same way). */
export function storyAccountActions(labels: readonly string[]) {
  return definePlugin({
    id: 'story-account-actions',
    kind: 'feature',
    portico: '1.x',
    setup(ctx) {
      labels.forEach((label, i) => ctx.registerAccountAction({ id: `story-${i}`, label, order: i, view: 'Account' }))
    },
  })
}

/** The four actions of the demo (send, swap, buy, register name) in English and in German. */
export const demoActions = { en: ['Send', 'Swap', 'Buy', 'Register name'], de: ['Senden', 'Tauschen', 'Kaufen', 'Namen registrieren'] } as const
