// ja: the account-data views' strings (keys as in ../messages.ts).
import type { AccountDataMessages } from '../messages.ts'

const messages: AccountDataMessages = {
  loadMore: "さらに読み込む",
  transaction: "トランザクション",
  op_send: "送金",
  op_receive: "受取",
  op_trade: "交換",
  op_mint: "ミント",
  op_burn: "バーン",
  op_approve: "承認",
  op_deposit: "入金",
  op_withdraw: "出金",
  op_claim: "請求",
  op_execute: "実行",
  op_deploy: "デプロイ",
  op_cancel: "キャンセル",
  op_stake: "ステーク",
  op_unstake: "アンステーク",
  op_borrow: "借入",
  op_repay: "返済",
}
export default messages
