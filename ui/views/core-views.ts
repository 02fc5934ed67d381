// The views a visitor who is not connected sees first (Connect, then ConnectingExternal) in one lazy chunk; the views
// of a connected account are a second chunk (account-views.ts), loaded when the modal opens connected or when a
// connection starts, so opening the modal to connect does not carry them (the open path budget of bench/check.ts).
export { default as Connect } from './Connect.tsx'
export { default as ConnectingExternal } from './ConnectingExternal.tsx'
