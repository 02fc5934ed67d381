// walletconnect plugin strings: ja
const messages = {
  oneClick: "ウォレットで一度承認するだけで、接続とサインインが完了します。",
}

export default messages
