// walletconnect plugin strings: ar
const messages = {
  oneClick: "موافقة واحدة في محفظتك تربطك وتسجّل دخولك.",
}

export default messages
