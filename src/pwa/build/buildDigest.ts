import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { ASSETS_DIGEST_META } from '../../lib/buildInfo'

/** The folder, relative to the build's root, whose files the assets digest covers: every script and style. */
export const ASSETS_DIR = 'assets/'

export type FileDigest = { path: string; sha256: string }

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** Files in the order `sha256sum` users get from `LC_ALL=C sort`: by path, byte by byte. */
export function byPath(a: { path: string }, b: { path: string }): number {
  return Buffer.compare(Buffer.from(a.path), Buffer.from(b.path))
}

/** The lines `sha256sum` prints for these files (two spaces between digest and path), sorted by path. */
export function sha256sumLines(files: readonly FileDigest[]): string {
  return [...files]
    .sort(byPath)
    .map((file) => `${file.sha256}  ${file.path}\n`)
    .join('')
}

/**
 * The digest of a build's assets: the SHA-256 of the `sha256sum` listing of every file under `assets/`, so that
 * `(cd dist && find assets -type f | LC_ALL=C sort | xargs sha256sum | sha256sum)` gives it back.
 */
export function assetsDigest(files: readonly FileDigest[]): string {
  return sha256Hex(sha256sumLines(files.filter((file) => file.path.startsWith(ASSETS_DIR))))
}

/**
 * Records {@link assetsDigest} in index.html, where the page reads it. It hashes the files as written (later plugins
 * still change chunks after the bundle is generated), before the service worker's precache list is made from them.
 */
export function buildDigest(): Plugin {
  return {
    name: 'nai:build-digest',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const dir = options.dir
      if (!dir || !('index.html' in bundle)) throw new Error('The build has no index.html to record its digest in.')
      const files = await Promise.all(
        Object.keys(bundle)
          .filter((path) => path.startsWith(ASSETS_DIR))
          .map(async (path) => ({ path, sha256: sha256Hex(await readFile(join(dir, path))) })),
      )
      const htmlPath = join(dir, 'index.html')
      const meta = `<meta name="${ASSETS_DIGEST_META}" content="${assetsDigest(files)}" />`
      const html = await readFile(htmlPath, 'utf8')
      await writeFile(htmlPath, html.replace('</head>', `  ${meta}\n  </head>`))
    },
  }
}
