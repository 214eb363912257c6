const SECONDS_PER_DAY = 86_400n

/** Groups the digits of a non-negative integer string in threes: "1234567" → "1,234,567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/**
 * A token amount for display: at most 2 decimals, rounded down, trailing zeros trimmed, thousands grouped with ",".
 * A non-zero amount below 0.01 reads "<0.01" so that it never looks like nothing.
 * @param value In the token's smallest unit; never negative.
 * @param decimals The token's decimals (18 for NAI).
 * @throws RangeError for a negative value or decimals that are not a whole number ≥ 0.
 */
export function formatTokenAmount(value: bigint, decimals: number): string {
  if (value < 0n) throw new RangeError(`A token amount cannot be negative, got ${value}.`)
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`Token decimals must be a whole number of at least 0, got ${decimals}.`)
  }
  const unit = 10n ** BigInt(decimals)
  const whole = value / unit
  const fraction = value % unit
  // Hundredths of a token, rounded down.
  const hundredths = decimals >= 2 ? fraction / 10n ** BigInt(decimals - 2) : fraction * 10n ** BigInt(2 - decimals)
  if (value > 0n && whole === 0n && hundredths === 0n) return '<0.01'
  const decimalsText = hundredths.toString().padStart(2, '0').replace(/0+$/, '')
  return decimalsText ? `${groupThousands(whole.toString())}.${decimalsText}` : groupThousands(whole.toString())
}

const twoDigits = (value: bigint) => value.toString().padStart(2, '0')

/**
 * The part of a countdown before its clock: "N days" ("1 day" for one), "" under one day, and "Expired" once nothing
 * is left (a countdown then has no clock).
 */
export function formatCountdownDays(secondsLeft: bigint): string {
  if (secondsLeft <= 0n) return 'Expired'
  const days = secondsLeft / SECONDS_PER_DAY
  if (days === 0n) return ''
  return `${days} ${days === 1n ? 'day' : 'days'}`
}

/** The clock of a countdown as hours, minutes and seconds of two digits each: ["03", "04", "05"]. */
export function formatCountdownClock(secondsLeft: bigint): [string, string, string] {
  const rest = secondsLeft > 0n ? secondsLeft % SECONDS_PER_DAY : 0n
  return [twoDigits(rest / 3600n), twoDigits((rest % 3600n) / 60n), twoDigits(rest % 60n)]
}

/**
 * Time left as "N days HH:MM:SS" ("1 day HH:MM:SS" for one), "HH:MM:SS" under one day, and "Expired" once nothing
 * is left.
 */
export function formatCountdown(secondsLeft: bigint): string {
  const days = formatCountdownDays(secondsLeft)
  if (secondsLeft <= 0n) return days
  const clock = formatCountdownClock(secondsLeft).join(':')
  return days ? `${days} ${clock}` : clock
}

/** Date-time formatters by locale and time zone: building one costs far more than formatting with it. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * A moment as date and time with its time zone, e.g. "Nov 13, 2024, 7:00 PM UTC". Without `locale`/`timeZone`
 * the user's own are used.
 */
export function formatDateTime(epochSeconds: bigint, locale?: string, timeZone?: string): string {
  const key = `${locale ?? ''}|${timeZone ?? ''}`
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
