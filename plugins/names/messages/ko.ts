// names plugin strings: ko
const messages = {
  name: "이름",
  placeholder: "yourname",
  endsWith: "이름은 .{zone}(으)로 끝납니다",
  checking: "사용 가능 여부 확인 중...",
  available: "{name}을(를) 사용할 수 있습니다",
  taken: "{name}은(는) 이미 등록되어 있습니다",
  suggestions: "추천",
  availableTag: "사용 가능",
  waitingSignature: "서명 대기 중...",
  registering: "등록 중...",
  register: "등록",
  enterName: "이름 입력",
  enterValidName: "올바른 이름 입력",
  nameTaken: "이미 사용 중인 이름",
  availabilityUnknown: "사용 가능 여부 알 수 없음",
  isYours: "{name}이(가) 내 이름이 되었습니다",
  registered: "이름이 등록되었습니다",
  appsShowName: "이제 앱에서 주소 대신 이 이름을 표시할 수 있습니다.",
  backToAccount: "계정으로 돌아가기",
  chooseName: "이름 선택",
  nameRegistered: "이름 등록 완료",
  registerName: "이름 등록",
}

export default messages
