// ar: the account-data views' strings (keys as in ../messages.ts).
import type { AccountDataMessages } from '../messages.ts'

const messages: AccountDataMessages = {
  loadMore: "تحميل المزيد",
  transaction: "معاملة",
  op_send: "إرسال",
  op_receive: "استلام",
  op_trade: "مبادلة",
  op_mint: "سكّ",
  op_burn: "حرق",
  op_approve: "موافقة",
  op_deposit: "إيداع",
  op_withdraw: "سحب",
  op_claim: "مطالبة",
  op_execute: "تنفيذ",
  op_deploy: "نشر",
  op_cancel: "إلغاء",
  op_stake: "تخزين",
  op_unstake: "إلغاء التخزين",
  op_borrow: "اقتراض",
  op_repay: "سداد",
}
export default messages
