/** SPEC §2 connect methods. */
export type ConnectMethod = 'email' | 'social' | 'wallet'

/** SPEC §2 default order (also used without an injected wallet; see docs/DECISIONS.md). */
export const DEFAULT_CONNECT_METHOD_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']
/** SPEC §2 order when an injected wallet is found. */
export const INJECTED_CONNECT_METHOD_ORDER: readonly ConnectMethod[] = ['wallet', 'email', 'social']

/**
 * SPEC §2 connect-method order: a configured order wins; wallet, email, social when an injected wallet is found;
 * otherwise email, social, wallet. Methods that are not enabled are left out.
 */
export function connectMethodOrder(input: {
  configured?: readonly ConnectMethod[]
  injectedFound: boolean
  emailEnabled: boolean
  socialsEnabled: boolean
}): ConnectMethod[] {
  const base = input.configured?.length
    ? input.configured
    : input.injectedFound
      ? INJECTED_CONNECT_METHOD_ORDER
      : DEFAULT_CONNECT_METHOD_ORDER
  return base.filter((m) => (m === 'email' ? input.emailEnabled : m === 'social' ? input.socialsEnabled : true))
}
