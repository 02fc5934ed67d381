import { useEffect, useRef } from 'react'
import { expect, waitFor } from 'storybook/test'
import { FRAME_CSS } from '../../../stack/secure-site/frame/page.ts'
import { setTheme, showApproval } from '../../../stack/secure-site/frame/approval-ui.ts'
import type { ApprovalDescription } from '../../../stack/secure-site/frame/describe.ts'

/**
 * The secure site's approval panel as its frame draws it (its own DOM code and CSS, in an iframe like the real one), in
 * light and dark, for the stories of the panel's states. Offline: nothing is signed; the visibility check of issue 26
 * item 3 is fed "visible" so Approve is armed as the user sees it after one second.
 */
export type PanelRequest = { method: string; description: ApprovalDescription; label: string }

/** An IntersectionObserver that reports every target visible at once (the story's iframe is never covered). */
class AlwaysVisible {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target, isVisible: true, isIntersecting: true } as unknown as IntersectionObserverEntry], this as never)
  }
  disconnect() {}
}

function Panel({ mode, method, description, label }: { mode: 'light' | 'dark' } & PanelRequest) {
  const ref = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    const frame = ref.current
    const draw = () => {
      const doc = frame?.contentDocument
      if (!doc || doc.getElementById('portico-approval-root')?.childElementCount) return
      setTheme(doc, mode)
      void showApproval(doc, { id: `story-${mode}`, method, hostOrigin: 'http://127.0.0.1:5173', description }, { IntersectionObserver: AlwaysVisible as never, minVisibleMs: 0 })
    }
    frame?.addEventListener('load', draw)
    draw()
    return () => frame?.removeEventListener('load', draw)
  }, [mode, method, description])
  const srcDoc = `<!doctype html><html><head><style>${FRAME_CSS}</style></head><body><main id="portico-approval-root"></main></body></html>`
  return <iframe ref={ref} title={`${label}, ${mode} theme`} srcDoc={srcDoc} style={{ width: 360, height: 720, border: '1px solid #ccc', borderRadius: 16 }} />
}

export function BothThemes(request: PanelRequest) {
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
      <Panel mode="light" {...request} />
      <Panel mode="dark" {...request} />
    </div>
  )
}

/** Waits until both panels are drawn and armed (Approve enabled). */
export async function armed(canvasElement: HTMLElement, title: string) {
  await waitFor(
    () => {
      const frames = [...canvasElement.querySelectorAll('iframe')]
      expect(frames).toHaveLength(2)
      for (const f of frames) {
        const doc = f.contentDocument!
        expect(doc.querySelector('[role="dialog"] h1')?.textContent).toBe(title)
        expect((doc.querySelector('button.approve') as HTMLButtonElement).disabled).toBe(false)
      }
    },
    { timeout: 10_000 },
  )
}

