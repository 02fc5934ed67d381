// fr: the account-data views' strings (keys as in ../messages.ts).
import type { AccountDataMessages } from '../messages.ts'

const messages: AccountDataMessages = {
  loadMore: "Charger plus",
  transaction: "Transaction",
  op_send: "Envoi",
  op_receive: "Réception",
  op_trade: "Échange",
  op_mint: "Frappe",
  op_burn: "Brûlage",
  op_approve: "Approbation",
  op_deposit: "Dépôt",
  op_withdraw: "Retrait",
  op_claim: "Réclamation",
  op_execute: "Exécution",
  op_deploy: "Déploiement",
  op_cancel: "Annulation",
  op_stake: "Staking",
  op_unstake: "Fin de staking",
  op_borrow: "Emprunt",
  op_repay: "Remboursement",
}
export default messages
