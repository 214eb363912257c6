import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { CONTENT_TYPES } from '../../testing/appServer.ts'

export type StaticFile = { path: string; body: Buffer; gzip: Buffer; type: string }

/** Every file of a build, with its gzip-compressed form (level 9, as a CDN serving precompressed files would). */
export function readBuild(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (!name.endsWith('.map')) {
        const body = readFileSync(full)
        const path = `/${relative(dir, full).split('\\').join('/')}`
        files.set(path, {
          path,
          body,
          gzip: gzipSync(body, { level: 9 }),
          type: CONTENT_TYPES[extname(name)] ?? 'application/octet-stream',
        })
      }
    }
  }
  walk(dir)
  return files
}

export type Listening = { url: string; close: () => Promise<void> }

async function listen(server: Server): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Serves a production build the way a static host does: gzip when the browser accepts it, hashed assets cached for a
 * year, everything else revalidated, and `index.html` for any other path (the app has one route).
 */
export async function serveBuild(files: Map<string, StaticFile>): Promise<Listening> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    const file =
      files.get(path === '/' ? '/index.html' : path) ?? (extname(path) ? undefined : files.get('/index.html'))
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
    const body = gzip ? file.gzip : file.body
    response.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      'cache-control': file.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      vary: 'accept-encoding',
    })
    response.end(request.method === 'HEAD' ? undefined : body)
  })
  return listen(server)
}
