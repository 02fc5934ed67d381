import type { ReactNode } from 'react'
import { ThemeFrame, type ThemeFrameProps } from './ThemeFrame.tsx'
import { WithStoryModal, type createStoryModal } from './story-modal.tsx'

/** Options of the story modal a view story runs in (connected, wallets, behaviour, extra plugins). */
export type StoryModalOptions = NonNullable<Parameters<typeof createStoryModal>[0]>

/** The states a designer reviews besides the default: narrow (320 px) and right-to-left. */
export const NARROW = 320

/**
 * A story of a view: the view in the dialog's chrome (header with `title`, back, close), in light and dark side by
 * side, each inside a story modal built once with `modal` options. `frame` sets the width (e.g. NARROW) or `dir: 'rtl'`.
 * @example export const Default = viewStory(() => <Connect />, { title: 'Connect Wallet', back: false })
 */
export function viewStory(
  render: () => ReactNode,
  { modal, title, ...frame }: { modal?: StoryModalOptions; title: string } & Omit<ThemeFrameProps, 'children' | 'view'>,
) {
  return {
    render: () => (
      // One story modal per theme frame, so the frames are there from the first render.
      <ThemeFrame view={title} {...frame}>
        {() => <WithStoryModal options={modal}>{render()}</WithStoryModal>}
      </ThemeFrame>
    ),
  }
}
