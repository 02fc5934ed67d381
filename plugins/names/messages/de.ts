// names plugin strings: de
const messages = {
  name: "Name",
  placeholder: "deinname",
  endsWith: "Dein Name endet auf .{zone}",
  checking: "Verfügbarkeit wird geprüft...",
  available: "{name} ist verfügbar",
  taken: "{name} ist bereits registriert",
  suggestions: "Vorschläge",
  availableTag: "Verfügbar",
  waitingSignature: "Warte auf Signatur...",
  registering: "Wird registriert...",
  register: "Registrieren",
  enterName: "Namen eingeben",
  enterValidName: "Gültigen Namen eingeben",
  nameTaken: "Name vergeben",
  availabilityUnknown: "Verfügbarkeit unbekannt",
  isYours: "{name} gehört dir",
  registered: "Dein Name ist registriert",
  appsShowName: "Apps können jetzt diesen Namen statt deiner Adresse anzeigen.",
  backToAccount: "Zurück zum Konto",
  chooseName: "Name wählen",
  nameRegistered: "Name registriert",
  registerName: "Name registrieren",
}

export default messages
