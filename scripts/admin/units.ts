import { formatUnits, parseUnits } from 'viem'

/** A parse result: the exact value, or why the text was refused. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string }

/** A burn percentage of 100 % as the contract stores it. */
export const FULL_BURN = 10n ** 18n

/** How many decimals a burn percentage may have: 1e18 = 100 %, so 1 % = 1e16 and 16 decimals are exact. */
export const BURN_PERCENT_DECIMALS = 16

/** Plain decimal notation only: no sign, exponent, grouping or bare point, which parseUnits would read otherwise. */
const DECIMAL = /^\d+(\.\d+)?$/

/** The number a decimal text means, written without padding zeros: "007.2500" → "7.25", as formatUnits writes it. */
function canonical(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.')
  const digits = fraction.replace(/0+$/, '')
  return digits ? `${BigInt(whole)}.${digits}` : `${BigInt(whole)}`
}

/**
 * `text` scaled by 10^decimals with viem's parseUnits, or undefined when that is not exact: parseUnits rounds
 * digits beyond `decimals`, and the round trip through formatUnits shows whether it did.
 */
function exactUnits(text: string, decimals: number): bigint | undefined {
  const value = parseUnits(text, decimals)
  return formatUnits(value, decimals) === canonical(text) ? value : undefined
}

function fractionDigits(text: string): number {
  return text.split('.')[1]?.length ?? 0
}

/**
 * Whole-token decimal notation ("1234.5") to the token's smallest unit, exactly. Digits beyond the token's
 * decimals are refused unless they are zeros (they would otherwise be silently rounded).
 */
export function parseTokenAmount(text: string, decimals: number): Parsed<bigint> {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, reason: 'amount is empty' }
  if (trimmed.startsWith('-') && DECIMAL.test(trimmed.slice(1))) {
    return { ok: false, reason: `amount ${trimmed} must be above zero` }
  }
  if (!DECIMAL.test(trimmed)) return { ok: false, reason: `amount "${trimmed}" is not a decimal number like 1234.5` }
  const value = exactUnits(trimmed, decimals)
  if (value === undefined) {
    return { ok: false, reason: `amount ${trimmed} has ${fractionDigits(trimmed)} decimals; the token has ${decimals}` }
  }
  if (value === 0n) return { ok: false, reason: `amount ${trimmed} must be above zero` }
  return { ok: true, value }
}

/** A burn percentage 0–100 with up to 16 decimals ("12.5") to the contract's 1e18 fraction, exactly. */
export function parseBurnPercent(text: string): Parsed<bigint> {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, reason: 'burn percent is empty' }
  if (trimmed.startsWith('-') && DECIMAL.test(trimmed.slice(1))) {
    return { ok: false, reason: `burn percent ${trimmed} is out of range 0–100` }
  }
  if (!DECIMAL.test(trimmed)) {
    return { ok: false, reason: `burn percent "${trimmed}" is not a number from 0 to 100 like 12.5` }
  }
  const value = exactUnits(trimmed, BURN_PERCENT_DECIMALS)
  if (value === undefined) {
    return {
      ok: false,
      reason: `burn percent ${trimmed} has ${fractionDigits(trimmed)} decimals; at most ${BURN_PERCENT_DECIMALS} are exact`,
    }
  }
  if (value > FULL_BURN) return { ok: false, reason: `burn percent ${trimmed} is out of range 0–100` }
  return { ok: true, value }
}
