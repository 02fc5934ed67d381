// names plugin strings: ar
const messages = {
  name: "الاسم",
  placeholder: "اسمك",
  endsWith: "ينتهي اسمك بـ .{zone}",
  checking: "جارٍ التحقق من التوفر...",
  available: "{name} متاح",
  taken: "{name} مسجل بالفعل",
  suggestions: "اقتراحات",
  availableTag: "متاح",
  waitingSignature: "في انتظار التوقيع...",
  registering: "جارٍ التسجيل...",
  register: "تسجيل",
  enterName: "أدخل اسمًا",
  enterValidName: "أدخل اسمًا صالحًا",
  nameTaken: "الاسم مستخدم",
  availabilityUnknown: "التوفر غير معروف",
  isYours: "{name} أصبح لك",
  registered: "تم تسجيل اسمك",
  appsShowName: "يمكن للتطبيقات الآن عرض هذا الاسم بدلًا من عنوانك.",
  backToAccount: "العودة إلى الحساب",
  chooseName: "اختر اسمًا",
  nameRegistered: "تم تسجيل الاسم",
  registerName: "تسجيل اسم",
}

export default messages
