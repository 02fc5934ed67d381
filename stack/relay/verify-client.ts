/**
 * Browser-safe (no Node imports): points a WalletConnect Core's Verify API at the local relay.
 *
 * @walletconnect/core 2.25 has no public option for this: `Verify` copies the constant
 * `VERIFY_SERVER_V3` ("https://verify.walletconnect.org/v3") into its instance field `verifyUrlV3` and uses it
 * for the attestation iframe (dapp side, `register()`) and for the attestation public key (wallet side,
 * `resolve()`). `metadata.verifyUrl` only feeds the legacy v2 lookup and is replaced by the hosted URL unless it
 * is verify.walletconnect.com/.org. So the field is set after `SignClient.init` / `Core` construction and before
 * `connect()` / `pair()`.
 */
export function pointVerifyAtLocalRelay(core: { verify: unknown }, relayHttpUrl: string): void {
  const verify = core.verify as { verifyUrlV3?: unknown }
  if (typeof verify.verifyUrlV3 !== 'string') {
    throw new Error('pointVerifyAtLocalRelay: this @walletconnect/core has no Verify.verifyUrlV3 field')
  }
  verify.verifyUrlV3 = `${relayHttpUrl.replace(/\/+$/, '')}/v3`
}

/**
 * Turns attestation off for a dapp (no iframe, no wait): `register()` then returns "" as it does in Node, and
 * wallets skip the check for an empty attestation.
 */
export function disableVerifyAttestation(core: { verify: unknown }): void {
  const verify = core.verify as { register?: unknown }
  if (typeof verify.register !== 'function') {
    throw new Error('disableVerifyAttestation: this @walletconnect/core has no Verify.register()')
  }
  verify.register = async () => ''
}
