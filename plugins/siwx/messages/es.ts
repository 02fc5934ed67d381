// siwx plugin strings: es
const messages = {
  needsToConnect: "{app} necesita conectarse a tu billetera",
  thisApp: "Esta app",
  signToProve: "Firma este mensaje para demostrar que esta billetera es tuya y continuar.",
  signToProveRequired: "Firma este mensaje para demostrar que esta billetera es tuya y continuar. Si cancelas, se te desconectará.",
  cancel: "Cancelar",
  signing: "Firmando...",
  tryAgain: "Reintentar",
  sign: "Firmar",
  signIn: "Iniciar sesión",
}

export default messages
