// headless components' strings: ar
const messages = {
  connectNamed: "ربط {name}",
}

export default messages
