// walletconnect plugin strings: es
const messages = {
  oneClick: "Una sola aprobación en tu billetera te conecta e inicia tu sesión.",
}

export default messages
