// names plugin strings: zh-CN
const messages = {
  name: "名称",
  placeholder: "yourname",
  endsWith: "你的名称以 .{zone} 结尾",
  checking: "正在检查是否可用...",
  available: "{name} 可用",
  taken: "{name} 已被注册",
  suggestions: "建议",
  availableTag: "可用",
  waitingSignature: "正在等待签名...",
  registering: "正在注册...",
  register: "注册",
  enterName: "输入名称",
  enterValidName: "输入有效名称",
  nameTaken: "名称已被占用",
  availabilityUnknown: "可用性未知",
  isYours: "{name} 归你了",
  registered: "你的名称已注册",
  appsShowName: "应用现在可以显示此名称而不是你的地址。",
  backToAccount: "返回账户",
  chooseName: "选择名称",
  nameRegistered: "名称已注册",
  registerName: "注册名称",
}

export default messages
