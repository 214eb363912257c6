import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ONLINE_ONLY_MODULES } from '../src/pwa/build/appShell'
import { appEntryOf } from '../src/pwa/build/staticShell'

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(dir, path)).isFile())
    .map((path) => relative(dir, join(dir, path)).replaceAll('\\', '/'))
}

/** The chunks a built JavaScript file imports statically (`import … from"./x.js"`, `import"./x.js"`). */
function staticImports(dist: string, file: string): string[] {
  const source = readFileSync(join(dist, file), 'utf8')
  return [...source.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([\w.-]+\.js)"/g)].flatMap(([, name]) =>
    name ? [`assets/${name}`] : [],
  )
}

/** The online-only modules' names, as their chunks (and styles) are named. */
const onlineOnly = ONLINE_ONLY_MODULES.map((path) => path.replace(/^.*\//, '').replace(/\.tsx?$/, ''))

/**
 * Modules the app's source loads lazily: `import('./Timeline')` names the chunk `assets/Timeline-<hash>.js`. Those
 * that need the network anyway (the phone's WalletConnect sheet, RainbowKit) are left to runtime caching, and so is a
 * package's module the app loads lazily (`viem/ens`: a name's lookup needs the network).
 */
function lazyAppModules(sourceDir: string): string[] {
  return filesUnder(sourceDir)
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.startsWith('pwa/build/'))
    .flatMap((path) => [...readFileSync(join(sourceDir, path), 'utf8').matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)])
    .flatMap(([, specifier]) => (specifier ? [specifier.replace(/^.*\//, '').replace(/\.tsx?$/, '')] : []))
    .filter((name) => !onlineOnly.includes(name))
}

export type ShellExpectation = {
  /** Every URL (relative to the site root) the precache must hold, and nothing else. */
  urls: Set<string>
  /** The JavaScript of the build that must not be precached (wallet SDKs, locales, images, …). */
  runtimeOnly: string[]
}

/**
 * What the app shell of the build in `dist` is, worked out from the build's own files rather than from the plugin
 * that selects it: the HTML and manifest, the static files from `public/`, the styles, the classic scripts and the
 * entry chunk of `index.html`, the chunks the app's source loads lazily, English's catalog, and every chunk those
 * import statically.
 */
export function expectedShell(dist: string, publicDir: string, sourceDir: string): ShellExpectation {
  const built = filesUnder(dist)
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const entry = appEntryOf(html)?.replace(/^\//, '')
  if (!entry) throw new Error(`${dist}/index.html has no entry script.`)
  // English's catalog, the language every other falls back to (`en-<hash>.js`; the other locales are runtime-cached).
  const lazy = [...lazyAppModules(sourceDir), 'en'].map((name) => {
    const matches = built.filter((file) => new RegExp(`^assets/${name}-[\\w-]{8}\\.js$`).test(file))
    if (matches.length !== 1) throw new Error(`Expected one chunk for the lazy module "${name}", found ${matches}.`)
    return matches[0] as string
  })
  const js = new Set<string>()
  const pending = [entry, ...lazy]
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (js.has(file)) continue
    js.add(file)
    pending.push(...staticImports(dist, file))
  }
  // Classic scripts the page runs before its first paint (the prerendered page's shell script).
  const classic = [...html.matchAll(/<script src="\/([^"]+\.js)"[^>]*><\/script>/g)].flatMap(([, file]) =>
    file ? [file] : [],
  )
  const urls = new Set([
    'index.html',
    ...classic,
    'manifest.webmanifest',
    // Safe{Wallet} reads `manifest.json` to list the portal as a Safe App: the page does not load it. The worker
    // imports `sw-routes.js` itself: the browser stores it with the worker's own script.
    ...filesUnder(publicDir).filter((file) => file !== 'manifest.json' && file !== 'sw-routes.js'),
    // Every style but an online-only module's own, which loads with it.
    ...built.filter(
      (file) =>
        file.startsWith('assets/') &&
        file.endsWith('.css') &&
        !onlineOnly.some((name) => new RegExp(`^assets/${name}-[\\w-]{8}\\.css$`).test(file)),
    ),
    ...js,
  ])
  // Scripts and styles left to runtime caching (an online-only module's styles load with it).
  const runtimeOnly = built.filter((file) => file.startsWith('assets/') && /\.(js|css)$/.test(file) && !urls.has(file))
  return { urls, runtimeOnly }
}

/** The precache manifest inlined into the built `sw.js`: URL → revision (null for hashed file names). */
export function precacheManifest(dist: string): Map<string, string | null> {
  const worker = readFileSync(join(dist, 'sw.js'), 'utf8')
  const list = worker.match(/precacheAndRoute\((\[[^\]]*\])/)?.[1]
  if (!list) throw new Error(`${dist}/sw.js has no precache manifest.`)
  const entries = [...list.matchAll(/\{url:"([^"]+)",revision:(null|"[^"]+")\}/g)]
  return new Map(entries.map(([, url, revision]) => [url ?? '', revision === 'null' ? null : (revision ?? null)]))
}

/** Size in bytes of a built file. */
export function fileSize(dist: string, url: string): number {
  return statSync(join(dist, url)).size
}

/** Width and height of a PNG image, from its IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('Not a PNG image.')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}
