import { formatCountdownClock } from '../../domain/format'
import type { CompiledMessage, ShellMessage, ShellTexts } from './messages'

type Values = Record<string, string | number>

/**
 * A compiled message with its arguments in, worded as Lingui's runtime words it (so that the shell and the app that
 * replaces it say the same): arguments as given, a plural's form by exact number, then by the locale's plural rules,
 * then `other`, with `#` written as the locale writes the number.
 */
export function formatMessage(message: CompiledMessage, values: Values, locale: string, count?: number): string {
  if (typeof message === 'string') return message
  let text = ''
  for (const token of message) {
    if (typeof token === 'string') {
      text += token === '#' && count !== undefined ? new Intl.NumberFormat(locale).format(count) : token
      continue
    }
    const [name, type, forms] = token
    const value = values[name]
    if (type === 'plural' && forms && typeof value === 'number') {
      const form = forms[value] ?? forms[new Intl.PluralRules(locale).select(value)] ?? forms.other
      if (form !== undefined) text += formatMessage(form, values, locale, value)
    } else if (value !== undefined) {
      text += value
    }
  }
  return text
}

/** A message's text in the page's language: `[before, inside, after]` its one tag (`<0>…</0>`), if it has one. */
export function splitTag(text: string): [string, string, string] {
  const match = /^([\s\S]*)<0>([\s\S]*)<\/0>([\s\S]*)$/.exec(text)
  return match ? [match[1] ?? '', match[2] ?? '', match[3] ?? ''] : [text, '', '']
}

/** The shell's messages of one locale, each falling back to English's. */
export function shellWords(
  table: Record<string, Partial<ShellTexts>>,
  locale: string,
): (key: ShellMessage, values?: Values) => string {
  return (key, values = {}) => {
    const own = table[locale]?.[key]
    return own === undefined ? formatMessage(table.en?.[key] ?? '', values, 'en') : formatMessage(own, values, locale)
  }
}

const SECONDS_PER_DAY = 86_400n

/** Time left as the app's countdown words it: "N days HH:MM:SS", "HH:MM:SS" under a day, then "Expired". */
export function countdownText(words: ReturnType<typeof shellWords>, secondsLeft: bigint): string {
  if (secondsLeft <= 0n) return words('expired')
  const days = Number(secondsLeft / SECONDS_PER_DAY)
  const clock = formatCountdownClock(Number(secondsLeft)).join(':')
  return days > 0 ? `${words('days', { days })} ${clock}` : clock
}
