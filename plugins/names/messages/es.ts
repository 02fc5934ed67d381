// names plugin strings: es
const messages = {
  name: "Nombre",
  placeholder: "tunombre",
  endsWith: "Tu nombre termina en .{zone}",
  checking: "Comprobando disponibilidad...",
  available: "{name} está disponible",
  taken: "{name} ya está registrado",
  suggestions: "Sugerencias",
  availableTag: "Disponible",
  waitingSignature: "Esperando la firma...",
  registering: "Registrando...",
  register: "Registrar",
  enterName: "Introduce un nombre",
  enterValidName: "Introduce un nombre válido",
  nameTaken: "Nombre no disponible",
  availabilityUnknown: "Disponibilidad desconocida",
  isYours: "{name} es tuyo",
  registered: "Tu nombre está registrado",
  appsShowName: "Las apps ahora pueden mostrar este nombre en lugar de tu dirección.",
  backToAccount: "Volver a la cuenta",
  chooseName: "Elegir nombre",
  nameRegistered: "Nombre registrado",
  registerName: "Registrar nombre",
}

export default messages
