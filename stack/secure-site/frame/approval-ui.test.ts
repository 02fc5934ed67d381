// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { showApproval } from './approval-ui.ts'
import type { ApprovalRequest } from './controller.ts'

/** An IntersectionObserver v2 the test drives: `report(visible)` delivers isVisible for every observed target. */
class FakeObserver {
  static last: FakeObserver | undefined
  targets: Element[] = []
  constructor(readonly callback: IntersectionObserverCallback, readonly options: IntersectionObserverInit & { trackVisibility?: boolean; delay?: number }) {
    FakeObserver.last = this
  }
  observe(t: Element) {
    this.targets.push(t)
  }
  disconnect() {}
  report(visible: boolean) {
    this.callback(this.targets.map((target) => ({ target, isVisible: visible, isIntersecting: visible }) as unknown as IntersectionObserverEntry), this as never)
  }
}

const request: ApprovalRequest = { id: 'r1', method: 'personal_sign', hostOrigin: 'https://host.example', description: { title: 'Sign message', rows: [{ label: 'Message', value: 'hi' }] } }
const buttons = () => {
  const all = [...document.querySelectorAll('button')]
  return { approve: all.find((b) => b.textContent === 'Approve')!, popup: all.find((b) => b.textContent === 'Review in a secure window')! }
}

beforeEach(() => {
  vi.useFakeTimers()
  document.body.innerHTML = ''
})
afterEach(() => vi.useRealTimers())

describe('issue 26 item 3: Approve only after 1 s of proven visibility', () => {
  it('asks IntersectionObserver v2 to track visibility; Approve is enabled 1000 ms after the panel became visible, not before', () => {
    void showApproval(document, request, { IntersectionObserver: FakeObserver as never, openPopup: async () => true })
    const io = FakeObserver.last!
    expect(io.options).toMatchObject({ trackVisibility: true, delay: 100 })
    const { approve } = buttons()
    expect(approve.disabled).toBe(true)
    io.report(true)
    vi.advanceTimersByTime(999)
    expect(approve.disabled).toBe(true)
    vi.advanceTimersByTime(1)
    expect(approve.disabled).toBe(false)
  })

  it('losing visibility disables Approve, offers the popup, and restarts the full second', () => {
    void showApproval(document, request, { IntersectionObserver: FakeObserver as never, openPopup: async () => true })
    const io = FakeObserver.last!
    const { approve, popup } = buttons()
    io.report(true)
    vi.advanceTimersByTime(600)
    io.report(false)
    expect(approve.disabled).toBe(true)
    expect(popup.hidden).toBe(false)
    io.report(true)
    vi.advanceTimersByTime(999)
    expect(approve.disabled).toBe(true)
    vi.advanceTimersByTime(1)
    expect(approve.disabled).toBe(false)
    expect(popup.hidden).toBe(true)
  })

  it('without IntersectionObserver v2 Approve stays disabled and the popup is offered at once', () => {
    void showApproval(document, request, { openPopup: async () => true })
    const { approve, popup } = buttons()
    vi.advanceTimersByTime(10_000)
    expect(approve.disabled).toBe(true)
    expect(popup.hidden).toBe(false)
  })

  it('an untrusted click on an enabled Approve does not approve', async () => {
    const decided = vi.fn()
    void showApproval(document, request, { IntersectionObserver: FakeObserver as never }).then(decided)
    FakeObserver.last!.report(true)
    vi.advanceTimersByTime(1000)
    const { approve } = buttons()
    approve.click()
    await Promise.resolve()
    expect(decided).not.toHaveBeenCalled()
    expect(document.querySelector('[role=dialog]')?.getAttribute('data-refused-clicks')).toBe('1')
  })
})

describe('issue 29 sponsored gas in the panel', () => {
  it('"Gas paid by <app>" is text (markup in the app name stays text); the refusal is a warning the user reads before Approve', () => {
    const sponsored: ApprovalRequest = {
      ...request,
      method: 'eth_sendTransaction',
      description: { title: 'Approve transaction', rows: [{ label: 'Gas', value: 'Gas paid by <img src=x onerror=alert(1)>' }] },
    }
    void showApproval(document, sponsored, { IntersectionObserver: FakeObserver as never })
    const dd = [...document.querySelectorAll('dt')].find((d) => d.textContent === 'Gas')!.nextElementSibling!
    expect(dd.textContent).toBe('Gas paid by <img src=x onerror=alert(1)>')
    expect(document.querySelector('img')).toBeNull()
    document.body.innerHTML = ''
    const refused: ApprovalRequest = {
      ...sponsored,
      id: 'r2',
      description: { title: 'Approve transaction', rows: [{ label: 'Gas', value: 'You pay the gas: the sponsor declined this transaction (outside the policy)', warning: true }] },
    }
    void showApproval(document, refused, { IntersectionObserver: FakeObserver as never })
    const warning = document.querySelector('dd.warning')!
    expect(warning.textContent).toBe('You pay the gas: the sponsor declined this transaction (outside the policy)')
    expect(buttons().approve).toBeDefined()
    expect([...document.querySelectorAll('button')].map((b) => b.textContent)).toContain('Reject')
  })
})
