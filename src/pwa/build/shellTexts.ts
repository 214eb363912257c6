import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import PO from 'pofile'
import { LOCALES, SOURCE_LOCALE } from '../../i18n/locales'
import {
  APP_MESSAGES,
  type CompiledMessage,
  GLANCE_MESSAGES,
  type ShellMessage,
  type ShellTexts,
} from '../shell/messages'

/** Each message's key in a catalog: the app's by their English, the shell's own by their explicit id. */
const CATALOG_KEYS = {
  ...APP_MESSAGES,
  ...Object.fromEntries(Object.entries(GLANCE_MESSAGES).map(([key, message]) => [key, message.id])),
} as Record<ShellMessage, string>

/**
 * The prerendered page's messages in English and in each translated locale, compiled from the catalogs in
 * `localesDir`, for the shell script to word the page before its first paint. The pseudo-locale is left out (its
 * page opens in English until the app loads), and so is a translation that repeats English: the shell falls back to
 * English for it.
 * @throws Error when English lacks one of them: the catalogs are not extracted.
 */
export function shellTexts(localesDir: string): Record<string, Partial<ShellTexts>> {
  const table: Record<string, Partial<ShellTexts>> = {}
  const english = catalog(localesDir, SOURCE_LOCALE)
  for (const locale of LOCALES) {
    if ('pseudo' in locale) continue
    const { code } = locale
    const messages = code === SOURCE_LOCALE ? english : catalog(localesDir, code)
    const texts: Partial<ShellTexts> = {}
    for (const [key, id] of Object.entries(CATALOG_KEYS) as [ShellMessage, string][]) {
      const source = english.get(id)
      if (!source) throw new Error(`The English catalog lacks the shell's message "${id}": run npm run i18n:extract.`)
      const text = messages.get(id) || source
      if (code === SOURCE_LOCALE || text !== source) texts[key] = compiled(text)
    }
    table[code] = texts
  }
  return table
}

/** A message as Lingui compiles it, plain text as a string. */
function compiled(text: string): CompiledMessage {
  const message = compileMessage(text) as CompiledMessage
  return Array.isArray(message) && message.every((token) => typeof token === 'string') ? message.join('') : message
}

/** A catalog's translations by their key (msgid). */
function catalog(localesDir: string, locale: string): Map<string, string> {
  const po = PO.parse(readFileSync(join(localesDir, `${locale}.po`), 'utf8'))
  return new Map(po.items.map((item) => [item.msgid, item.msgstr[0] ?? '']))
}
