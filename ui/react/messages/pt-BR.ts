// headless components' strings: pt-BR
const messages = {
  connectNamed: "Conectar {name}",
}

export default messages
