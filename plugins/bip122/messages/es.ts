// es: the bip122 views' strings (keys as in ../messages.ts).
import type { Bip122Messages } from '../messages.ts'

const messages: Bip122Messages = {
  bitcoinAccounts: "Cuentas de Bitcoin",
  purposePayment: "Pagos",
  purposeOrdinals: "Ordinals",
  active: "Activa",
  accounts: "Cuentas",
}
export default messages
