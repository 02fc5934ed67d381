// pt-BR: the account-data views' strings (keys as in ../messages.ts).
import type { AccountDataMessages } from '../messages.ts'

const messages: AccountDataMessages = {
  loadMore: "Carregar mais",
  transaction: "Transação",
  op_send: "Envio",
  op_receive: "Recebimento",
  op_trade: "Troca",
  op_mint: "Cunhagem",
  op_burn: "Queima",
  op_approve: "Aprovação",
  op_deposit: "Depósito",
  op_withdraw: "Saque",
  op_claim: "Resgate",
  op_execute: "Execução",
  op_deploy: "Implantação",
  op_cancel: "Cancelamento",
  op_stake: "Stake",
  op_unstake: "Unstake",
  op_borrow: "Empréstimo",
  op_repay: "Pagamento",
}
export default messages
