/** A parse result: the exact value, or why the text was refused. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string }

/** A burn percentage of 100 % as the contract stores it. */
export const FULL_BURN = 10n ** 18n

/** How many decimals a burn percentage may have: 1e18 = 100 %, so 1 % = 1e16 and 16 decimals are exact. */
export const BURN_PERCENT_DECIMALS = 16

const DECIMAL = /^(\d+)(?:\.(\d+))?$/

type Decimal = { whole: string; fraction: string }

function splitDecimal(text: string): Decimal | undefined {
  const match = DECIMAL.exec(text)
  if (!match) return undefined
  return { whole: match[1] ?? '0', fraction: match[2] ?? '' }
}

/** Scales a decimal by 10^places exactly; undefined when non-zero digits would be lost. */
function scale({ whole, fraction }: Decimal, places: number): bigint | undefined {
  const kept = fraction.slice(0, places)
  if (/[1-9]/.test(fraction.slice(places))) return undefined
  return BigInt(whole) * 10n ** BigInt(places) + BigInt(kept.padEnd(places, '0') || '0')
}

/**
 * Whole-token decimal notation ("1234.5") to the token's smallest unit, exactly. Digits beyond the token's
 * decimals are refused unless they are zeros (they would otherwise be silently dropped).
 */
export function parseTokenAmount(text: string, decimals: number): Parsed<bigint> {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, reason: 'amount is empty' }
  if (trimmed.startsWith('-') && splitDecimal(trimmed.slice(1))) {
    return { ok: false, reason: `amount ${trimmed} must be above zero` }
  }
  const decimal = splitDecimal(trimmed)
  if (!decimal) return { ok: false, reason: `amount "${trimmed}" is not a decimal number like 1234.5` }
  const value = scale(decimal, decimals)
  if (value === undefined) {
    return {
      ok: false,
      reason: `amount ${trimmed} has ${decimal.fraction.length} decimals; the token has ${decimals}`,
    }
  }
  if (value === 0n) return { ok: false, reason: `amount ${trimmed} must be above zero` }
  return { ok: true, value }
}

/** A burn percentage 0–100 with up to 16 decimals ("12.5") to the contract's 1e18 fraction, exactly. */
export function parseBurnPercent(text: string): Parsed<bigint> {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, reason: 'burn percent is empty' }
  if (trimmed.startsWith('-') && splitDecimal(trimmed.slice(1))) {
    return { ok: false, reason: `burn percent ${trimmed} is out of range 0–100` }
  }
  const decimal = splitDecimal(trimmed)
  if (!decimal) return { ok: false, reason: `burn percent "${trimmed}" is not a number from 0 to 100 like 12.5` }
  const value = scale(decimal, BURN_PERCENT_DECIMALS)
  if (value === undefined) {
    return {
      ok: false,
      reason: `burn percent ${trimmed} has ${decimal.fraction.length} decimals; at most ${BURN_PERCENT_DECIMALS} are exact`,
    }
  }
  if (value > FULL_BURN) return { ok: false, reason: `burn percent ${trimmed} is out of range 0–100` }
  return { ok: true, value }
}
