// headless components' strings: zh-CN
const messages = {
  connectNamed: "连接 {name}",
}

export default messages
