// siwx plugin strings: zh-CN
const messages = {
  needsToConnect: "{app} 需要连接到你的钱包",
  thisApp: "此应用",
  signToProve: "签署此消息以证明你拥有此钱包并继续。",
  signToProveRequired: "签署此消息以证明你拥有此钱包并继续。取消将断开连接。",
  cancel: "取消",
  signing: "正在签名...",
  tryAgain: "重试",
  sign: "签名",
  signIn: "登录",
}

export default messages
