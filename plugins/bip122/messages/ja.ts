// ja: the bip122 views' strings (keys as in ../messages.ts).
import type { Bip122Messages } from '../messages.ts'

const messages: Bip122Messages = {
  bitcoinAccounts: "Bitcoin アカウント",
  purposePayment: "支払い",
  purposeOrdinals: "Ordinals",
  active: "使用中",
  accounts: "アカウント",
}
export default messages
