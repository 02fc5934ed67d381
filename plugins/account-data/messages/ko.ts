// ko: the account-data views' strings (keys as in ../messages.ts).
import type { AccountDataMessages } from '../messages.ts'

const messages: AccountDataMessages = {
  loadMore: "더 불러오기",
  transaction: "트랜잭션",
  op_send: "보내기",
  op_receive: "받기",
  op_trade: "교환",
  op_mint: "발행",
  op_burn: "소각",
  op_approve: "승인",
  op_deposit: "입금",
  op_withdraw: "출금",
  op_claim: "청구",
  op_execute: "실행",
  op_deploy: "배포",
  op_cancel: "취소",
  op_stake: "스테이킹",
  op_unstake: "언스테이킹",
  op_borrow: "대출",
  op_repay: "상환",
}
export default messages
