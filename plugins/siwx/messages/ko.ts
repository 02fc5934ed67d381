// siwx plugin strings: ko
const messages = {
  needsToConnect: "{app}이(가) 지갑에 연결하려고 합니다",
  thisApp: "이 앱",
  signToProve: "이 메시지에 서명하여 지갑 소유를 증명하고 계속하세요.",
  signToProveRequired: "이 메시지에 서명하여 지갑 소유를 증명하고 계속하세요. 취소하면 연결이 해제됩니다.",
  cancel: "취소",
  signing: "서명 중...",
  tryAgain: "다시 시도",
  sign: "서명",
  signIn: "로그인",
}

export default messages
