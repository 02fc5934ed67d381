// fr: the bip122 views' strings (keys as in ../messages.ts).
import type { Bip122Messages } from '../messages.ts'

const messages: Bip122Messages = {
  bitcoinAccounts: "Comptes Bitcoin",
  purposePayment: "Paiement",
  purposeOrdinals: "Ordinals",
  active: "Actif",
  accounts: "Comptes",
}
export default messages
