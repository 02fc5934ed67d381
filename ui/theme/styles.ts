/**
 * The one stylesheet of the modal and its components, as a string so no CSS-in-JS runtime ships.
 * Every rule is scoped by a `portico-` class and reads only `--portico-*` tokens (see tokens.ts and
 * docs/DESIGN-LANGUAGE.md, which names the role of each class). Written compactly: it is on the open path.
 * Put once into the document (or shadow root) by the modal shell (ui/react/shell.tsx, `ensureStyles`), when it is
 * preloaded; stories and other hosts of the components use `<PorticoStyles />` (React 19 dedupes `<style href precedence>`).
 * The rules of the components that only lazily loaded views use (money primitives, token rows, tabs, QR code) are a
 * sheet of their own (lazy-styles.ts) that those components put in when they mount.
 */
import { ANIMATION_MS } from './tokens.ts'

export { ANIMATION_MS, DEFAULT_MODAL_WIDTH, DEFAULT_Z_INDEX } from './tokens.ts'

/** `var(--portico-<name>)`, and the spacing steps and one-line ellipsis the rules share (lazy-styles.ts too). */
export const v = (name: string) => `var(--portico-${name})`
export const s1 = v('space-1'), s2 = v('space-2'), s3 = v('space-3'), s4 = v('space-4'), s5 = v('space-5')
export const ellipsis = 'overflow:hidden;text-overflow:ellipsis;white-space:nowrap'
export const fast = `${v('duration-fast')} ${v('easing')}`

const shell = `
.portico-root{color-scheme:${v('color-scheme')};font-family:${v('font-family')};font-size:${v('font-size-md')};line-height:${v('line-height')};color:${v('fg')};-webkit-font-smoothing:antialiased}
.portico-root *,.portico-root *::before,.portico-root *::after{box-sizing:border-box}
.portico-root :focus-visible{outline:2px solid ${v('focus-ring')};outline-offset:2px}
.portico-root p{margin:0}
.portico-root[data-closed] :is(.portico-overlay,.portico-header-title,.portico-view){animation-name:none}
.portico-visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.portico-overlay{position:fixed;inset:0;z-index:var(--portico-z-index);display:flex;align-items:center;justify-content:center;padding:${s2};background:${v('overlay')};animation:portico-fade-in ${v('duration-view')} ease-out}
.portico-dialog{position:relative;width:var(--portico-modal-width);max-width:calc(100vw - 16px);max-height:calc(100vh - 16px);display:flex;flex-direction:column;overflow:hidden;background:${v('bg')};color:${v('fg')};border:1px solid ${v('border')};border-radius:${v('radius-dialog')};box-shadow:${v('shadow')};transition:height ${ANIMATION_MS.modalHeight}ms ease-out}
@media (max-width:430px){.portico-overlay{align-items:flex-end;padding:0}.portico-dialog{max-width:100vw;width:100vw;border-bottom-left-radius:0;border-bottom-right-radius:0}}
.portico-dialog-body{overflow-y:auto}
.portico-dialog-content{padding:0 ${s4} ${s4}}
.portico-header{display:grid;grid-template-columns:40px 1fr 40px;align-items:center;gap:${s2};padding:${s3} ${s3} ${s2}}
.portico-header-title{margin:0;text-align:center;font-size:${v('font-size-lg')};font-weight:${v('font-weight-bold')};${ellipsis};animation:portico-fade-in ${ANIMATION_MS.headerText}ms ease-out;transition:opacity ${ANIMATION_MS.headerText}ms ease-out}
.portico-header-slot{display:flex;justify-content:center}
.portico-view{animation:portico-view-forward ${ANIMATION_MS.viewTransition}ms ease-out}
.portico-view[data-direction=back]{animation-name:portico-view-back}
[dir=rtl] .portico-view{animation-name:portico-view-back}
[dir=rtl] .portico-view[data-direction=back]{animation-name:portico-view-forward}
@keyframes portico-fade-in{from{opacity:0}}
@keyframes portico-view-forward{from{opacity:0;transform:translateX(12px)}}
@keyframes portico-view-back{from{opacity:0;transform:translateX(-12px)}}
@keyframes portico-spin{to{transform:rotate(360deg)}}
`

const layout = `
.portico-stack{display:flex;flex-direction:column;gap:${s3};min-width:0}
.portico-stack[data-gap="1"]{gap:${s1}}.portico-stack[data-gap="2"]{gap:${s2}}.portico-stack[data-gap="4"]{gap:${s4}}.portico-stack[data-gap="5"]{gap:${s5}}
.portico-stack[data-align=center]{align-items:center;text-align:center}
.portico-stack[data-row]{flex-direction:row;align-items:center;gap:${s2}}
.portico-stack[data-row][data-align=center]{justify-content:center}
.portico-grow{flex:1;min-width:0}
.portico-stack.portico-align-end{align-items:flex-end}
.portico-actions{display:grid;gap:${s2};width:100%}
.portico-actions[data-row]{grid-template-columns:repeat(auto-fit,minmax(96px,1fr))}
.portico-actions[data-columns]{grid-template-columns:repeat(2,1fr)}.portico-actions[data-columns="1"]{grid-template-columns:1fr}.portico-actions[data-columns="3"]{grid-template-columns:repeat(3,1fr)}
.portico-actions[data-columns]>.portico-button{padding:0 ${s2};white-space:normal;line-height:1.2}
.portico-actions[data-columns="2"]>:last-child:nth-child(2n+1),.portico-actions[data-columns="3"]>:last-child:nth-child(3n+1){grid-column:1/-1}
.portico-text-title{font-size:${v('font-size-lg')};font-weight:${v('font-weight-bold')}}
.portico-text-sm{font-size:${v('font-size-sm')}}
.portico-text-muted{color:${v('muted')}}
.portico-text-error{color:${v('error')}}
.portico-text-success{color:${v('success')}}
.portico-text-truncate{${ellipsis}}
.portico-card{padding:${s3};border-radius:${v('border-radius')};background:${v('surface')}}
.portico-divider{height:1px;margin:0;border:0;background:${v('border')}}
`

const controls = `
.portico-button{text-decoration:none;display:inline-flex;align-items:center;justify-content:center;gap:${s2};max-width:100%;min-height:${v('control-height')};padding:0 ${s4};border:1px solid transparent;border-radius:${v('border-radius')};font:inherit;font-weight:${v('font-weight-medium')};white-space:nowrap;cursor:pointer;transition:background-color ${fast},opacity ${fast}}
.portico-button[data-full-width],.portico-actions>.portico-button,.portico-actions>*>.portico-button{width:100%}
.portico-button--primary{background:${v('accent')};color:${v('accent-fg')}}
.portico-button--secondary{background:${v('surface')};color:${v('fg')};border-color:${v('border')}}
.portico-button--danger{background:${v('surface')};color:${v('error')};border-color:${v('border')}}
.portico-button--text{background:none;color:${v('accent')};min-height:32px;padding:0 ${s2}}
.portico-button--secondary:hover,.portico-button--danger:hover,.portico-button--text:hover{background:${v('surface-hover')}}
.portico-button--primary:hover{opacity:.9}
.portico-button:disabled,.portico-button[aria-disabled=true]{opacity:.55;cursor:not-allowed}
.portico-button[aria-busy=true]{cursor:progress}
.portico-icon-button{flex:none;display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;padding:0;border:0;border-radius:${v('radius-full')};background:transparent;color:${v('fg')};cursor:pointer}
.portico-icon-button:hover{background:${v('surface')}}
.portico-icon-button:disabled{opacity:.5;cursor:not-allowed}
.portico-icon{display:block;flex:none}
.portico-icon[data-directional]:dir(rtl){transform:scaleX(-1)}
.portico-spinner{display:inline-block;flex:none;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:portico-spin .8s linear infinite}
`

const lists = `
.portico-connect-methods{display:flex;flex-direction:column;gap:${s4}}
.portico-connect-method+.portico-connect-method{padding-top:${s4};border-top:1px solid ${v('border')}}
.portico-list{display:flex;flex-direction:column;gap:${s2};margin:0;padding:0;list-style:none}
.portico-list-item{display:flex;align-items:center;gap:${s3};width:100%;min-width:0;min-height:${v('row-height')};padding-block:${s2};padding-inline:${s2} ${s3};border:0;border-radius:${v('border-radius')};background:${v('surface')};color:${v('fg')};font:inherit;text-align:start;cursor:pointer;transition:background-color ${fast}}
.portico-list-item:hover{background:${v('surface-hover')}}
.portico-list-item:disabled{opacity:.55;cursor:not-allowed}
.portico-list-item-text{flex:1;min-width:0;display:flex;flex-direction:column}
.portico-list-item-label{font-weight:${v('font-weight-medium')};${ellipsis}}
.portico-list-item-description{font-size:${v('font-size-sm')};color:${v('muted')};${ellipsis}}
.portico-list-item-icon{flex:none;display:flex;align-items:center;justify-content:center;width:${v('logo-size-sm')};height:${v('logo-size-sm')};border-radius:${v('radius-sm')};background:${v('bg')};color:${v('muted')}}
.portico-list-item>.portico-icon{color:${v('muted')}}
.portico-tag{flex:none;display:inline-flex;align-items:center;gap:${s1};padding:2px ${s2};border-radius:${v('radius-full')};background:${v('bg')};color:${v('fg')};font-size:${v('font-size-xs')};font-weight:${v('font-weight-medium')};white-space:nowrap}
.portico-tag[data-tone]::before{content:"";width:6px;height:6px;border-radius:50%;background:${v('muted')}}
.portico-tag[data-tone=accent]::before{background:${v('accent')}}
.portico-tag[data-tone=success]::before{background:${v('success')}}
.portico-wallet-image{flex:none;display:block;object-fit:cover;border-radius:${v('radius-sm')};background:${v('bg')}}
.portico-wallet-image-fallback{flex:none;display:inline-flex;align-items:center;justify-content:center;border-radius:${v('radius-sm')};background:${v('accent')};color:${v('accent-fg')};font-weight:${v('font-weight-bold')};text-transform:uppercase}
.portico-wallet-image-fallback::before{content:attr(data-letter)}
.portico-address{font-family:${v('font-family-mono')};font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.portico-amount[data-direction=in]{color:${v('incoming')}}
.portico-amount[data-direction=out]{color:${v('outgoing')}}
`

const feedback = `
.portico-state{display:flex;flex-direction:column;align-items:center;gap:${s3};padding:${s5} 0 ${s2};text-align:center}
.portico-state-alert{display:flex;flex-direction:column;align-items:center;gap:${s2}}
.portico-state-icon{display:flex;padding:${s3};border-radius:50%;background:${v('surface')};color:${v('muted')}}
.portico-state--error .portico-state-icon{color:${v('error')}}
.portico-state-title{margin:0;font-size:${v('font-size-lg')};font-weight:${v('font-weight-bold')}}
.portico-state-description{margin:0;color:${v('muted')}}
`

/**
 * SPEC §9 motion off when the user asks for it (`prefers-reduced-motion`): no view, header, height or snackbar
 * animation; the spinner keeps turning slowly since it is the only sign of progress.
 */
const reducedMotion = `
@media (prefers-reduced-motion:reduce){
.portico-root *,.portico-root *::before,.portico-root *::after,.portico-overlay,.portico-dialog{animation:none!important;transition:none!important}
.portico-root .portico-spinner{animation:portico-spin 2s linear infinite!important}
}
`

/** The whole stylesheet (what only lazily loaded views use is in lazy-styles.ts, put in by its components). */
export const porticoCss: string = (shell + layout + controls + lists + feedback + reducedMotion).trim()

export const STYLE_ID = 'portico-css'
/** The lazily loaded components' sheet (lazy-styles.ts): after the main one, so its rules win over the controls' of equal specificity. */
export const LAZY_STYLE_ID = 'portico-css-lazy'

/** Puts a stylesheet into a document or shadow root once, before the sheet `beforeId` when that is already there. */
export function ensureSheet(root: Document | ShadowRoot, id: string, css: string, beforeId?: string): void {
  if (root.getElementById(id)) return
  const owner = 'head' in root ? root : root.ownerDocument
  const style = owner.createElement('style')
  style.id = id
  style.textContent = css
  ;('head' in root ? root.head : root).insertBefore(style, beforeId ? root.getElementById(beforeId) : null)
}
