// walletconnect plugin strings: ko
const messages = {
  oneClick: "지갑에서 한 번 승인하면 연결과 로그인이 함께 완료됩니다.",
}

export default messages
