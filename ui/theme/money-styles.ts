/**
 * The money primitives' rules (TokenAmountCard, TokenPill, AddressCard, ReceiptList, Disclosure, IconButtonRow, and
 * the amount hero and flip button of the send and swap cards). Not in the global stylesheet: only the lazy views of
 * feature plugins use these components, so a host that opens the modal without them loads none of it. Each component
 * puts the sheet into its document or shadow root when it mounts (`moneyStyles`, ui/components/money-styles.ts).
 */
import { ellipsis, s1, s2, s3, s4, v } from './styles.ts'

export const moneyCss: string = `
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
`.trim()
