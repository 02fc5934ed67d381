// @vitest-environment happy-dom
/**
 * Issue 17 item 5: the interaction test of each flow's happy path. Every story in storybook/flows is composed with
 * the project's preview (decorators, globals) through Storybook's portable-stories API and run with its play
 * function, as Storybook's test runner would; a flow that cannot be walked fails here, in `npm test`.
 * A new flow story is checked by being written; nothing to register here.
 */
import { cleanup } from '@testing-library/react'
import { composeStories, setProjectAnnotations } from '@storybook/react-vite'
import { afterEach, describe, expect, it } from 'vitest'
import preview from '../../storybook/preview.tsx'

setProjectAnnotations(preview)

type StoryModule = Parameters<typeof composeStories>[0]
/** What the test uses of a composed story: its play function and `run()` (render, then play). */
interface ComposedFlow {
  play?: unknown
  run(): Promise<void>
}
const files = import.meta.glob<StoryModule>('../../storybook/flows/**/*.stories.tsx', { eager: true })

const stories = Object.entries(files)
  .sort(([a], [b]) => a.localeCompare(b))
  .flatMap(([file, module]) =>
    Object.entries(composeStories(module)).map(([name, Story]) => ({ id: `${file.replace(/^(\.\.\/)+/, '')} › ${name}`, Story: Story as ComposedFlow })),
  )

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

describe('flow stories: every happy path plays to its end', () => {
  it('has a flow story for every flow of issue 17, each with a play function', () => {
    const titles = Object.values(files).map((m) => (m as { default: { title: string } }).default.title)
    for (const flow of ['ConnectInjectedWallet', 'WalletConnectPairing', 'SwitchNetwork', 'Disconnect', 'Send', 'SwapPreview', 'SiwxSignIn', 'RegisterName', 'OnRamp']) {
      expect(titles).toContain(`Flows/${flow}`)
    }
    for (const story of stories) expect(typeof story.Story.play, story.id).toBe('function')
  })

  it.each(stories.map((s) => [s.id, s.Story] as const))('%s', { timeout: 60_000 }, async (_id, Story) => {
    await Story.run()
  })
})
