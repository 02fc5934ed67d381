// siwx plugin strings: de
const messages = {
  needsToConnect: "{app} möchte sich mit deiner Wallet verbinden",
  thisApp: "Diese App",
  signToProve: "Signiere diese Nachricht, um zu bestätigen, dass dir diese Wallet gehört, und fortzufahren.",
  signToProveRequired: "Signiere diese Nachricht, um zu bestätigen, dass dir diese Wallet gehört, und fortzufahren. Beim Abbrechen wirst du getrennt.",
  cancel: "Abbrechen",
  signing: "Wird signiert...",
  tryAgain: "Erneut versuchen",
  sign: "Signieren",
  signIn: "Anmelden",
}

export default messages
