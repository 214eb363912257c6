import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin, Rollup } from 'vite'
import { escapeHtml } from '../../config/build/html'
import type { AppConfig } from '../../config/env'
import { parseConfig } from '../../config/env'
import { blogPosts } from '../../config/links'
import { formatDateTime } from '../../domain/format'
import { cacheBuster } from '../../domain/storedKeys'
import type { FirstReadSpec } from '../shell/firstRead'
import { SHELL_WORDS_ID, type ShellTexts } from '../shell/messages'
import { shellWords, splitTag } from '../shell/texts'
import { firstReadSpec } from './firstRead'
import { shellTexts } from './shellTexts'

/**
 * The script that words the prerendered note for the viewer and shows a returning holder's stored position before the
 * first paint (same origin, not inline).
 */
export const SHELL_SCRIPT = 'shell.js'

/** The message catalogs, from the project's root: the shell's words are taken from them. */
export const LOCALES_DIR = 'src/i18n/locales'

/**
 * The page as it looks before any script, in English: the header, the blog teasers and the card's title, and with the
 * deployment's facts in the build the claim-window note (in UTC here; the shell script rewrites it in the viewer's
 * time zone) and the first visit's prompt to connect (the shell script takes it away for a returning holder). The same
 * elements and classes the app renders, which replaces them on its first render; the shell script words them in the
 * holder's language first. The card names the stored cache that belongs to this build and the vesting contract, so
 * that the shell script can show a returning holder's position from it, and the holder's first read, so that it can
 * send that read as the page opens.
 */
export function staticShellHtml(
  config: AppConfig,
  version: string,
  texts: Record<string, Partial<ShellTexts>>,
  firstRead?: FirstReadSpec,
): string {
  const words = shellWords(texts, 'en')
  const teasers = blogPosts(config.links)
    .map(
      (post) =>
        `<a class="blog-card" href="${escapeHtml(post.href)}" target="_blank" rel="noopener noreferrer"><strong>${escapeHtml(post.title)}</strong><span>${escapeHtml(post.summary)}</span></a>`,
    )
    .join('')
  const claimEnd = config.knownDeployment?.schedule.claimEnd
  let note = ''
  if (claimEnd !== undefined) {
    // Worded as before the window closes; the shell script rewords it by the device clock.
    const [lead, date, tail] = splitTag(words('noteOpen', { date: formatDateTime(claimEnd, 'en-US', 'UTC') }))
    const iso = new Date(Number(claimEnd) * 1000).toISOString()
    note =
      `<p class="note" data-claim-end="${claimEnd}">${escapeHtml(lead)}<time datetime="${iso}">${escapeHtml(date)}</time>${escapeHtml(tail)}</p>` +
      `<div class="connect" data-first-visit><p>${escapeHtml(words('connect'))}</p></div>`
  }
  return (
    '<div class="layout">' +
    `<header class="header"><a href="/" class="logo" aria-label="${escapeHtml(words('home'))}"><img src="/logo.svg" alt="" width="32" height="32" /><span>${escapeHtml(words('product'))}</span></a></header>` +
    `<nav class="blog" aria-label="${escapeHtml(words('news'))}">${teasers}</nav>` +
    `<main class="main"><section class="card" aria-labelledby="vesting-title" data-cache-buster="${escapeHtml(cacheBuster(version, config))}" data-vesting="${config.vestingAddress}"${firstRead ? ` data-first-read="${escapeHtml(JSON.stringify(firstRead))}"` : ''}><h1 id="vesting-title">${escapeHtml(words('title'))}</h1>${note}</section></main>` +
    '</div>'
  )
}

/**
 * Every locale's words for the prerendered page, as data in the document (not run: it needs no script permission),
 * for the shell script to word the page in the holder's language before the first paint. `<` is escaped, so that no
 * message can end the element.
 */
export function shellWordsTag(texts: Record<string, Partial<ShellTexts>>): string {
  return `<script type="application/json" id="${SHELL_WORDS_ID}">${JSON.stringify(texts).replaceAll('<', '\\u003c')}</script>`
}

/**
 * Each locale's catalog chunk (a path from the site root), by locale: the shell script starts loading the page's own
 * with the app, so that the first render does not wait for it after the app's code.
 */
export function catalogChunks(bundle: Rollup.OutputBundle | undefined): Record<string, string> {
  const chunks: Record<string, string> = {}
  for (const output of Object.values(bundle ?? {})) {
    const locale =
      output.type === 'chunk' ? output.facadeModuleId?.match(/\/i18n\/locales\/([\w-]+)\.po$/)?.[1] : undefined
    if (locale) chunks[locale] = `/${output.fileName}`
  }
  return chunks
}

const ROOT = '<div id="root"></div>'
/** Vite's tag for the app's entry chunk. */
const ENTRY_TAG = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g

/** The app's entry chunk (a path from the site root), which index.html names for the shell script to start. */
export function appEntryOf(html: string): string | undefined {
  return html.match(/<script src="[^"]*" data-entry="([^"]+)"[^>]*><\/script>/)?.[1]
}

/**
 * Prerenders {@link staticShellHtml} into index.html's root element, followed by every locale's words for it
 * ({@link shellWordsTag}) and the shell script, so that the first paint needs neither the app's JavaScript nor the
 * chain. The app's entry chunk moves from its own tag to the shell script, which on a first visit starts it once the
 * shell has been painted: fetched alongside the page, it would share the bandwidth the first paint needs. A build
 * whose configuration is invalid keeps an empty root and the entry's own tag: the app shows its configuration error
 * page.
 */
export function staticShell({ version }: { version: string }): Plugin {
  let env: Record<string, string | undefined> = {}
  let texts: Record<string, Partial<ShellTexts>> = {}
  return {
    name: 'nai:static-shell',
    apply: 'build',
    configResolved(config) {
      env = config.env
      texts = shellTexts(join(config.root, LOCALES_DIR))
    },
    transformIndexHtml: {
      // After Vite has written the entry chunk's tag.
      order: 'post',
      async handler(html, context) {
        const parsed = parseConfig(env)
        if (!parsed.ok) return html
        if (!html.includes(ROOT)) throw new Error(`index.html lost its ${ROOT}, into which the shell is prerendered.`)
        const entries = [...html.matchAll(ENTRY_TAG)].map((match) => match[1])
        const [entry] = entries
        if (entries.length !== 1 || !entry) throw new Error(`index.html has ${entries.length} entry scripts, not one.`)
        const firstRead = await firstReadSpec(parsed.config)
        return html
          .replace(ENTRY_TAG, '')
          .replace(
            ROOT,
            `<div id="root">${staticShellHtml(parsed.config, version, texts, firstRead)}</div>\n    ${shellWordsTag(texts)}\n    <script src="/${SHELL_SCRIPT}" data-entry="${escapeHtml(entry)}" data-catalogs="${escapeHtml(JSON.stringify(catalogChunks(context.bundle)))}"></script>`,
          )
      },
    },
    async generateBundle() {
      const { build } = await import('esbuild')
      const result = await build({
        entryPoints: [fileURLToPath(new URL('../shell/shell.ts', import.meta.url))],
        bundle: true,
        format: 'iife',
        minify: true,
        target: 'es2020',
        write: false,
        legalComments: 'none',
      })
      const [output] = result.outputFiles
      if (!output) throw new Error('The shell script was not built.')
      this.emitFile({ type: 'asset', fileName: SHELL_SCRIPT, source: output.text })
    },
  }
}
