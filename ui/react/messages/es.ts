// headless components' strings: es
const messages = {
  connectNamed: "Conectar {name}",
}

export default messages
