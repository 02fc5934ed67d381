import { useLayoutEffect, useRef } from 'react'
import type { ViewProps } from 'portico/plugin'
import { useMessages, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { ApproveTransactionCard } from './ApproveTransactionCard.tsx'

/** Shows the secure site's iframe over the view's box while a signing request waits (FRAME_SHOW_APPROVAL). */
export default function ApproveTransaction(_props: ViewProps<'ApproveTransaction'>) {
  const { controller } = useService(EmbeddedWalletTokens.Services)
  const { approval } = useStore(controller.store)
  const t = useMessages(messages)
  const box = useRef<HTMLDivElement>(null)

  useLayoutEffect(() => {
    const el = box.current
    if (!approval || !el) return
    let last = ''
    let frame = 0
    // The dialog animates its height and the page may scroll: follow the box every animation frame.
    const follow = () => {
      const r = el.getBoundingClientRect()
      const key = `${r.left},${r.top},${r.width},${r.height}`
      if (key !== last) {
        last = key
        controller.frame.place({ left: r.left, top: r.top, width: r.width, height: r.height })
      }
      frame = requestAnimationFrame(follow)
    }
    follow()
    return () => {
      cancelAnimationFrame(frame)
      controller.frame.place(undefined)
    }
  }, [approval, controller])

  return <ApproveTransactionCard ref={box} method={approval?.method} t={t} />
}
