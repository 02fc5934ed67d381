// de: the account-data views' strings (keys as in ../messages.ts).
import type { AccountDataMessages } from '../messages.ts'

const messages: AccountDataMessages = {
  loadMore: "Mehr laden",
  transaction: "Transaktion",
  op_send: "Senden",
  op_receive: "Empfangen",
  op_trade: "Tausch",
  op_mint: "Prägen",
  op_burn: "Verbrennen",
  op_approve: "Genehmigen",
  op_deposit: "Einzahlung",
  op_withdraw: "Auszahlung",
  op_claim: "Beanspruchen",
  op_execute: "Ausführen",
  op_deploy: "Bereitstellen",
  op_cancel: "Abbrechen",
  op_stake: "Staken",
  op_unstake: "Unstaken",
  op_borrow: "Leihen",
  op_repay: "Zurückzahlen",
}
export default messages
