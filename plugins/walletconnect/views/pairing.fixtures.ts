import { sampleIcon, sampleWcUri } from '../../../storybook/fixtures.ts'
import type { SignClientLike } from '../connector.ts'

/** A sign client for stories: offers a fixed URI and never hears back (or fails at once). */
export function storySignClient(fail: boolean): SignClientLike {
  return {
    core: { verify: {} },
    session: { getAll: () => [] },
    connect: async () => {
      if (fail) throw new Error('Relay unreachable')
      return { uri: sampleWcUri, approval: () => new Promise(() => undefined) }
    },
    request: () => new Promise(() => undefined),
    disconnect: async () => undefined,
    on: () => undefined,
    off: () => undefined,
  }
}

/**
 * A sign client with one-click auth (`authenticate`) for stories: the fixed URI, and a wallet that never answers
 * (`'waiting'`) or declines the sign-in (`'declined'`, as a wallet's rejectSessionAuthenticate arrives: a string).
 */
export function storyAuthSignClient(answer: 'waiting' | 'declined'): SignClientLike {
  return {
    ...storySignClient(false),
    authenticate: async () => ({
      uri: sampleWcUri,
      response: () => (answer === 'declined' ? Promise.reject('User rejected.') : new Promise(() => undefined)),
    }),
  }
}

/** The registry wallet the pairing stories show. */
export const storyWallet = { id: 'demo', name: 'Portico Demo Wallet', image_url: sampleIcon('#3b63f0', 'D'), webapp_link: 'https://wallet.example', mobile_link: 'portico://' }
