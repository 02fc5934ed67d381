// The view that waits for a browser wallet's approval, in its own lazy chunk: Connect fetches it as soon as it
// shows, so choosing a wallet does not wait, while opening the modal does not carry it (see core-views.ts).
export { default as ConnectingExternal } from './ConnectingExternal.tsx'
