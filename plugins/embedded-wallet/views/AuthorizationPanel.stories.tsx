import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useRef } from 'react'
import { expect, waitFor } from 'storybook/test'
import { FRAME_CSS } from '../../../stack/secure-site/frame/page.ts'
import { setTheme, showApproval } from '../../../stack/secure-site/frame/approval-ui.ts'
import { describeDelegation } from '../../../stack/secure-site/frame/eip7702.ts'
import { parseDelegationRequest } from '../../../stack/secure-site/eip7702-request.ts'

/**
 * Issue 29 part 2: the secure site's approval panel for an EIP-7702 authorization, as the frame draws it (its own
 * DOM code and CSS, in an iframe like the real one), in light and dark. Offline: nothing is signed; the visibility
 * check of issue 26 item 3 is fed "visible" so Approve is armed as the user sees it after one second.
 */
const meta = { title: 'Secure site/Authorization panel (EIP-7702)', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const DELEGATE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** An IntersectionObserver that reports every target visible at once (the story's iframe is never covered). */
class AlwaysVisible {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target, isVisible: true, isIntersecting: true } as unknown as IntersectionObserverEntry], this as never)
  }
  disconnect() {}
}

function Panel({ mode, address }: { mode: 'light' | 'dark'; address: string }) {
  const ref = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    const frame = ref.current
    const draw = () => {
      const doc = frame?.contentDocument
      if (!doc || doc.getElementById('portico-approval-root')?.childElementCount) return
      setTheme(doc, mode)
      const description = describeDelegation(parseDelegationRequest([{ chainId: '0x7a69', address }]))
      void showApproval(doc, { id: `story-${mode}`, method: 'portico_setDelegation', hostOrigin: 'http://127.0.0.1:5173', description }, { IntersectionObserver: AlwaysVisible as never, minVisibleMs: 0 })
    }
    frame?.addEventListener('load', draw)
    draw()
    return () => frame?.removeEventListener('load', draw)
  }, [mode, address])
  const srcDoc = `<!doctype html><html><head><style>${FRAME_CSS}</style></head><body><main id="portico-approval-root"></main></body></html>`
  return <iframe ref={ref} title={`Authorization panel, ${mode} theme`} srcDoc={srcDoc} style={{ width: 360, height: 720, border: '1px solid #ccc', borderRadius: 16 }} />
}

function Both({ address }: { address: string }) {
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
      <Panel mode="light" address={address} />
      <Panel mode="dark" address={address} />
    </div>
  )
}

/** Waits until both panels are drawn and armed (Approve enabled). */
async function armed(canvasElement: HTMLElement, title: string) {
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

/** Upgrade: what delegation means, the delegate's name and address, the risk, the chain, how to undo it. */
export const Upgrade: Story = { render: () => <Both address={DELEGATE} />, play: ({ canvasElement }) => armed(canvasElement, 'Upgrade account') }

/** Revoke: an authorization to address 0 clears the account's code. */
export const Revoke: Story = {
  render: () => <Both address="0x0000000000000000000000000000000000000000" />,
  play: ({ canvasElement }) => armed(canvasElement, 'Revoke account upgrade'),
}
