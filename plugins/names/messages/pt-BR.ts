// names plugin strings: pt-BR
const messages = {
  name: "Nome",
  placeholder: "seunome",
  endsWith: "Seu nome termina com .{zone}",
  checking: "Verificando disponibilidade...",
  available: "{name} está disponível",
  taken: "{name} já está registrado",
  suggestions: "Sugestões",
  availableTag: "Disponível",
  waitingSignature: "Aguardando assinatura...",
  registering: "Registrando...",
  register: "Registrar",
  enterName: "Digite um nome",
  enterValidName: "Digite um nome válido",
  nameTaken: "Nome indisponível",
  availabilityUnknown: "Disponibilidade desconhecida",
  isYours: "{name} é seu",
  registered: "Seu nome está registrado",
  appsShowName: "Os apps agora podem mostrar este nome em vez do seu endereço.",
  backToAccount: "Voltar à conta",
  chooseName: "Escolher nome",
  nameRegistered: "Nome registrado",
  registerName: "Registrar nome",
}

export default messages
