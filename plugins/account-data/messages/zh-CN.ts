// zh-CN: the account-data views' strings (keys as in ../messages.ts).
import type { AccountDataMessages } from '../messages.ts'

const messages: AccountDataMessages = {
  loadMore: "加载更多",
  transaction: "交易",
  op_send: "发送",
  op_receive: "接收",
  op_trade: "兑换",
  op_mint: "铸造",
  op_burn: "销毁",
  op_approve: "授权",
  op_deposit: "存入",
  op_withdraw: "提取",
  op_claim: "领取",
  op_execute: "执行",
  op_deploy: "部署",
  op_cancel: "取消",
  op_stake: "质押",
  op_unstake: "解除质押",
  op_borrow: "借入",
  op_repay: "还款",
}
export default messages
