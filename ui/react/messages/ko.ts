// headless components' strings: ko
const messages = {
  connectNamed: "{name} 연결",
}

export default messages
