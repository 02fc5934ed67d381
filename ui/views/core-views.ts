// The view a visitor who is not connected sees first (Connect): it comes in the dialog shell's chunk (registry.ts
// imports it). The view that waits for a wallet (ConnectingExternal, connecting-views.ts) and the views of a connected
// account (account-views.ts) are chunks of their own, fetched once Connect shows, so opening the modal to connect does
// not carry them (the open path budget of bench/check.ts).
export { default as Connect } from './Connect.tsx'
