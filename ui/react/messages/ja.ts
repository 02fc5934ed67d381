// headless components' strings: ja
const messages = {
  connectNamed: "{name} に接続",
}

export default messages
