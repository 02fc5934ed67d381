// headless components' strings: fr
const messages = {
  connectNamed: "Connecter {name}",
}

export default messages
