/** The locale figures and dates are shown in when a call names none, and its direction: the page's language sets it. */
let displayLocale = 'en'
let displayDirection: 'ltr' | 'rtl' = 'ltr'

/**
 * Shows every later amount and date in `locale`'s way (separators, grouping, date order, month names), in a page that
 * reads in `direction`.
 */
export function setDisplayLocale(locale: string, direction: 'ltr' | 'rtl' = 'ltr'): void {
  displayLocale = locale
  displayDirection = direction
}

/** Unicode's first-strong isolate and pop directional isolate: what they enclose is laid out as a piece of its own. */
const FSI = '\u2068'
const PDI = '\u2069'

/**
 * A token amount with its symbol, in the page's language: "1,234.5 NAI". In a right-to-left page it is isolated, so
 * that inside a sentence it still reads "1,234.5 NAI" (the bidirectional algorithm would show "NAI 1,234.5").
 */
export function formatTokens(value: bigint, decimals: number, symbol: string): string {
  const text = `${formatTokenAmount(value, decimals)} ${symbol}`
  return displayDirection === 'rtl' ? `${FSI}${text}${PDI}` : text
}

/** Number formats by locale: a whole-number format with the locale's grouping, and its decimal separator. */
const numberFormats = new Map<string, { whole: Intl.NumberFormat; decimal: string }>()

function numberFormatOf(locale: string) {
  let format = numberFormats.get(locale)
  if (!format) {
    // Latin digits in every language: an amount reads the same as in the wallet and on an explorer.
    const whole = new Intl.NumberFormat(locale, { numberingSystem: 'latn', maximumFractionDigits: 0 })
    const decimal =
      new Intl.NumberFormat(locale, { numberingSystem: 'latn' })
        .formatToParts(1.5)
        .find((part) => part.type === 'decimal')?.value ?? '.'
    format = { whole, decimal }
    numberFormats.set(locale, format)
  }
  return format
}

/** The decimal separator of `locale` (the page's language by default): "." in English, "," in German. */
export function decimalSeparator(locale = displayLocale): string {
  return numberFormatOf(locale).decimal
}

/**
 * A token amount for display: at most 2 decimals, rounded down, trailing zeros trimmed, digits grouped and separated
 * the locale's way ("1,234.5" in English, "1.234,5" in German). A non-zero amount below 0.01 reads "<0.01" (with the
 * locale's separator) so that it never looks like nothing.
 * @param value In the token's smallest unit; never negative.
 * @param decimals The token's decimals (18 for NAI).
 * @param locale The page's language by default.
 * @throws RangeError for a negative value or decimals that are not a whole number ≥ 0.
 */
export function formatTokenAmount(value: bigint, decimals: number, locale = displayLocale): string {
  if (value < 0n) throw new RangeError(`A token amount cannot be negative, got ${value}.`)
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`Token decimals must be a whole number of at least 0, got ${decimals}.`)
  }
  const unit = 10n ** BigInt(decimals)
  const whole = value / unit
  const fraction = value % unit
  // Hundredths of a token, rounded down.
  const hundredths = decimals >= 2 ? fraction / 10n ** BigInt(decimals - 2) : fraction * 10n ** BigInt(2 - decimals)
  const format = numberFormatOf(locale)
  if (value > 0n && whole === 0n && hundredths === 0n) return `<0${format.decimal}01`
  const decimalsText = hundredths.toString().padStart(2, '0').replace(/0+$/, '')
  const wholeText = format.whole.format(whole)
  return decimalsText ? `${wholeText}${format.decimal}${decimalsText}` : wholeText
}

/** "00" to "59", so that a countdown's tick builds no string. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, '0'))

/** The clock of a countdown as hours, minutes and seconds of two digits each: ["03", "04", "05"]. */
export function formatCountdownClock(secondsLeft: number): readonly [string, string, string] {
  const rest = secondsLeft > 0 ? Math.floor(secondsLeft) % 86_400 : 0
  return [
    TWO_DIGITS[Math.floor(rest / 3600)] as string,
    TWO_DIGITS[Math.floor((rest % 3600) / 60)] as string,
    TWO_DIGITS[rest % 60] as string,
  ]
}

/** Date-time formatters by locale and time zone: building one costs far more than formatting with it. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * A moment as date and time with its time zone, e.g. "Nov 13, 2024, 7:00 PM UTC". Without `locale` the page's
 * language is used, without `timeZone` the holder's own.
 */
export function formatDateTime(epochSeconds: bigint, locale = displayLocale, timeZone?: string): string {
  const key = `${locale}|${timeZone ?? ''}`
  let format = dateTimeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone,
    })
    dateTimeFormats.set(key, format)
  }
  return format.format(new Date(Number(epochSeconds) * 1000))
}

/**
 * An address as its first 4 characters, an ellipsis and its last 4: "0x12…abcd", the way RainbowKit's wallet button
 * shows it, so that an address reads the same everywhere on the page. Anything too short to gain from shortening is
 * returned as it is.
 */
export function shortenAddress(address: string): string {
  if (address.length <= 9) return address
  return `${address.slice(0, 4)}…${address.slice(-4)}`
}

/**
 * A name cut to at most `max` characters including the closing "…" (counted in code points, so an emoji is never
 * split in half); shorter names are returned as they are.
 */
export function truncateName(name: string, max = 24): string {
  const characters = Array.from(name)
  if (characters.length <= max) return name
  return `${characters
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`
}
