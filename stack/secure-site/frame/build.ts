/**
 * Builds the secure site's browser files with Vite (production, minified) and returns them in memory for the
 * secure site's server to serve:
 *
 * | path                  | type                     | what                                                    |
 * |-----------------------|--------------------------|---------------------------------------------------------|
 * | `/frame`              | text/html                | the iframe page (`/frame?origin=<host>&projectId=<id>`) |
 * | `/frame.js`           | text/javascript          | its script (main.ts)                                    |
 * | `/frame.css`          | text/css                 | its styles (light/dark)                                 |
 * | `/auth/callback`      | text/html                | the social callback page TEMPLATE (not served as is:    |
 * |                       |                          | the server inserts the data script before `</head>`)    |
 * | `/social/callback.js` | text/javascript          | the social callback page's script                       |
 */
import { fileURLToPath } from 'node:url'
import { build, type Rolldown } from 'vite'
import { porticoAliases } from '../../../demo/aliases.ts'
import { FRAME_CSS, FRAME_HTML, SOCIAL_CALLBACK_TEMPLATE } from './page.ts'

export { renderSocialCallbackPage } from './page.ts'

export interface BuiltFile {
  body: string
  type: string
}

const here = fileURLToPath(new URL('.', import.meta.url))

async function bundle(entry: string): Promise<string> {
  const out = await build({
    configFile: false,
    root: here,
    publicDir: false,
    // The frame imports the embedded-wallet plugin's public entry (its frame protocol), resolved to the sources.
    resolve: { alias: porticoAliases() },
    logLevel: 'silent',
    mode: 'production',
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      copyPublicDir: false,
      rollupOptions: {
        input: `${here}${entry}`,
        output: { format: 'es', entryFileNames: 'entry.js', inlineDynamicImports: true },
      },
    },
  })
  const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[]
  // The page is served as one script, so the entry must stand alone: dynamic imports are inlined (the plugin entry's
  // lazy views are unreachable from the frame's imports and tree-shaken away, 341 KB as with the protocol imported by
  // path), which also keeps Rolldown from moving its runtime helpers into a chunk of their own.
  const chunks = outputs.flatMap((o) => o.output).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk' && c.isEntry)
  const [chunk] = chunks
  if (chunks.length !== 1 || !chunk) throw new Error(`frame build of ${entry}: expected one entry chunk, got ${chunks.length}`)
  if (chunk.imports.length > 0 || chunk.dynamicImports.length > 0) throw new Error(`frame build of ${entry}: the entry loads other chunks (${[...chunk.imports, ...chunk.dynamicImports].join(', ')})`)
  return chunk.code
}

let cached: Promise<Map<string, BuiltFile>> | undefined

/** The built files by URL path (built once per process). */
export function buildFrame(): Promise<Map<string, BuiltFile>> {
  cached ??= (async () => {
    const [frameJs, callbackJs] = await Promise.all([bundle('main.ts'), bundle('social-callback.ts')])
    return new Map<string, BuiltFile>([
      ['/frame', { body: FRAME_HTML, type: 'text/html; charset=utf-8' }],
      ['/frame.js', { body: frameJs, type: 'text/javascript; charset=utf-8' }],
      ['/frame.css', { body: FRAME_CSS, type: 'text/css; charset=utf-8' }],
      ['/auth/callback', { body: SOCIAL_CALLBACK_TEMPLATE, type: 'text/html; charset=utf-8' }],
      ['/social/callback.js', { body: callbackJs, type: 'text/javascript; charset=utf-8' }],
    ])
  })()
  cached.catch(() => {
    cached = undefined
  })
  return cached
}
