import type { StaticFile } from './server.ts'

export type Precache = { entries: number; rawKB: number; gzipKB: number; jsKB: number; missing: string[] }

/**
 * What the service worker downloads when it installs: the URLs in the precache manifest that workbox inlines into
 * `sw.js`, sized from the build. `null` when the build has no service worker.
 */
export function precacheOf(files: Map<string, StaticFile>): Precache | null {
  const worker = files.get('/sw.js')
  if (!worker) return null
  const source = worker.body.toString('utf8')
  const urls = new Set<string>()
  for (const match of source.matchAll(/["']?url["']?\s*:\s*["']([^"']+)["']/g)) {
    const url = match[1]
    if (url) urls.add(url.startsWith('/') ? url : `/${url}`)
  }
  let raw = 0
  let gzip = 0
  let js = 0
  const missing: string[] = []
  for (const url of urls) {
    const file = files.get(url.split('?')[0] ?? url)
    if (!file) {
      missing.push(url)
      continue
    }
    raw += file.body.length
    gzip += file.gzip.length
    if (url.endsWith('.js')) js += file.body.length
  }
  return { entries: urls.size, rawKB: raw / 1024, gzipKB: gzip / 1024, jsKB: js / 1024, missing }
}
