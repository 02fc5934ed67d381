// ar: the bip122 views' strings (keys as in ../messages.ts).
import type { Bip122Messages } from '../messages.ts'

const messages: Bip122Messages = {
  bitcoinAccounts: "حسابات بيتكوين",
  purposePayment: "الدفع",
  purposeOrdinals: "Ordinals",
  active: "نشط",
  accounts: "الحسابات",
}
export default messages
