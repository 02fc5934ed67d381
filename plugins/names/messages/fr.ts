// names plugin strings: fr
const messages = {
  name: "Nom",
  placeholder: "votrenom",
  endsWith: "Votre nom se termine par .{zone}",
  checking: "Vérification de la disponibilité...",
  available: "{name} est disponible",
  taken: "{name} est déjà enregistré",
  suggestions: "Suggestions",
  availableTag: "Disponible",
  waitingSignature: "En attente de la signature...",
  registering: "Enregistrement...",
  register: "Enregistrer",
  enterName: "Saisissez un nom",
  enterValidName: "Saisissez un nom valide",
  nameTaken: "Nom déjà pris",
  availabilityUnknown: "Disponibilité inconnue",
  isYours: "{name} est à vous",
  registered: "Votre nom est enregistré",
  appsShowName: "Les applications peuvent désormais afficher ce nom au lieu de votre adresse.",
  backToAccount: "Retour au compte",
  chooseName: "Choisir un nom",
  nameRegistered: "Nom enregistré",
  registerName: "Enregistrer un nom",
}

export default messages
