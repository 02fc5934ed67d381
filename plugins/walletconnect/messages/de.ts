// walletconnect plugin strings: de
const messages = {
  oneClick: "Eine Bestätigung in deiner Wallet verbindet dich und meldet dich an.",
}

export default messages
