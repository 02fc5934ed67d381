/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** JSON list of { id, name, rpcUrl }: the chains the app uses (set by the browser test). */
  readonly VITE_APP_CHAINS?: string
}
