// headless components' strings: de
const messages = {
  connectNamed: "{name} verbinden",
}

export default messages
