// zh-CN: the bip122 views' strings (keys as in ../messages.ts).
import type { Bip122Messages } from '../messages.ts'

const messages: Bip122Messages = {
  bitcoinAccounts: "比特币账户",
  purposePayment: "支付",
  purposeOrdinals: "Ordinals",
  active: "当前",
  accounts: "账户",
}
export default messages
