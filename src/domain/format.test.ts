import { describe, expect, it } from 'vitest'
import {
  formatCountdownClock,
  formatDateTime,
  formatTokenAmount,
  formatTokens,
  setDisplayLocale,
  shortenAddress,
  truncateName,
} from './format'

const E18 = 10n ** 18n
const E16 = 10n ** 16n

describe('formatTokenAmount', () => {
  it.each<[string, bigint, number, string]>([
    ['zero', 0n, 18, '0'],
    ['1 wei', 1n, 18, '<0.01'],
    ['0.009999', 9999n * 10n ** 12n, 18, '<0.01'],
    ['just below 0.01', E16 - 1n, 18, '<0.01'],
    ['exactly 0.01', E16, 18, '0.01'],
    ['0.019 rounds down', 19n * 10n ** 15n, 18, '0.01'],
    ['0.1 trims the trailing zero', E18 / 10n, 18, '0.1'],
    ['1', E18, 18, '1'],
    ['1.50 trims to 1.5', 15n * 10n ** 17n, 18, '1.5'],
    ['1.999999 rounds down, never up to 2', 2n * E18 - 1n, 18, '1.99'],
    ['1.005 rounds down to 1', 1005n * 10n ** 15n, 18, '1'],
    ['999.99', 99999n * E16, 18, '999.99'],
    ['1,000 groups the thousands', 1000n * E18, 18, '1,000'],
    ['1234567.899', 1234567899n * 10n ** 15n, 18, '1,234,567.89'],
    ['10^30 wei', 10n ** 30n, 18, '1,000,000,000,000'],
    ['uint96 max', 2n ** 96n - 1n, 18, '79,228,162,514.26'],
    ['6 decimals', 1234567n, 6, '1.23'],
    ['2 decimals', 123456n, 2, '1,234.56'],
    ['1 decimal', 12345n, 1, '1,234.5'],
    ['0 decimals', 1234567n, 0, '1,234,567'],
    ['1 unit at 0 decimals', 1n, 0, '1'],
  ])('%s → %s', (_, value, decimals, expected) => {
    expect(formatTokenAmount(value, decimals)).toBe(expected)
  })

  it.each<[string, bigint, string]>([
    ['de', 1234567899n * 10n ** 15n, '1.234.567,89'],
    ['de', E16 - 1n, '<0,01'],
    ['fr', 1234567899n * 10n ** 15n, '1\u202f234\u202f567,89'],
    ['hi', 1234567899n * 10n ** 15n, '12,34,567.89'],
    // Latin digits, in Arabic too: the amount reads as the wallet and the explorer show it.
    ['ar', 1234567899n * 10n ** 15n, '1,234,567.89'],
    ['ja', 15n * 10n ** 17n, '1.5'],
  ])('in %s, %s wei reads %s', (locale, value, expected) => {
    expect(formatTokenAmount(value, 18, locale)).toBe(expected)
  })

  it('follows the page language set for display', () => {
    setDisplayLocale('de')
    try {
      expect(formatTokenAmount(1234n * E18 + E18 / 2n, 18)).toBe('1.234,5')
      expect(formatDateTime(1731524400n, undefined, 'UTC')).toBe('13. Nov. 2024, 19:00 UTC')
    } finally {
      setDisplayLocale('en')
    }
    expect(formatTokenAmount(1234n * E18 + E18 / 2n, 18)).toBe('1,234.5')
  })

  it('with its symbol, kept in one piece inside a right-to-left page', () => {
    expect(formatTokens(1234n * E18 + E18 / 2n, 18, 'NAI')).toBe('1,234.5 NAI')
    setDisplayLocale('ar', 'rtl')
    try {
      expect(formatTokens(50n * E18, 18, 'NAI')).toBe('\u206850 NAI\u2069')
    } finally {
      setDisplayLocale('en')
    }
    setDisplayLocale('de', 'ltr')
    try {
      expect(formatTokens(1234n * E18 + E18 / 2n, 18, 'NAI')).toBe('1.234,5 NAI')
    } finally {
      setDisplayLocale('en')
    }
  })

  it('rejects a negative amount and impossible decimals', () => {
    expect(() => formatTokenAmount(-1n, 18)).toThrow(RangeError)
    expect(() => formatTokenAmount(1n, -1)).toThrow(RangeError)
    expect(() => formatTokenAmount(1n, 1.5)).toThrow(RangeError)
  })
})

describe('formatCountdownClock', () => {
  it.each<[number, [string, string, string]]>([
    [0, ['00', '00', '00']],
    [-5, ['00', '00', '00']],
    [59, ['00', '00', '59']],
    [3723, ['01', '02', '03']],
    [86399, ['23', '59', '59']],
    [86400, ['00', '00', '00']],
    [445 * 86400 - 1, ['23', '59', '59']],
  ])('%s s → %j', (seconds, expected) => {
    expect(formatCountdownClock(seconds)).toEqual(expected)
  })
})

describe('formatDateTime', () => {
  it.each<[bigint, string, string, string]>([
    [1731524400n, 'en-US', 'UTC', 'Nov 13, 2024, 7:00 PM UTC'],
    [1731524400n, 'en-US', 'America/New_York', 'Nov 13, 2024, 2:00 PM EST'],
    [1731524400n, 'en-GB', 'Europe/Berlin', '13 Nov 2024, 20:00 CET'],
    [1769972400n, 'en-GB', 'UTC', '1 Feb 2026, 19:00 UTC'],
    [0n, 'en-US', 'UTC', 'Jan 1, 1970, 12:00 AM UTC'],
  ])('%s in %s, %s → %s', (epochSeconds, locale, timeZone, expected) => {
    expect(formatDateTime(epochSeconds, locale, timeZone)).toBe(expected)
  })
})

describe('shortenAddress', () => {
  it.each<[string, string]>([
    ['0x1234567890abcdef1234567890abcdef1234abcd', '0x12…abcd'],
    ['0xcA11bde05977b3631167028862bE2a173976CA11', '0xcA…CA11'],
    ['0x1234567', '0x1234567'],
    ['0x1234abcd9', '0x12…bcd9'],
    ['', ''],
  ])('%s → %s', (address, expected) => {
    expect(shortenAddress(address)).toBe(expected)
  })
})

describe('truncateName', () => {
  it.each<[string, number | undefined, string]>([
    ['vitalik.eth', undefined, 'vitalik.eth'],
    ['exactly-24-characters-ok', undefined, 'exactly-24-characters-ok'],
    ['twenty-five-characters-xx', undefined, 'twenty-five-characters-…'],
    ['a-very-long-ens-name-indeed.eth', undefined, 'a-very-long-ens-name-in…'],
    ['The NAI holders of 2024 from Europe', 20, 'The NAI holders of…'],
    ['🦄🦄🦄🦄🦄', 4, '🦄🦄🦄…'],
    ['abcdef', 3, 'ab…'],
  ])('%s (max %s) → %s', (name, max, expected) => {
    expect(truncateName(name, max)).toBe(expected)
  })
})
