// siwx plugin strings: ja
const messages = {
  needsToConnect: "{app} がウォレットへの接続を求めています",
  thisApp: "このアプリ",
  signToProve: "このメッセージに署名して、ウォレットの所有者であることを証明し、続行してください。",
  signToProveRequired: "このメッセージに署名して、ウォレットの所有者であることを証明し、続行してください。キャンセルすると接続が解除されます。",
  cancel: "キャンセル",
  signing: "署名中...",
  tryAgain: "再試行",
  sign: "署名",
  signIn: "サインイン",
}

export default messages
