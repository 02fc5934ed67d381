// names plugin strings: ja
const messages = {
  name: "名前",
  placeholder: "yourname",
  endsWith: "名前の末尾は .{zone} です",
  checking: "利用可能か確認中...",
  available: "{name} は利用可能です",
  taken: "{name} は既に登録されています",
  suggestions: "候補",
  availableTag: "利用可能",
  waitingSignature: "署名を待っています...",
  registering: "登録中...",
  register: "登録",
  enterName: "名前を入力",
  enterValidName: "有効な名前を入力",
  nameTaken: "この名前は使用済み",
  availabilityUnknown: "利用可否が不明",
  isYours: "{name} はあなたのものです",
  registered: "名前が登録されました",
  appsShowName: "アプリはアドレスの代わりにこの名前を表示できるようになりました。",
  backToAccount: "アカウントに戻る",
  chooseName: "名前を選択",
  nameRegistered: "名前を登録しました",
  registerName: "名前を登録",
}

export default messages
