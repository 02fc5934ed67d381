/**
 * The rules of the components only lazily loaded views use, out of the global stylesheet (styles.ts) so a host that
 * opens the modal loads none of them: the money primitives (TokenAmountCard, TokenPill, AddressCard, ReceiptList,
 * Disclosure, IconButtonRow, and the amount hero and flip button of the send and swap cards), TokenRow and the
 * account activity and NFT lists, Tabs, QrCode, WalletLogo (the connecting views), TextField, Avatar,
 * Skeleton and CopyButton, KeyValueList and NetworkButton (the account and confirmation views), ConnectionCard
 * (ProfileWallets), Snackbar (the modal
 * loads it with the connecting views), and the keyframes only these rules use. Each of those
 * components puts the sheet into its document or shadow root when it mounts (`lazyStyles`,
 * ui/components/lazy-styles.ts); the lists render inside Tabs. The sheet comes after the global one.
 */
import { ANIMATION_MS, ellipsis, fast, s1, s2, s3, s4, v } from './styles.ts'

export const lazyCss: string = `
.portico-connection-card{display:flex;flex-direction:column;border-radius:${v('border-radius')};background:${v('surface')}}
.portico-connection-card .portico-list-item-label,.portico-connection-card .portico-list-item-description{white-space:normal;overflow-wrap:break-word}
.portico-connection-card-footer{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:${s2};padding:0 ${s3} ${s3} calc(${s2} + ${v('logo-size-sm')} + ${s3})}
.portico-kv{display:grid;grid-template-columns:auto 1fr;gap:${s2} ${s3};margin:0}
.portico-kv>div{display:contents}
.portico-kv dt{color:${v('muted')}}
.portico-kv dd{margin:0;text-align:end;overflow-wrap:anywhere}
.portico-network-button{display:inline-flex;align-items:center;gap:${s2};max-width:100%;min-height:36px;padding:0 ${s3} 0 ${s1};border:1px solid ${v('border')};border-radius:${v('radius-full')};background:${v('surface')};color:${v('fg')};font:inherit;cursor:pointer}
.portico-network-button>span{${ellipsis}}
.portico-network-button:hover{background:${v('surface-hover')}}
.portico-amount-card{display:flex;flex-direction:column;gap:${s2};padding:${s3} ${s4};border:1px solid ${v('border')};border-radius:${v('border-radius')};background:${v('surface')}}
.portico-amount-card:focus-within{border-color:${v('focus-ring')}}
.portico-amount-card[data-invalid]{border-color:${v('error')}}
.portico-amount-card-label{font-size:${v('font-size-sm')};color:${v('muted')}}
.portico-amount-card-row{display:flex;align-items:center;gap:${s2};min-width:0}
.portico-amount-card-amount{flex:1;min-width:0;padding:0;border:0;background:none;color:${v('fg')};font:inherit;font-size:${v('font-size-xl')};font-weight:${v('font-weight-medium')};font-variant-numeric:tabular-nums;${ellipsis}}
.portico-amount-card-amount:focus-visible{outline:none}
.portico-amount-card-amount::placeholder,.portico-amount-card-amount[data-placeholder]{color:${v('muted')}}
.portico-amount-card-meta{font-size:${v('font-size-sm')};color:${v('muted')};font-variant-numeric:tabular-nums}
.portico-amount-card-usd{flex:1}
.portico-amount-card-usd,.portico-amount-card-balance{min-width:0;${ellipsis}}
.portico-amount-card-max{flex:none;min-height:24px;padding:0 ${s1};border:0;border-radius:${v('radius-sm')};background:none;color:${v('accent')};font:inherit;font-weight:${v('font-weight-medium')};cursor:pointer}
.portico-amount-card-max:disabled{opacity:.55;cursor:not-allowed}
.portico-address-card-input{width:100%;min-width:0;padding:0;border:0;background:none;color:${v('fg')};font-family:${v('font-family-mono')};font-size:${v('font-size-md')}}
.portico-address-card-input:focus-visible{outline:none}
.portico-address-card-input::placeholder{color:${v('muted')};font-family:${v('font-family')}}
.portico-address-card-account{display:flex;align-items:center;gap:${s2};min-width:0;font-size:${v('font-size-sm')}}
.portico-address-card-name{min-width:0;font-weight:${v('font-weight-medium')};${ellipsis}}
.portico-amount-hero{font-size:${v('font-size-xl')};font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.portico-amount-flip{align-self:center;margin:-22px 0;z-index:1;border:4px solid ${v('bg')};background:${v('surface')}}
.portico-token-pill{flex:none;display:inline-flex;align-items:center;gap:${s1};max-width:60%;min-height:36px;padding:0 ${s2} 0 ${s1};border:1px solid ${v('border')};border-radius:${v('radius-full')};background:${v('bg')};color:${v('fg')};font:inherit;font-weight:${v('font-weight-medium')}}
.portico-token-pill .portico-wallet-image,.portico-token-pill .portico-wallet-image-fallback{border-radius:50%}
.portico-token-pill[data-empty]{padding-inline-start:${s3};border-color:${v('accent')};background:${v('accent')};color:${v('accent-fg')}}
button.portico-token-pill{cursor:pointer}
button.portico-token-pill:not([data-empty]):hover{background:${v('surface-hover')}}
.portico-token-pill-text{min-width:0;${ellipsis}}
.portico-disclosure{display:flex;align-items:center;gap:${s2};width:100%;min-height:36px;padding:0 ${s1};border:0;border-radius:${v('radius-sm')};background:none;color:${v('fg')};font:inherit;font-size:${v('font-size-sm')};text-align:start;cursor:pointer}
.portico-disclosure>span{flex:1;min-width:0;${ellipsis}}
.portico-disclosure[aria-expanded=true]>.portico-icon{transform:rotate(180deg)}
.portico-receipt{display:flex;flex-direction:column;gap:${s2};margin:0;padding:${s3} ${s4};border:1px solid ${v('border')};border-radius:${v('border-radius')}}
.portico-receipt-row{display:flex;align-items:flex-start;justify-content:space-between;gap:${s3}}
.portico-receipt dt{flex:none;max-width:45%;color:${v('muted')}}
.portico-receipt dd{margin:0;min-width:0;display:flex;flex-direction:column;align-items:flex-end;text-align:end;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.portico-receipt-value{display:inline-flex;align-items:center;gap:${s2};max-width:100%;min-width:0}
.portico-receipt-secondary{font-size:${v('font-size-sm')};color:${v('muted')}}
.portico-receipt-row[data-emphasis]{padding-top:${s2};border-top:1px solid ${v('border')};font-weight:${v('font-weight-bold')}}
.portico-icon-row{display:grid;grid-template-columns:repeat(5,1fr);gap:${s2}}
.portico-icon-row[data-count="1"]{grid-template-columns:1fr}.portico-icon-row[data-count="2"]{grid-template-columns:repeat(2,1fr)}.portico-icon-row[data-count="3"]{grid-template-columns:repeat(3,1fr)}.portico-icon-row[data-count="4"]{grid-template-columns:repeat(4,1fr)}
.portico-icon-row-button{display:flex;align-items:center;justify-content:center;min-height:${v('control-height')};border:1px solid ${v('border')};border-radius:${v('border-radius')};background:${v('surface')};color:${v('fg')};cursor:pointer}
.portico-icon-row-button:hover{background:${v('surface-hover')}}
.portico-icon-row-button:disabled{opacity:.55;cursor:not-allowed}
.portico-token-row{display:flex;align-items:center;gap:${s3};padding:${s2} ${s1}}
.portico-token-row-main,.portico-token-row-amounts{display:flex;flex-direction:column;min-width:0}
.portico-token-row-main{flex:1}
.portico-token-row-amounts{flex:none;align-items:flex-end;text-align:end;white-space:nowrap;font-variant-numeric:tabular-nums}
.portico-token-row-secondary{font-size:${v('font-size-sm')};color:${v('muted')}}
.portico-token-row-name{font-weight:${v('font-weight-medium')};${ellipsis}}
.portico-section-heading{margin:0 0 ${s2};font-size:${v('font-size-sm')};font-weight:${v('font-weight-medium')};color:${v('muted')}}
.portico-tabs-list{display:flex;gap:${s1};padding:${s1};border-radius:${v('radius-full')};background:${v('surface')}}
.portico-tab{flex:1;min-height:32px;border:0;border-radius:${v('radius-full')};background:transparent;color:${v('muted')};font:inherit;font-weight:${v('font-weight-medium')};cursor:pointer;transition:background-color ${fast},color ${fast}}
.portico-tab[aria-selected=true]{background:${v('bg')};color:${v('fg')};box-shadow:${v('shadow-sm')}}
.portico-tabpanel{padding-top:${s3}}
.portico-qr{position:relative;display:flex;justify-content:center;align-self:center;padding:${s3};border:1px solid ${v('border')};border-radius:${v('radius-lg')};background:#fff}
.portico-qr svg{display:block;max-width:100%;height:auto}
.portico-qr-logo{position:absolute;top:50%;left:50%;transform:translate(-50%,-50%);display:flex;padding:6px;border-radius:${v('border-radius')};background:#fff}
.portico-grid{display:grid;grid-template-columns:repeat(2,1fr);gap:${s2};margin:0;padding:0;list-style:none}
.portico-tile{display:flex;flex-direction:column;align-items:center;gap:${s2};padding:${s2};border-radius:${v('border-radius')};background:${v('surface')};font-size:${v('font-size-sm')};text-align:center;overflow-wrap:anywhere}
.portico-text-field{display:flex;flex-direction:column;gap:${s1}}
.portico-text-field-label{font-size:${v('font-size-sm')};color:${v('muted')}}
.portico-text-field-input{width:100%;min-height:${v('control-height')};padding:0 ${s3};border:1px solid ${v('border')};border-radius:${v('border-radius')};background:${v('surface')};color:${v('fg')};font:inherit}
.portico-text-field-input::placeholder{color:${v('muted')}}
.portico-text-field-input[aria-invalid=true]{border-color:${v('error')}}
.portico-text-field-error{margin:0;font-size:${v('font-size-sm')};color:${v('error')}}
.portico-logo{position:relative;flex:none;display:inline-flex;padding:10px}
.portico-logo>svg{position:absolute;inset:0;width:100%;height:100%;overflow:visible;fill:none;stroke:${v('accent')};stroke-width:3;stroke-linecap:round}
.portico-logo[data-state=loading]>svg{stroke-dasharray:22 78;animation:portico-dash 1.2s linear infinite}
.portico-logo[data-state=error]>svg{stroke:${v('error')}}
.portico-logo[data-retry]{cursor:pointer}
.portico-logo-badge{position:absolute;inset-inline-end:2px;bottom:2px;display:flex;padding:3px;border:2px solid ${v('bg')};border-radius:50%;background:${v('error')};color:${v('error-fg')}}
.portico-avatar{flex:none;display:inline-block;border-radius:50%;object-fit:cover}
.portico-copy-button[data-copied] .portico-icon{color:${v('success')}}
.portico-skeleton{display:block;background:${v('surface-hover')};border-radius:${v('radius-sm')};animation:portico-shimmer 1.2s ease-in-out infinite}
.portico-avatar-row{display:flex;flex-wrap:wrap;gap:${s2};max-width:100%}
.portico-snackbar{display:flex;align-items:center;gap:${s2};max-width:calc(100% - 32px);margin:0 auto ${s4};padding:${s2} ${s2} ${s2} ${s3};border:1px solid ${v('border')};border-radius:${v('radius-full')};background:${v('bg')};color:${v('fg')};box-shadow:${v('shadow')};font-size:${v('font-size-sm')};animation:portico-snackbar-in ${ANIMATION_MS.viewTransition}ms ease-out}
.portico-dialog-body+.portico-snackbar{margin-top:${s2}}
.portico-snackbar-icon{flex:none;display:inline-flex;align-items:center;justify-content:center;width:20px;height:20px;overflow:hidden}
.portico-snackbar--success .portico-snackbar-icon{color:${v('success')}}
.portico-snackbar--error .portico-snackbar-icon{color:${v('error')}}
.portico-snackbar--loading .portico-snackbar-icon{color:${v('accent')}}
.portico-snackbar-message{flex:1;min-width:0}
.portico-snackbar .portico-icon-button{width:24px;height:24px}
@keyframes portico-snackbar-in{from{opacity:0;transform:translateY(8px)}}
@keyframes portico-dash{to{stroke-dashoffset:-100}}
@keyframes portico-shimmer{50%{opacity:.55}}
`.trim()
