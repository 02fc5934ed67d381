// siwx plugin strings: fr
const messages = {
  needsToConnect: "{app} doit se connecter à votre portefeuille",
  thisApp: "Cette application",
  signToProve: "Signez ce message pour prouver que ce portefeuille vous appartient et continuer.",
  signToProveRequired: "Signez ce message pour prouver que ce portefeuille vous appartient et continuer. Annuler vous déconnectera.",
  cancel: "Annuler",
  signing: "Signature...",
  tryAgain: "Réessayer",
  sign: "Signer",
  signIn: "Connexion",
}

export default messages
