import { createReadStream, existsSync, readFileSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { type HeaderRule, headersFor, parseHostHeaders } from './hostHeaders'

/** Content types of the files a build holds, by extension. */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

/** The build's `_headers` rules; none for a build without the file. */
function rulesOf(root: string): HeaderRule[] {
  const file = join(root, '_headers')
  return existsSync(file) ? parseHostHeaders(readFileSync(file, 'utf8')) : []
}

/** One request the server answered (or refused while down). */
export type ServedRequest = { path: string; status: number | 'refused' }

/**
 * A static server for a built app, the way a static host serves it: the build's `_headers` applied as Netlify and
 * Cloudflare Pages apply them (`hostHeaders.ts`), and unknown paths without an extension answered with the app. The
 * browser tests serve their builds with it; the PWA tests control it completely: it can switch to another build (a
 * new deployment) and go down (every connection is reset), so that only the service worker can serve the app.
 */
export class AppServer {
  private root: string
  private down = false
  private readonly sockets = new Set<Socket>()
  private readonly log: ServedRequest[] = []
  private readonly server = createServer((request, response) => void this.handle(request, response))
  port = 0

  private rules: HeaderRule[] = []

  private constructor(root: string) {
    this.root = resolve(root)
    this.rules = rulesOf(this.root)
    this.server.on('connection', (socket) => {
      if (this.down) {
        socket.destroy()
        return
      }
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
  }

  /** Starts serving `root` on `port` of 127.0.0.1 (a free one by default). */
  static async start(root: string, port = 0): Promise<AppServer> {
    const server = new AppServer(root)
    await new Promise<void>((done, fail) => {
      server.server.once('error', fail)
      server.server.listen(port, '127.0.0.1', () => done())
    })
    const address = server.server.address()
    server.port = typeof address === 'object' && address ? address.port : 0
    return server
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  /** Serves another build from now on, as a new deployment would. */
  deploy(root: string): void {
    this.root = resolve(root)
    this.rules = rulesOf(this.root)
  }

  /** Refuses every connection (open ones are reset) until {@link goUp}. */
  goDown(): void {
    this.down = true
    for (const socket of this.sockets) socket.destroy()
    this.sockets.clear()
  }

  goUp(): void {
    this.down = false
  }

  /** The requests served so far, in order. */
  requests(): ServedRequest[] {
    return [...this.log]
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((done) => this.server.close(() => done()))
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    if (this.down) {
      this.log.push({ path, status: 'refused' })
      request.socket.destroy()
      return
    }
    let file = this.fileFor(path)
    let info = file ? await stat(file).catch(() => null) : null
    // Like `vite preview`, unknown paths without a file extension get the app (single-page app routing).
    if (!info?.isFile() && extname(path) === '') {
      file = join(this.root, 'index.html')
      info = await stat(file).catch(() => null)
    }
    if (!file || !info?.isFile()) {
      this.log.push({ path, status: 404 })
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    this.log.push({ path, status: 200 })
    const hashed = path.startsWith('/assets/')
    response.writeHead(200, {
      ...headersFor(this.rules, path),
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    if (request.method === 'HEAD') {
      response.end()
      return
    }
    createReadStream(file).pipe(response)
  }

  private fileFor(path: string): string | null {
    const file = normalize(join(this.root, path.endsWith('/') ? `${path}index.html` : path))
    return file === this.root || file.startsWith(this.root + sep) ? file : null
  }
}
