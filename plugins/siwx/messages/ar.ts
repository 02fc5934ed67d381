// siwx plugin strings: ar
const messages = {
  needsToConnect: "يحتاج {app} إلى الاتصال بمحفظتك",
  thisApp: "هذا التطبيق",
  signToProve: "وقّع هذه الرسالة لإثبات ملكيتك لهذه المحفظة والمتابعة.",
  signToProveRequired: "وقّع هذه الرسالة لإثبات ملكيتك لهذه المحفظة والمتابعة. سيؤدي الإلغاء إلى قطع الاتصال.",
  cancel: "إلغاء",
  signing: "جارٍ التوقيع...",
  tryAgain: "إعادة المحاولة",
  sign: "توقيع",
  signIn: "تسجيل الدخول",
}

export default messages
