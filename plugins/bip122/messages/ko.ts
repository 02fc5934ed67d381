// ko: the bip122 views' strings (keys as in ../messages.ts).
import type { Bip122Messages } from '../messages.ts'

const messages: Bip122Messages = {
  bitcoinAccounts: "비트코인 계정",
  purposePayment: "결제",
  purposeOrdinals: "Ordinals",
  active: "활성",
  accounts: "계정",
}
export default messages
