import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setupI18n } from '@lingui/core'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { describe, expect, it } from 'vitest'
import { formatDateTime } from '../../domain/format'
import { PRODUCTION_SCHEDULE } from '../../domain/schedule'
import { catalogOf } from '../../i18n/i18n'
import { type AppLocale, LOCALES } from '../../i18n/locales'
import { shellTexts } from '../build/shellTexts'
import { LOCALES_DIR } from '../build/staticShell'
import { APP_MESSAGES, GLANCE_MESSAGES, type ShellMessage } from './messages'
import { countdownText, shellWords, splitTag } from './texts'

const table = shellTexts(LOCALES_DIR)
const english = shellWords(table, 'en')
const utc = (epochSeconds: bigint) => formatDateTime(epochSeconds, 'en-US', 'UTC')

/** Lingui's id of each shell message: the app's derive from their English, the shell's own are explicit. */
const ids: [ShellMessage, string][] = [
  ...Object.entries(APP_MESSAGES).map(([key, message]): [ShellMessage, string] => [
    key as ShellMessage,
    generateMessageId(message),
  ]),
  ...Object.entries(GLANCE_MESSAGES).map(([key, { id }]): [ShellMessage, string] => [key as ShellMessage, id]),
]

describe("the shell's words", () => {
  it('are those of every locale but the pseudo-locale, English whole, the others only where they differ', () => {
    expect(Object.keys(table).sort()).toEqual(
      LOCALES.filter((locale) => !('pseudo' in locale))
        .map((locale) => locale.code)
        .sort(),
    )
    expect(Object.keys(table.en ?? {}).sort()).toEqual(ids.map(([key]) => key).sort())
    // The product's name stays as it is in German: the shell falls back to the English it already shows.
    expect(table.de?.product).toBeUndefined()
    expect(shellWords(table, 'de')('product')).toBe('NAI Vesting')
    expect(shellWords(table, 'de')('title')).toBe('Vesting-Token')
    expect(shellWords(table, 'en-XA')('title')).toBe('Vesting Tokens')
  })

  // The shell is replaced by the app: both must say the same, in every language, for every number of days.
  it.each(LOCALES.filter((locale) => !('pseudo' in locale)).map((locale) => locale.code))(
    '%s: word for word what Lingui makes of the same catalog',
    async (locale) => {
      const i18n = setupI18n({ locale, messages: { [locale]: await catalogOf(locale as AppLocale) } })
      const words = shellWords(table, locale)
      const values = { date: '13.11.2024', amount: '1.000 NAI' }
      for (const [key, id] of ids) {
        if (key === 'days') {
          for (const days of [0, 1, 2, 3, 5, 11, 21, 22, 100, 101, 102, 445]) {
            expect(words(key, { days }), `${key} ${days}`).toBe(i18n._(id, { days }))
          }
        } else {
          expect(words(key, values), key).toBe(i18n._(id, values))
        }
      }
    },
  )

  it('word the note as the app does, the date apart for its <time> element', () => {
    const date = utc(PRODUCTION_SCHEDULE.claimEnd)
    expect(splitTag(english('noteOpen', { date }))).toEqual([
      'Make your choice before ',
      'Nov 13, 2024, 7:00 PM UTC',
      ' to avoid having your tokens automatically locked.',
    ])
    expect(splitTag(english('noteClosed', { date })).join('')).toBe(
      'The claim window closed on Nov 13, 2024, 7:00 PM UTC. Tokens left untouched were locked automatically for ' +
        '12 months, then unlock linearly over another 12 months.',
    )
    expect(splitTag(shellWords(table, 'ja')('noteOpen', { date: 'D' }))).toEqual([
      'トークンが自動的にロックされないよう、',
      'D',
      'より前に選択してください。',
    ])
    expect(splitTag('No tag here')).toEqual(['No tag here', '', ''])
  })

  it.each<[bigint, string, string]>([
    [-100n, 'Expired', 'Abgelaufen'],
    [0n, 'Expired', 'Abgelaufen'],
    [1n, '00:00:01', '00:00:01'],
    [3599n, '00:59:59', '00:59:59'],
    [86399n, '23:59:59', '23:59:59'],
    [86400n, '1 day 00:00:00', '1 Tag 00:00:00'],
    [2n * 86400n - 1n, '1 day 23:59:59', '1 Tag 23:59:59'],
    [2n * 86400n + 3723n, '2 days 01:02:03', '2 Tage 01:02:03'],
    [1234n * 86400n, '1,234 days 00:00:00', '1.234 Tage 00:00:00'],
  ])('count down %s s as "%s" in English and "%s" in German', (seconds, inEnglish, inGerman) => {
    expect(countdownText(english, seconds)).toBe(inEnglish)
    expect(countdownText(shellWords(table, 'de'), seconds)).toBe(inGerman)
  })

  it('cannot be built from catalogs that lack one of them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shell-texts-'))
    for (const locale of LOCALES) {
      const catalog = readFileSync(join(LOCALES_DIR, `${locale.code}.po`), 'utf8')
      writeFileSync(join(dir, `${locale.code}.po`), catalog.replace('msgid "glance.locked"', 'msgid "glance.gone"'))
    }
    expect(() => shellTexts(dir)).toThrow(
      `The English catalog lacks the shell's message "glance.locked": run npm run i18n:extract.`,
    )
  })
})
