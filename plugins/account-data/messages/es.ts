// es: the account-data views' strings (keys as in ../messages.ts).
import type { AccountDataMessages } from '../messages.ts'

const messages: AccountDataMessages = {
  loadMore: "Cargar más",
  transaction: "Transacción",
  op_send: "Enviar",
  op_receive: "Recibir",
  op_trade: "Intercambio",
  op_mint: "Acuñar",
  op_burn: "Quemar",
  op_approve: "Aprobar",
  op_deposit: "Depósito",
  op_withdraw: "Retiro",
  op_claim: "Reclamar",
  op_execute: "Ejecutar",
  op_deploy: "Desplegar",
  op_cancel: "Cancelar",
  op_stake: "Hacer staking",
  op_unstake: "Retirar staking",
  op_borrow: "Pedir prestado",
  op_repay: "Reembolsar",
}
export default messages
