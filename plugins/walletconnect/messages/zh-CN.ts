// walletconnect plugin strings: zh-CN
const messages = {
  oneClick: "在钱包中批准一次，即可完成连接并登录。",
}

export default messages
