/** The server's social callback outcome (api-types `SocialCallbackMessage`), checked against the protocol's schema. */
import { parseSocialMessage, type SocialMessage } from 'portico/plugins/embedded-wallet'

export function toSocialMessage(m: unknown): SocialMessage | undefined {
  return parseSocialMessage(m)
}
