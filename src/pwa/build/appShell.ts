import type { Plugin } from 'vite'
import type { ManifestTransform } from 'workbox-build'
import { SHELL_SCRIPT } from './staticShell'

/**
 * Which JavaScript chunks the service worker precaches: the app shell, so that the portal opens with no network —
 * the entry, the chunks the app's own source loads lazily, and what those import statically. Wallet SDKs and
 * RainbowKit's locales, reached only from inside dependencies, are cached at runtime when first used.
 */

/** What the shell decision needs to know about one output chunk. */
export type ShellChunk = {
  fileName: string
  isEntry: boolean
  isDynamicEntry: boolean
  /** The module the chunk stands for, when it has one (absolute path). */
  facadeModuleId: string | null
  /** Chunks this one imports statically. */
  imports: readonly string[]
}

/** Whether `moduleId` is the app's own source rather than a dependency's. */
function isAppSource(moduleId: string, sourceDir: string): boolean {
  const path = moduleId.replaceAll('\\', '/')
  return path.startsWith(sourceDir) && !path.includes('/node_modules/')
}

/**
 * Whether `moduleId` is the catalog of a language other than English: each holder needs one, cached when first used,
 * not all precached. English, the language every other one falls back to, is in the shell.
 */
function isOtherCatalog(moduleId: string): boolean {
  return /\.po(?:\?|$)/.test(moduleId) && !/\/en\.po(?:\?|$)/.test(moduleId)
}

/**
 * File names of the JavaScript chunks that form the app shell. `onlineOnly` names app modules (relative to
 * `sourceDir`) loaded lazily that are of no use without a network, such as the phone's WalletConnect sheet: they are
 * cached when first used, like the wallet SDKs they drive.
 */
export function shellChunkFiles(
  chunks: readonly ShellChunk[],
  sourceDir: string,
  onlineOnly: readonly string[] = [],
): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const source = `${sourceDir.replaceAll('\\', '/').replace(/\/$/, '')}/`
  const excluded = new Set(onlineOnly.map((module) => `${source}${module}`))
  const shell = new Set<string>()
  const pending = chunks
    .filter(
      (chunk) =>
        chunk.isEntry ||
        (chunk.isDynamicEntry &&
          chunk.facadeModuleId !== null &&
          isAppSource(chunk.facadeModuleId, source) &&
          !isOtherCatalog(chunk.facadeModuleId) &&
          !excluded.has(chunk.facadeModuleId.replaceAll('\\', '/'))),
    )
    .map((chunk) => chunk.fileName)
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (shell.has(file)) continue
    shell.add(file)
    pending.push(...(byFile.get(file)?.imports ?? []))
  }
  return shell
}

/**
 * App modules loaded lazily that are of no use without a network, left to runtime caching: the phone's WalletConnect
 * sheet, which drives a wallet SDK that needs the relay, and the reader of a holder's history, which reads the chain.
 * RainbowKit too (its modal, its account button, their styles and the wallet code under them): connecting needs the
 * network; a connected holder's page loads it online when the holder first asks for it (a desktop by itself), and the
 * runtime cache holds it from then on. A visitor who never connects no longer downloads it with the shell. The memory
 * of which wallet app connected, too: it serves the phone's connect sheet.
 */
export const ONLINE_ONLY_MODULES = [
  'wallet/PhoneConnectSheet.tsx',
  'wallet/rainbowKit.tsx',
  'wallet/connectedWallet.ts',
  'features/statement/history.ts',
  'wallet/batchCalls.ts',
  'features/vesting/components/SessionNetworkNotice.tsx',
] as const

/** The precache budget: the shell must stay small enough for a first visit on a phone. */
export const PRECACHE_BUDGET_BYTES = 1_200_000

/**
 * A Vite plugin that records the shell while the bundle is written, and the Workbox manifest transform that keeps
 * only the shell's chunks in the precache (HTML, CSS, icons, the prerendered page's script and other static files
 * stay).
 */
export function appShell(options: { sourceDir: string; onlineOnly: readonly string[] }) {
  let shell: Set<string> | null = null
  /** Styles only online-only chunks load: they stay out of the precache with them. */
  let onlineOnlyCss = new Set<string>()
  const plugin: Plugin = {
    name: 'nai:app-shell',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []))
      const kept = shellChunkFiles(chunks, options.sourceDir, options.onlineOnly)
      const cssOf = (inShell: boolean) =>
        new Set(
          chunks
            .filter((chunk) => kept.has(chunk.fileName) === inShell)
            .flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]),
        )
      const shellCss = cssOf(true)
      onlineOnlyCss = new Set([...cssOf(false)].filter((file) => !shellCss.has(file)))
      shell = kept
    },
  }
  const manifestTransform: ManifestTransform = (entries) => {
    if (!shell) throw new Error('The app shell was not recorded: the nai:app-shell plugin did not run.')
    const kept = shell
    const manifest = entries.filter(
      (entry) =>
        (!entry.url.endsWith('.js') || kept.has(entry.url) || entry.url === SHELL_SCRIPT) &&
        !onlineOnlyCss.has(entry.url),
    )
    const total = manifest.reduce((sum, entry) => sum + entry.size, 0)
    const warnings =
      total > PRECACHE_BUDGET_BYTES
        ? [`The precached app shell is ${total} bytes, over its budget of ${PRECACHE_BUDGET_BYTES} bytes.`]
        : []
    return { manifest, warnings }
  }
  return { plugin, manifestTransform }
}
