/**
 * A Next.js-style server-rendered page without Next.js: each GET / creates a modal over the request's cookies,
 * renders the page with react-dom/server's renderToString, and sends it with the client bundle (built by Vite) that
 * hydrates it. `npx tsx examples/ssr/server.ts` builds and serves it; tests/e2e/ssr.e2e.ts drives it in Chromium.
 */
import { createReadStream, existsSync, mkdtempSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { renderToString } from 'react-dom/server'
import { createElement } from 'react'
import { build } from 'vite'
import { createCookieAdapter } from 'portico'
import { decoratorOxc, porticoAliases } from '../../demo/aliases.ts'
import { App, createExampleModal } from './app.tsx'

const here = fileURLToPath(new URL('.', import.meta.url))

/**
 * Builds client.tsx into `outDir` as client.js (+ chunks). `development` bundles React's development build, which
 * reports hydration mismatches in full (the e2e test reads them from the console).
 */
export async function buildSsrClient(outDir: string, { development = false } = {}): Promise<void> {
  await build({
    root: here,
    configFile: false,
    logLevel: 'warn',
    mode: development ? 'development' : 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify(development ? 'development' : 'production') },
    plugins: [react()],
    resolve: { alias: porticoAliases() },
    oxc: decoratorOxc,
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 4096,
      rollupOptions: { input: join(here, 'client.tsx'), output: { entryFileNames: 'client.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  })
}

function page(html: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Portico SSR example</title></head>
<body><div id="root">${html}</div><script type="module" src="/client.js"></script></body>
</html>`
}

/** The few JSON-RPC answers the page asks the chain for (its balance), so the example needs no chain process. */
function rpc(body: string): unknown {
  const { id, method } = JSON.parse(body) as { id: number; method: string }
  const results: Record<string, string> = { eth_chainId: '0x7a69', eth_getBalance: '0xde0b6b3a7640000', eth_blockNumber: '0x1' }
  return method in results ? { jsonrpc: '2.0', id, result: results[method] } : { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
}

export interface SsrExample {
  url: string
  stop(): Promise<void>
}

/** Serves the page on 127.0.0.1 (a free port unless `port` is given) with the client built in `clientDir`. */
export async function startSsrExample({ clientDir, port = 0 }: { clientDir: string; port?: number }): Promise<SsrExample> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`
    if (url.pathname === '/') {
      const setCookies: string[] = []
      const storage = createCookieAdapter({ read: () => req.headers.cookie ?? '', write: (c) => void setCookies.push(c) })
      // Rendered at once after createModal: the server render shows the modal's first state (a stored connection
      // shows as a busy ConnectButton), the same state the client hydrates with.
      const modal = createExampleModal(storage, origin)
      try {
        const html = renderToString(createElement(App, { modal }))
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...(setCookies.length ? { 'set-cookie': setCookies } : {}) })
        res.end(page(html))
      } finally {
        modal.destroy()
      }
      return
    }
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204)
      res.end()
      return
    }
    if (url.pathname === '/rpc' && req.method === 'POST') {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify(rpc(body)))
      })
      return
    }
    const file = normalize(join(clientDir, url.pathname))
    if (!file.startsWith(normalize(clientDir)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('Not found')
      return
    }
    res.writeHead(200, { 'content-type': extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream' })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const clientDir = mkdtempSync(join(tmpdir(), 'portico-ssr-client-'))
  await buildSsrClient(clientDir)
  const example = await startSsrExample({ clientDir, port: Number(process.env.PORT ?? 0) })
  console.log(`Portico SSR example on ${example.url}`)
}
