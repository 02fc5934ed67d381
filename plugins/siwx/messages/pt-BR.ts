// siwx plugin strings: pt-BR
const messages = {
  needsToConnect: "{app} precisa se conectar à sua carteira",
  thisApp: "Este app",
  signToProve: "Assine esta mensagem para provar que esta carteira é sua e continuar.",
  signToProveRequired: "Assine esta mensagem para provar que esta carteira é sua e continuar. Cancelar vai desconectar você.",
  cancel: "Cancelar",
  signing: "Assinando...",
  tryAgain: "Tentar de novo",
  sign: "Assinar",
  signIn: "Entrar",
}

export default messages
