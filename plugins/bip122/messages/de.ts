// de: the bip122 views' strings (keys as in ../messages.ts).
import type { Bip122Messages } from '../messages.ts'

const messages: Bip122Messages = {
  bitcoinAccounts: "Bitcoin-Konten",
  purposePayment: "Zahlung",
  purposeOrdinals: "Ordinals",
  active: "Aktiv",
  accounts: "Konten",
}
export default messages
