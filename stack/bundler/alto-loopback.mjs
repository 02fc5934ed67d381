// Runs Pimlico's Alto CLI with every server it opens bound to 127.0.0.1: Alto listens on 0.0.0.0 unconditionally
// (rpc/server.js), and the stack's services bind the loopback only. Arguments are passed to Alto unchanged.
import net from 'node:net'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (...args) {
  if (args[0] && typeof args[0] === 'object' && !Array.isArray(args[0])) args[0] = { ...args[0], host: '127.0.0.1' }
  else if (typeof args[0] === 'number' || typeof args[0] === 'string') {
    const rest = typeof args[1] === 'string' ? args.slice(2) : args.slice(1)
    args = [args[0], '127.0.0.1', ...rest]
  }
  return listen.apply(this, args)
}

// The package exports only its library entry (esm/index.js); its CLI sits beside it as the package's `bin`.
const require = createRequire(import.meta.url)
const entry = require.resolve('@pimlico/alto')
await import(pathToFileURL(entry.replace(/index\.js$/, 'cli/alto.js')).href)
