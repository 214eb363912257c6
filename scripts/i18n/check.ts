/**
 * `npm run i18n:check`: fails when the catalogs no longer match the source. Every message in the code must be in
 * the English catalog (run `npm run i18n:extract` otherwise), and every other locale must translate each of them
 * with the same arguments and tags and the plural forms its language needs. The pseudo-locale is generated.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getConfig } from '@lingui/conf'
import PO from 'pofile'
import { catalogProblems } from '../lib/catalogCheck.ts'

const LOCALES_DIR = 'src/i18n/locales'
const config = getConfig({ cwd: process.cwd() })
const GENERATED = new Set([config.sourceLocale])

/** A catalog's messages by id (msgctxt and msgid, as Lingui keys them). */
function messagesOf(file: string): Map<string, string> {
  const po = PO.parse(readFileSync(file, 'utf8'))
  return new Map(po.items.map((item) => [`${item.msgctxt ?? ''}\u0004${item.msgid}`, item.msgstr[0] ?? '']))
}

/** The source's messages as the code holds them now, extracted into a scratch catalog. */
function extractedNow(): Map<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'i18n-check-'))
  try {
    const configFile = join(dir, 'lingui.config.mjs')
    const catalog = config.catalogs?.[0]
    writeFileSync(
      configFile,
      `export default ${JSON.stringify({
        rootDir: config.rootDir,
        sourceLocale: config.sourceLocale,
        locales: [config.sourceLocale],
        catalogs: [{ path: join(dir, '{locale}'), include: catalog?.include, exclude: catalog?.exclude }],
      })}`,
    )
    execFileSync('npx', ['lingui', 'extract', '--config', configFile], { stdio: 'pipe' })
    return messagesOf(join(dir, `${config.sourceLocale}.po`))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const committed = messagesOf(join(LOCALES_DIR, `${config.sourceLocale}.po`))
const current = extractedNow()
const problems: string[] = []
for (const id of current.keys()) {
  if (!committed.has(id)) problems.push(`${config.sourceLocale}: "${id.split('\u0004')[1]}" is not extracted`)
}
for (const id of committed.keys()) {
  if (!current.has(id)) problems.push(`${config.sourceLocale}: "${id.split('\u0004')[1]}" is no longer in the code`)
}
if (problems.length) problems.push('Run `npm run i18n:extract`, translate what is new, and commit the catalogs.')
for (const locale of config.locales) {
  if (GENERATED.has(locale)) continue
  const found = catalogProblems(locale, committed, messagesOf(join(LOCALES_DIR, `${locale}.po`)))
  problems.push(...found.map((problem) => problem.replace('\u0004', '')))
}
if (problems.length) {
  console.error(problems.join('\n'))
  console.error(`\n${problems.length} problem(s) in the message catalogs.`)
  process.exit(1)
}
console.log(`The catalogs hold every message in ${config.locales.length} locales.`)
