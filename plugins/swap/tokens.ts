import { createToken } from 'portico/plugin'
import type { SwapController } from './controller.ts'

/** The services the swap plugin provides. */
export const SwapTokens = {
  Controller: createToken<SwapController>('swap.controller'),
} as const
