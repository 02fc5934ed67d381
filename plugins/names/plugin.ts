/** The names plugin's code, loaded by index.ts with a dynamic import (its registration and everything it uses). */
import { definePlugin } from 'portico/plugin'
import { message } from 'portico/react'
import { ProfileApi } from './client.ts'
import { NamesController } from './controller.ts'
import { messages } from './messages.ts'
import { DEFAULT_NAME_ZONE, zoneOf } from './rule.ts'
import { NamesTokens } from './tokens.ts'

/**
 * ENSIP-15 normalization (`normalizeName`, `isNormalizedName`, `fullName`, `normalizeZone`), loaded on demand: the
 * library is ~35 KB gzipped, so it stays out of the host's initial bundle.
 * @example const { normalizeName } = await loadNameNormalizer(); normalizeName('Alice.reown.id') === 'alice.reown.id'
 */

declare module 'portico' {
  interface ViewParams {
    /** SPEC §2 RegisterAccountName: choose and register a name. */
    RegisterAccountName: undefined
    /** SPEC §2 RegisterAccountNameSuccess. */
    RegisterAccountNameSuccess: undefined
  }
}

export interface NamesOptions {
  /** The zone names register in and suggestions are asked for (SPEC §9), DNS-style ASCII labels. @default 'reown.id' */
  zone?: string
  /** Base URL of the profile service. @default the modal's blockchain API endpoint */
  apiUrl?: string
  /** Clock for the registration message's timestamp, in ms. @default Date.now */
  now?: () => number
  /** Fetch used for the profile calls. @default globalThis.fetch */
  fetch?: typeof fetch
}

/**
 * Account names (SPEC §4 name registration): a "Register name" action on Account for EVM accounts, the
 * RegisterAccountName and RegisterAccountNameSuccess views, the connected address's name as its profile name, and
 * forward/reverse lookup for other plugins under the service token `NamesTokens.Lookup`.
 * @example createModal({ projectId, plugins: [eip155(), names({ zone: 'reown.id' })] })
 */
export function names(options: NamesOptions = {}) {
  const zone = zoneOf(options.zone ?? DEFAULT_NAME_ZONE)
  return definePlugin({
    id: 'names',
    kind: 'feature',
    portico: '1.x',
    provides: [NamesTokens.Lookup, NamesTokens.Controller],
    setup(ctx) {
      ctx.provide(NamesTokens.Controller, () => {
        const modalOptions = ctx.state.options.getSnapshot()
        const api = new ProfileApi({
          baseUrl: options.apiUrl ?? modalOptions.endpoints.blockchainApi,
          projectId: modalOptions.projectId ?? '',
          fetch: options.fetch,
        })
        return new NamesController(ctx, { api, zone, now: options.now ?? Date.now })
      })
      ctx.provide(NamesTokens.Lookup, (get) => {
        const c = get(NamesTokens.Controller)
        return {
          isName: (text) => c.isName(text),
          resolveName: (name) => c.resolveName(name),
          lookupAddress: (address) => c.lookupAddress(address),
          resolve: async (name, namespace) => {
            if (namespace !== 'eip155') return undefined
            const address = await c.resolveName(name)
            return address ? { address, name: (await c.loadNormalizer()).normalizeName(name.trim()) } : undefined
          },
          reverse: async (address, namespace) => {
            if (namespace !== 'eip155') return undefined
            const name = await c.lookupAddress(address)
            return name ? { address, name } : undefined
          },
        }
      })
      ctx.registerView('RegisterAccountName', () => import('./views/RegisterAccountName.tsx'), { title: message(messages, 'chooseName') })
      ctx.registerView('RegisterAccountNameSuccess', () => import('./views/RegisterAccountNameSuccess.tsx'), { title: message(messages, 'nameRegistered') })
      ctx.registerAccountAction({
        id: 'names.register',
        label: message(messages, 'registerName'),
        order: 40,
        view: 'RegisterAccountName',
        available: ({ namespace }) => namespace === 'eip155',
      })
    },
    async activate(ctx) {
      ctx.get(NamesTokens.Controller).start()
    },
  })
}
