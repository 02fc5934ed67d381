// The view that waits for a browser wallet's approval, in its own lazy chunk: Connect fetches it as soon as it
// shows, so choosing a wallet does not wait, while opening the modal does not carry it (see core-views.ts).
export { default as ConnectingExternal } from './ConnectingExternal.tsx'
// The modal's snackbar rides in this chunk (not a chunk of its own: a new lazy entry that imports the shell makes the
// bundler split React out of the entry chunk, +0.6 KB initial). It shows once something happens after the first view,
// and this chunk is fetched as soon as Connect shows; see loadSnackbar in ui/react/shell.tsx.
export { Snackbar } from '../components/Snackbar.tsx'
