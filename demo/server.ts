import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, createServer as createViteServer, type InlineConfig } from 'vite'
import { decoratorOxc, porticoAliases } from './aliases.ts'
import type { StackConfig } from './host/config.ts'
import type { LocalChains } from '../stack/local-chains.ts'

const hostRoot = fileURLToPath(new URL('./host/', import.meta.url))
const walletRoot = fileURLToPath(new URL('./wallet/', import.meta.url))

export interface DemoHost {
  url: string
  stop(): Promise<void>
}

function viteConfig(root: string, outDir?: string): InlineConfig {
  return {
    root,
    // One dependency cache per app: two dev servers sharing one would re-optimise each other's deps.
    cacheDir: join(root, '.data/vite'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: porticoAliases() },
    oxc: decoratorOxc,
    // The demo pages carry the dev wallet / WalletKit (viem, sign-client): large by design, not a host bundle.
    build: outDir ? { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 4096 } : undefined,
  }
}

function configScript(config: StackConfig): string {
  return `window.__PORTICO_STACK__ = ${JSON.stringify(config)};\n`
}

/**
 * Builds the demo host for production into `outDir`; `development: true` bundles React's development build
 * instead (StrictMode then runs effects mount-unmount-mount, as in `npm run demo`), served statically all the same.
 */
export async function buildDemoHost(outDir: string, opts: { development?: boolean } = {}): Promise<void> {
  const dev = opts.development ? { mode: 'development', define: { 'process.env.NODE_ENV': '"development"' } } : {}
  await build({ ...viteConfig(hostRoot, outDir), ...dev })
}

/** Builds the demo wallet (demo/wallet, WalletKit) for production into `outDir`. */
export async function buildDemoWallet(outDir: string): Promise<void> {
  await build(viteConfig(walletRoot, outDir))
}

export interface DemoAppOptions {
  config: StackConfig
  port?: number
  mode: 'dev' | 'static'
  distDir?: string
}

/** Serves the demo wallet like the demo host (same /stack-config.js; it reads relayUrl and the chains). */
export function startDemoWallet(opts: DemoAppOptions): Promise<DemoHost> {
  return startDemoApp(walletRoot, opts, buildDemoWallet)
}

/**
 * Serves the demo host on 127.0.0.1: `dev` runs Vite's dev server; `static` serves a production build (the e2e
 * tests use it: no dependency re-optimisation reloads mid-test). /stack-config.js tells the page about the stack.
 */
export function startDemoHost(opts: DemoAppOptions): Promise<DemoHost> {
  return startDemoApp(hostRoot, opts, buildDemoHost)
}

async function startDemoApp(root: string, opts: DemoAppOptions, buildApp: (outDir: string) => Promise<void>): Promise<DemoHost> {
  if (opts.mode === 'dev') {
    const vite = await createViteServer({
      ...viteConfig(root),
      server: { host: '127.0.0.1', port: opts.port ?? 5173, strictPort: opts.port !== undefined },
      plugins: [
        react(),
        {
          name: 'portico-stack-config',
          configureServer(server) {
            server.middlewares.use('/stack-config.js', (_req, res) => {
              res.setHeader('content-type', 'text/javascript')
              res.end(configScript(opts.config))
            })
          },
        },
      ],
    })
    await vite.listen()
    const address = vite.httpServer?.address() as AddressInfo
    return { url: `http://127.0.0.1:${address.port}/`, stop: () => vite.close() }
  }
  const distDir = opts.distDir ?? join(root, '.data/dist')
  if (!existsSync(join(distDir, 'index.html'))) await buildApp(distDir)
  const server = serveStatic(distDir, { '/stack-config.js': () => configScript(opts.config) })
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/** A small static server (no directory listing, no path escape). */
export function serveStatic(dir: string, dynamic: Record<string, () => string> = {}): Server {
  return createServer((req, res) => {
    let path: string
    try {
      // Parsed as a path: a request line like `//x` (a protocol-relative URL) or a bad %-escape is refused, not fatal.
      path = decodeURIComponent(new URL(`http://x${(req.url ?? '/').startsWith('/') ? '' : '/'}${req.url ?? '/'}`).pathname)
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' })
      res.end('Bad request')
      return
    }
    const render = dynamic[path]
    if (render) {
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'text/plain', 'cache-control': 'no-store' })
      res.end(render())
      return
    }
    const file = normalize(join(dir, path === '/' ? 'index.html' : path))
    if (!file.startsWith(normalize(dir)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('Not found')
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(res)
  })
}

/** The non-EVM local chains as the demo pages see them (StackConfig). */
export function otherChains(local: LocalChains): Pick<StackConfig, 'solana' | 'bitcoin' | 'cosmos' | 'polkadot'> {
  return {
    ...(local.solana && {
      solana: {
        rpcUrl: local.solana.rpcUrl,
        wsUrl: local.solana.wsUrl,
        caipNetworkId: local.solana.caipNetworkId,
        // Mint names live in the deployment only (no Metaplex metadata on the local cluster).
        tokens: Object.fromEntries(Object.values(local.solana.mints).map((m) => [m.address, { name: m.name, symbol: m.symbol }])),
      },
    }),
    ...(local.bitcoin && { bitcoin: { url: local.bitcoin.url, caipNetworkId: local.bitcoin.caipNetworkId } }),
    ...(local.cosmos && {
      cosmos: { rpcUrl: local.cosmos.rpcUrl, chainId: local.cosmos.chainId, caipNetworkId: local.cosmos.caipNetworkId },
    }),
    ...(local.polkadot && { polkadot: { wsUrl: local.polkadot.wsUrl, caipNetworkId: local.polkadot.caipNetworkId } }),
  }
}
