import { createToken } from 'portico/plugin'
import type { SiwxController } from './controller.ts'

/** The services the siwx plugin provides (hosts and views read them with `modal.get` / `useService`). */
export const SiwxTokens = {
  Controller: createToken<SiwxController>('siwx.controller'),
} as const
