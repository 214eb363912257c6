import { formatUnits } from 'viem'

const grouped = new Intl.NumberFormat('en-US')

/** 1234567 → "1,234,567"; a number is cut to its whole part. */
export function groupDigits(value: bigint | number): string {
  return grouped.format(typeof value === 'bigint' ? value : Math.trunc(value))
}

/** An amount in the token's smallest unit as whole tokens with grouped digits: 1234500000000000000000n → "1,234.5". */
export function formatToken(value: bigint, decimals: number, symbol?: string): string {
  // The whole part is grouped and the fraction kept as formatUnits wrote it, so no token's decimals are too many.
  const [whole = '0', fraction] = formatUnits(value < 0n ? -value : value, decimals).split('.')
  const text = `${value < 0n ? '-' : ''}${groupDigits(BigInt(whole))}${fraction ? `.${fraction}` : ''}`
  return symbol ? `${text} ${symbol}` : text
}

/** Like {@link formatToken}, rounded to `places` decimals: for gas costs, where wei-level digits are noise. */
export function formatRounded(value: bigint, decimals: number, places: number, symbol?: string): string {
  // A decimal string is formatted exactly, not through a float.
  const text = new Intl.NumberFormat('en-US', { maximumFractionDigits: places }).format(
    formatUnits(value, decimals) as Intl.StringNumericLiteral,
  )
  return symbol ? `${text} ${symbol}` : text
}

/** A burn percentage as the contract stores it (1e18 = 100 %) in percent: 125000000000000000n → "12.5". */
export function formatBurnPercent(fraction: bigint): string {
  return formatUnits(fraction, 16)
}

/** Seconds since the epoch as an ISO 8601 UTC time without milliseconds. */
export function formatTimestamp(seconds: bigint): string {
  return new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z')
}

/** A wall-clock duration: "850 ms", "12.3 s", "4 min 05 s". */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`
  if (milliseconds < 60_000) return `${(milliseconds / 1000).toFixed(1)} s`
  const totalSeconds = Math.round(milliseconds / 1000)
  const minutes = Math.floor(totalSeconds / 60)
  return `${minutes} min ${String(totalSeconds % 60).padStart(2, '0')} s`
}

/** A span of chain time in days, hours and minutes: "3 d 4 h", "5 h 12 min", "42 s". */
export function formatSpan(seconds: bigint): string {
  const s = seconds < 0n ? -seconds : seconds
  const days = s / 86_400n
  const hours = (s % 86_400n) / 3_600n
  const minutes = (s % 3_600n) / 60n
  if (days > 0n) return `${days} d ${hours} h`
  if (hours > 0n) return `${hours} h ${minutes} min`
  if (minutes > 0n) return `${minutes} min ${s % 60n} s`
  return `${s} s`
}
