/** What `npm run bench` (bench/run.ts) and the open profile (bench/open-profile.ts) share to time opening the modal. */

/**
 * Clicks "Connect Wallet" and resolves with the ms until the first view is shown in the dialog and a frame with it
 * has been painted (the next animation frame, then the task after it). `done` tells when the view is shown; it is
 * checked on every DOM change, attribute changes included (a pre-rendered hidden dialog is revealed by a style). With
 * `marks`, user-timing marks `portico-open-start` / `portico-open-end` bound the window in a trace (bench/open-profile.ts).
 */
export const measureOpen = (done: string, marks = false) => `
  new Promise((resolve) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Connect Wallet');
    const done = () => ${done};
    ${marks ? "performance.mark('portico-open-start');" : ''}
    const t0 = performance.now();
    const painted = () => requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { const ms = performance.now() - t0; ${marks ? "performance.mark('portico-open-end');" : ''} resolve(ms) };
      channel.port2.postMessage(0);
    });
    const observer = new MutationObserver(() => {
      if (done()) { observer.disconnect(); painted(); }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'hidden', 'data-closed'] });
    button.click();
  })
`
/**
 * Resolves when the page has been idle twice in a row (requestIdleCallback runs only when no task, frame or network
 * callback is pending), so the work a page schedules for idle time, and what that work schedules, is done.
 */
export const PAGE_IDLE = `new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve, { timeout: 2000 }), { timeout: 2000 }))`
/**
 * Portico: the Connect view's wallet list is in the dialog and shown (the closed dialog is pre-rendered, laid out and
 * invisible, its root marked `data-closed`; a part hidden by React's <Activity> has display: none).
 */
export const PORTICO_VIEW = `(() => { const list = document.querySelector('[role="dialog"] .portico-view [role="list"]'); return !!list && !list.closest('[style*="display: none"], [hidden], [data-closed]') })()`
/** The React-only host: its dialog shows its three buttons. */
export const REACT_VIEW = `document.querySelectorAll('[role="dialog"] [role="list"] button').length === 3`
