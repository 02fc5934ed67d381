// walletconnect plugin strings: fr
const messages = {
  oneClick: "Une seule approbation dans votre portefeuille vous connecte et vous identifie.",
}

export default messages
