/**
 * The one stylesheet of the modal and its components, as a string so no CSS-in-JS runtime ships.
 * Every rule is scoped by a `portico-` class and reads only `--portico-*` tokens (see tokens.ts).
 * Put once into the document (or shadow root) by the modal shell (ui/react/shell.tsx, `ensureStyles`), when it is
 * preloaded; stories and other hosts of the components use `<PorticoStyles />` (React 19 dedupes `<style href precedence>`).
 */
import { ANIMATION_MS } from './tokens.ts'

export { ANIMATION_MS, DEFAULT_MODAL_WIDTH, DEFAULT_Z_INDEX } from './tokens.ts'

const shell = `
.portico-root{color-scheme:var(--portico-color-scheme);font-family:var(--portico-font-family);font-size:var(--portico-font-size-md);line-height:1.4;color:var(--portico-fg);-webkit-font-smoothing:antialiased}
.portico-root *,.portico-root *::before,.portico-root *::after{box-sizing:border-box}
.portico-root :focus-visible{outline:2px solid var(--portico-focus-ring);outline-offset:2px}
.portico-visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.portico-overlay{position:fixed;inset:0;z-index:var(--portico-z-index);display:flex;align-items:center;justify-content:center;padding:8px;background:var(--portico-overlay);animation:portico-fade-in var(--portico-duration-view) ease-out}
.portico-dialog{position:relative;width:var(--portico-modal-width);max-width:calc(100vw - 16px);max-height:calc(100vh - 16px);display:flex;flex-direction:column;overflow:hidden;background:var(--portico-bg);color:var(--portico-fg);border:1px solid var(--portico-border);border-radius:calc(var(--portico-border-radius) * 2);box-shadow:var(--portico-shadow);transition:height ${ANIMATION_MS.modalHeight}ms ease-out}
@media (max-width:430px){.portico-overlay{align-items:flex-end;padding:0}.portico-dialog{max-width:100vw;width:100vw;border-bottom-left-radius:0;border-bottom-right-radius:0}}
.portico-dialog-body{overflow-y:auto}
.portico-dialog-content{padding:0 var(--portico-space-4) var(--portico-space-4)}
.portico-header{display:grid;grid-template-columns:40px 1fr 40px;align-items:center;gap:var(--portico-space-2);padding:var(--portico-space-3) var(--portico-space-3)}
.portico-header-title{margin:0;text-align:center;font-size:var(--portico-font-size-lg);font-weight:var(--portico-font-weight-bold);overflow:hidden;text-overflow:ellipsis;white-space:nowrap;animation:portico-fade-in ${ANIMATION_MS.headerText}ms ease-out;transition:opacity ${ANIMATION_MS.headerText}ms ease-out}
.portico-header-slot{display:flex;justify-content:center}
.portico-view{animation:portico-view-forward ${ANIMATION_MS.viewTransition}ms ease-out}
.portico-view[data-direction=back]{animation-name:portico-view-back}
@keyframes portico-fade-in{from{opacity:0}to{opacity:1}}
@keyframes portico-view-forward{from{opacity:0;transform:translateX(12px)}to{opacity:1;transform:none}}
@keyframes portico-view-back{from{opacity:0;transform:translateX(-12px)}to{opacity:1;transform:none}}
@keyframes portico-spin{to{transform:rotate(360deg)}}
@keyframes portico-shimmer{0%{opacity:.55}50%{opacity:1}100%{opacity:.55}}
@keyframes portico-snackbar-in{from{opacity:0;transform:translateY(8px)}to{opacity:1;transform:none}}
`

const controls = `
.portico-button{text-decoration:none;display:inline-flex;align-items:center;justify-content:center;gap:var(--portico-space-2);min-height:40px;padding:0 var(--portico-space-4);border:1px solid transparent;border-radius:var(--portico-border-radius);font:inherit;font-weight:var(--portico-font-weight-medium);cursor:pointer;transition:background-color 120ms,opacity 120ms}
.portico-button[data-full-width]{width:100%}
.portico-button--primary{background:var(--portico-accent);color:var(--portico-accent-fg)}
.portico-button--secondary{background:var(--portico-surface);color:var(--portico-fg);border-color:var(--portico-border)}
.portico-button--secondary:hover{background:var(--portico-surface-hover)}
.portico-button--danger{background:var(--portico-error);color:var(--portico-error-fg)}
.portico-button--primary:hover,.portico-button--danger:hover{opacity:.9}
.portico-button:disabled,.portico-button[aria-disabled=true]{opacity:.55;cursor:not-allowed}
.portico-button[aria-busy=true]{cursor:progress}
.portico-icon-button{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;padding:0;border:0;border-radius:var(--portico-radius-full);background:transparent;color:var(--portico-fg);cursor:pointer}
.portico-icon-button:hover{background:var(--portico-surface)}
.portico-icon-button:disabled{opacity:.5;cursor:not-allowed}
.portico-icon{display:block;flex:none}
.portico-spinner{display:inline-block;flex:none;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:portico-spin .8s linear infinite}
.portico-text-field{display:flex;flex-direction:column;gap:var(--portico-space-1)}
.portico-text-field-label{font-size:var(--portico-font-size-sm);color:var(--portico-muted)}
.portico-text-field-input{width:100%;min-height:40px;padding:0 var(--portico-space-3);border:1px solid var(--portico-border);border-radius:var(--portico-border-radius);background:var(--portico-surface);color:var(--portico-fg);font:inherit}
.portico-text-field-input::placeholder{color:var(--portico-muted)}
.portico-text-field-input[aria-invalid=true]{border-color:var(--portico-error)}
.portico-text-field-error{margin:0;font-size:var(--portico-font-size-sm);color:var(--portico-error)}
.portico-copy-button[data-copied] .portico-icon{color:var(--portico-success)}
.portico-network-button{display:inline-flex;align-items:center;gap:var(--portico-space-2);min-height:36px;padding:0 var(--portico-space-3) 0 var(--portico-space-1);border:1px solid var(--portico-border);border-radius:var(--portico-radius-full);background:var(--portico-surface);color:var(--portico-fg);font:inherit;cursor:pointer}
.portico-network-button:hover{background:var(--portico-surface-hover)}
`

const lists = `
.portico-connect-methods{display:flex;flex-direction:column;gap:var(--portico-space-4)}
.portico-connect-method+.portico-connect-method{padding-top:var(--portico-space-4);border-top:1px solid var(--portico-border)}
.portico-list{display:flex;flex-direction:column;gap:var(--portico-space-1);margin:0;padding:0;list-style:none}
.portico-list-item{display:flex;align-items:center;gap:var(--portico-space-3);width:100%;min-height:52px;padding:var(--portico-space-2) var(--portico-space-3) var(--portico-space-2) var(--portico-space-2);border:0;border-radius:var(--portico-border-radius);background:var(--portico-surface);color:var(--portico-fg);font:inherit;text-align:left;cursor:pointer}
.portico-list-item:hover{background:var(--portico-surface-hover)}
.portico-list-item:disabled{opacity:.55;cursor:not-allowed}
.portico-list-item-text{flex:1;min-width:0;display:flex;flex-direction:column}
.portico-list-item-label{font-weight:var(--portico-font-weight-medium);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.portico-list-item-description{font-size:var(--portico-font-size-sm);color:var(--portico-muted);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.portico-tag{flex:none;padding:2px var(--portico-space-2);border-radius:var(--portico-radius-full);background:var(--portico-bg);color:var(--portico-muted);font-size:var(--portico-font-size-xs);font-weight:var(--portico-font-weight-medium)}
.portico-tag[data-tone=accent]{color:var(--portico-accent)}
.portico-tag[data-tone=success]{color:var(--portico-success)}
.portico-wallet-image{flex:none;display:block;object-fit:cover;border-radius:var(--portico-radius-sm);background:var(--portico-bg)}
.portico-wallet-image-fallback{flex:none;display:inline-flex;align-items:center;justify-content:center;border-radius:var(--portico-radius-sm);background:var(--portico-accent);color:var(--portico-accent-fg);font-weight:var(--portico-font-weight-bold);text-transform:uppercase}
.portico-wallet-image-fallback::before{content:attr(data-letter)}
.portico-avatar{flex:none;display:inline-block;border-radius:50%;object-fit:cover}
.portico-address{font-family:var(--portico-font-family-mono);font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.portico-token-row{display:flex;align-items:center;gap:var(--portico-space-3);padding:var(--portico-space-2) var(--portico-space-1)}
.portico-token-row-main,.portico-token-row-amounts{display:flex;flex-direction:column;min-width:0}
.portico-token-row-main{flex:1}
.portico-token-row-amounts{flex:none;align-items:flex-end;text-align:right;white-space:nowrap}
.portico-token-row-secondary{font-size:var(--portico-font-size-sm);color:var(--portico-muted)}
.portico-token-row-name{font-weight:var(--portico-font-weight-medium);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.portico-tabs-list{display:flex;gap:var(--portico-space-1);padding:var(--portico-space-1);border-radius:var(--portico-radius-full);background:var(--portico-surface)}
.portico-tab{flex:1;min-height:32px;border:0;border-radius:var(--portico-radius-full);background:transparent;color:var(--portico-muted);font:inherit;font-weight:var(--portico-font-weight-medium);cursor:pointer;transition:background-color 120ms,color 120ms}
.portico-tab[aria-selected=true]{background:var(--portico-bg);color:var(--portico-fg);box-shadow:0 1px 2px rgba(0,0,0,.12)}
.portico-tabpanel{padding-top:var(--portico-space-3)}
.portico-qr{display:flex;justify-content:center;padding:var(--portico-space-3);border-radius:calc(var(--portico-border-radius) * 1.5);background:#fff}
.portico-qr svg{display:block;max-width:100%;height:auto}
`

const feedback = `
.portico-snackbar{display:flex;align-items:center;gap:var(--portico-space-2);max-width:calc(100% - 32px);margin:0 auto;padding:var(--portico-space-2) var(--portico-space-3);border:1px solid var(--portico-border);border-radius:var(--portico-radius-full);background:var(--portico-bg);color:var(--portico-fg);box-shadow:var(--portico-shadow);font-size:var(--portico-font-size-sm);animation:portico-snackbar-in ${ANIMATION_MS.viewTransition}ms ease-out}
.portico-snackbar--success .portico-snackbar-icon{color:var(--portico-success)}
.portico-snackbar--error .portico-snackbar-icon{color:var(--portico-error)}
.portico-snackbar--loading .portico-snackbar-icon{color:var(--portico-accent)}
.portico-snackbar-message{flex:1;min-width:0}
.portico-snackbar .portico-icon-button{width:24px;height:24px}
.portico-state{display:flex;flex-direction:column;align-items:center;gap:var(--portico-space-2);padding:var(--portico-space-5) var(--portico-space-4);text-align:center}
.portico-state-alert{display:flex;flex-direction:column;align-items:center;gap:var(--portico-space-2)}
.portico-state-icon{color:var(--portico-muted)}
.portico-state--error .portico-state-icon{color:var(--portico-error)}
.portico-state-title{margin:0;font-size:var(--portico-font-size-lg);font-weight:var(--portico-font-weight-bold)}
.portico-state-description{margin:0;color:var(--portico-muted)}
.portico-skeleton{display:block;background:var(--portico-surface-hover);border-radius:var(--portico-radius-sm);animation:portico-shimmer 1.2s ease-in-out infinite}
`

/** Motion off when the user asks for it; the spinner keeps turning slowly since it is the only sign of progress. */
const reducedMotion = `
@media (prefers-reduced-motion:reduce){
.portico-root *,.portico-root *::before,.portico-root *::after,.portico-overlay,.portico-dialog{animation-duration:1ms!important;animation-iteration-count:1!important;transition-duration:1ms!important}
.portico-root .portico-spinner{animation-duration:2s!important;animation-iteration-count:infinite!important}
}
`

/** The whole stylesheet. */
export const porticoCss: string = (shell + controls + lists + feedback + reducedMotion).trim()
