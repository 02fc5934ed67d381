// walletconnect plugin strings: pt-BR
const messages = {
  oneClick: "Uma única aprovação na sua carteira conecta você e faz seu login.",
}

export default messages
