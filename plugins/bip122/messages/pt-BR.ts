// pt-BR: the bip122 views' strings (keys as in ../messages.ts).
import type { Bip122Messages } from '../messages.ts'

const messages: Bip122Messages = {
  bitcoinAccounts: "Contas Bitcoin",
  purposePayment: "Pagamento",
  purposeOrdinals: "Ordinals",
  active: "Ativa",
  accounts: "Contas",
}
export default messages
