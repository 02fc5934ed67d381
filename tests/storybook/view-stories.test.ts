// @vitest-environment happy-dom
/**
 * Issue 17 acceptance: "Counting the stories shows every registered view of every plugin in both themes".
 *
 * The view ids come from the running code, not from a list kept here: a modal is created with every plugin of the
 * repo (as demo/host/main.tsx composes them, offline: memory storage, nothing reached over the network) and its view
 * registry is read, plus the core views the React shell serves itself. For each id there must be a story titled
 * `Views/<id>`, and its stories together must show the view in the light and in the dark theme.
 *
 * A story's themes are what it renders, not what it claims: each story is composed WITHOUT the preview decorator
 * (which would wrap everything in the toolbar's theme) and rendered in happy-dom; every `.portico-root[data-theme]`
 * frame it draws with content in it (ThemeFrame / viewStory / bothThemes draw one per mode) counts for its mode. A
 * story that instead pins the toolbar theme (`globals: { theme: 'dark' }`) and renders content counts for that mode.
 */
import { act, cleanup, render } from '@testing-library/react'
import { composeStories } from '@storybook/react-vite'
import { createElement, type ComponentType } from 'react'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, type Modal } from 'portico'
import { accountData } from 'portico/plugins/account-data'
import { bip122 } from 'portico/plugins/bip122'
import { cosmos } from 'portico/plugins/cosmos'
import { eip155 } from 'portico/plugins/eip155'
import { embeddedWallet } from 'portico/plugins/embedded-wallet'
import { names } from 'portico/plugins/names'
import { onramp } from 'portico/plugins/onramp'
import { polkadot } from 'portico/plugins/polkadot'
import { send } from 'portico/plugins/send'
import { siwx } from 'portico/plugins/siwx'
import { solana } from 'portico/plugins/solana'
import { swap } from 'portico/plugins/swap'
import { walletConnect } from 'portico/plugins/walletconnect'
import { coreViewLoaders } from '../../ui/views/registry.ts'

type StoryModule = Parameters<typeof composeStories>[0] & { default?: { title?: string } }
const files = import.meta.glob<StoryModule>(['../../ui/**/*.stories.tsx', '../../plugins/**/*.stories.tsx', '../../storybook/**/*.stories.tsx'], { eager: true })

/** Every plugin directory of the repo; a new plugin must be added to `allPlugins()` below or this test fails. */
const pluginDirs = Object.keys(import.meta.glob('../../plugins/*/index.ts')).map((p) => p.split('/').at(-2)!).sort()

/** No request leaves the test: the plugins' API calls (registry, blockchain API) get a network error. */
const offlineFetch = (() => Promise.reject(new TypeError('offline'))) as typeof fetch
const realFetch = globalThis.fetch

function allPlugins() {
  const unreachable = 'http://127.0.0.1:9'
  return {
    eip155: eip155({ builtinNetworks: false, networks: [{ id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [unreachable] } } }] }),
    'account-data': accountData(),
    send: send(),
    swap: swap({ apiUrl: unreachable }),
    onramp: onramp({ apiUrl: unreachable }),
    names: names({ zone: 'portico.test', apiUrl: unreachable, fetch: offlineFetch }),
    'embedded-wallet': embeddedWallet({ secureSiteUrl: 'http://127.0.0.1:9/' }),
    siwx: siwx({ apiUrl: unreachable }),
    cosmos: cosmos(),
    bip122: bip122(),
    polkadot: polkadot({ chain: { wsUrl: 'ws://127.0.0.1:9', caipNetworkId: 'polkadot:00000000000000000000000000000000', name: 'Portico Polkadot', ss58Prefix: 42 } }),
    solana: solana(),
    walletconnect: walletConnect({ projectId: 'story', relayUrl: 'ws://127.0.0.1:9' }),
  }
}

let modal: Modal | undefined
afterEach(cleanup)
afterAll(() => {
  modal?.destroy()
  globalThis.fetch = realFetch
})

/** The view ids a modal with every plugin has registered, plus the shell's core views. */
async function registeredViewIds(): Promise<string[]> {
  globalThis.fetch = offlineFetch
  const plugins = allPlugins()
  expect(Object.keys(plugins).sort()).toEqual(pluginDirs)
  modal = createModal({ projectId: 'story', storage: createMemoryAdapter(), plugins: Object.values(plugins), endpoints: { registry: 'http://127.0.0.1:9', blockchainApi: 'http://127.0.0.1:9', analytics: 'http://127.0.0.1:9' } } as never)
  // Registration happens in setup; activation may fail offline (no SDK, no backend) without taking views away.
  await modal.ready.catch(() => undefined)
  return [...new Set([...Object.keys(coreViewLoaders), ...modal.views.ids()])].sort()
}

interface ComposedStory {
  name: string
  Story: ComponentType
  globals: Record<string, unknown>
}

/** Stories by title, composed without project annotations (so no preview decorator adds a theme wrapper). */
function storiesByTitle(): Map<string, ComposedStory[]> {
  const byTitle = new Map<string, ComposedStory[]>()
  for (const module of Object.values(files)) {
    const title = module.default?.title
    if (!title) continue
    const composed = Object.entries(composeStories(module)).map(([name, Story]) => ({
      name,
      Story: Story as unknown as ComponentType,
      globals: ((Story as unknown as { globals?: Record<string, unknown> }).globals ?? {}) as Record<string, unknown>,
    }))
    byTitle.set(title, [...(byTitle.get(title) ?? []), ...composed])
  }
  return byTitle
}

/** Waits until the story's async setup (story modals, lazy views) has finished: the DOM stops changing. */
async function settle(container: HTMLElement): Promise<void> {
  const deadline = Date.now() + 15_000
  let last = ''
  let stable = 0
  while (Date.now() < deadline) {
    await act(async () => {
      await new Promise<void>((resolve) => setTimeout(resolve, 0))
    })
    const html = container.innerHTML
    stable = html === last && container.querySelector('*') ? stable + 1 : 0
    last = html
    if (stable >= 20) return
  }
}

const CONTENT = 'button, input, img, svg, [role], h1, h2, h3, p, ul, li'

/** The themes a rendered story shows: its theme frames holding more than their caption. */
function themesShown(container: HTMLElement, globals: Record<string, unknown>): Set<string> {
  const shown = new Set<string>()
  for (const frame of container.querySelectorAll<HTMLElement>('.portico-root[data-theme]')) {
    // A frame counts when it holds content besides its caption (and, for a view in the dialog's chrome, besides the
    // header with Back and Close): an element with a role, a control, an image or text block.
    const body = frame.querySelector<HTMLElement>('.portico-dialog-content') ?? frame
    if (body.querySelector(CONTENT)) shown.add(frame.dataset['theme']!)
  }
  if (shown.size === 0 && container.querySelector(CONTENT)) {
    shown.add(typeof globals['theme'] === 'string' ? globals['theme'] : 'light')
  }
  return shown
}

describe('story count: every registered view has a `Views/<id>` story in light and dark', () => {
  it('every registered view of every plugin, and every core view, has stories in both themes', { timeout: 240_000 }, async () => {
    const ids = await registeredViewIds()
    // The repo's plugins register views; a modal that lost them would make this test pass vacuously.
    for (const id of ['Connect', 'Account', 'ConnectingWalletConnect', 'WalletSend', 'Swap', 'SIWXSignMessage', 'OnRamp', 'RegisterAccountName']) {
      expect(ids).toContain(id)
    }
    const byTitle = storiesByTitle()
    const problems: string[] = []
    for (const id of ids) {
      const stories = byTitle.get(`Views/${id}`)
      if (!stories?.length) {
        problems.push(`${id}: no story titled "Views/${id}"`)
        continue
      }
      const themes = new Set<string>()
      for (const { Story, globals } of stories) {
        const { container, unmount } = render(createElement(Story))
        await settle(container)
        for (const t of themesShown(container, globals)) themes.add(t)
        unmount()
        if (themes.has('light') && themes.has('dark')) break
      }
      for (const mode of ['light', 'dark']) if (!themes.has(mode)) problems.push(`${id}: no story of "Views/${id}" shows it in the ${mode} theme`)
    }
    expect(problems).toEqual([])
  })
})
