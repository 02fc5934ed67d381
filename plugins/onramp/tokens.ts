import { createToken } from 'portico/plugin'
import type { OnrampController } from './controller.ts'

/** The services the onramp plugin provides (hosts and views read them with `modal.get` / `useService`). */
export const OnrampTokens = {
  Controller: createToken<OnrampController>('onramp.controller'),
} as const
