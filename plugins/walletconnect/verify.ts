/**
 * How the dapp side of WalletConnect's Verify API is set up (see stack/relay/README.md, "Verify API").
 *
 * @walletconnect/core 2.25 has no option for the Verify server: `Verify` copies the hosted URL
 * (`https://verify.walletconnect.org/v3`) into its instance field `verifyUrlV3`, and in a browser `register()` loads
 * `${verifyUrlV3}/attestation` in a hidden iframe on every connect and request, waiting up to 5 s when it is
 * unreachable. So the field is set after `SignClient.init` and before `connect()`.
 *
 * - `'local'`: the stack relay serves `/v3/attestation` and `/v3/public-key`; the field points at its HTTP URL.
 *   A wallet receiving the attestation must point its own Core at the same relay (it fetches the public key).
 * - `'off'`: no attestation at all; `register()` answers '' as in Node and wallets skip the check.
 * - absent: the hosted Verify server (production).
 *
 * The same two operations exist for the stack in stack/relay/verify-client.ts; the plugin keeps its own copy so
 * the published package does not ship the stack.
 */
export type VerifyMode = 'local' | 'off'

export function configureVerify(core: { verify: unknown }, mode: VerifyMode | undefined, relayHttpUrl: string | undefined): void {
  if (!mode) return
  const verify = core.verify as { verifyUrlV3?: unknown; register?: unknown }
  if (mode === 'off') {
    if (typeof verify.register !== 'function') throw new Error('This @walletconnect/core has no Verify.register()')
    verify.register = async () => ''
    return
  }
  if (!relayHttpUrl) throw new Error("walletConnect({ verify: 'local' }) needs relayHttpUrl or a ws(s):// relayUrl")
  if (typeof verify.verifyUrlV3 !== 'string') throw new Error('This @walletconnect/core has no Verify.verifyUrlV3 field')
  verify.verifyUrlV3 = `${relayHttpUrl.replace(/\/+$/, '')}/v3`
}

/** The relay's HTTP origin from its WebSocket URL: ws://host:port -> http://host:port. */
export function relayHttpUrlOf(relayUrl: string | undefined): string | undefined {
  if (!relayUrl) return undefined
  const url = new URL(relayUrl)
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return undefined
  return `${url.protocol === 'wss:' ? 'https:' : 'http:'}//${url.host}`
}
