/**
 * `npm run i18n:extract`: brings every catalog up to date with the code. Lingui adds the new messages (English in
 * the source catalog, empty elsewhere for translators) and drops the ones the code no longer has; the pseudo-locale
 * is then generated from English.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import PO from 'pofile'
import { pseudoLocalize } from '../lib/pseudoLocale.ts'

const LOCALES_DIR = 'src/i18n/locales'
const PSEUDO_LOCALE = 'en-XA'

execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: 'inherit' })

const source = PO.parse(readFileSync(`${LOCALES_DIR}/en.po`, 'utf8'))
const pseudo = PO.parse(readFileSync(`${LOCALES_DIR}/${PSEUDO_LOCALE}.po`, 'utf8'))
pseudo.items = source.items.map((item) => {
  const copy = Object.assign(new PO.Item(), item)
  // English's text: the id is the message itself, unless the message carries an explicit id.
  copy.msgstr = [pseudoLocalize(item.msgstr[0] || item.msgid)]
  return copy
})
writeFileSync(`${LOCALES_DIR}/${PSEUDO_LOCALE}.po`, pseudo.toString())
console.log(`${LOCALES_DIR}/${PSEUDO_LOCALE}.po: ${pseudo.items.length} messages pseudo-localized.`)
