import { describe, expect, it } from 'vitest'
import {
  formatBurnPercent,
  formatDuration,
  formatRounded,
  formatSpan,
  formatTimestamp,
  formatToken,
  groupDigits,
} from './format.ts'

describe('format', () => {
  it.each([
    [0n, '0'],
    [999n, '999'],
    [1000n, '1,000'],
    [1234567n, '1,234,567'],
    [-1234567n, '-1,234,567'],
    [12.9, '12'],
  ])('groups %s as %s', (value, expected) => {
    expect(groupDigits(value)).toBe(expected)
  })

  it('formats token amounts exactly, with grouped whole tokens', () => {
    expect(formatToken(1_234_500_000_000_000_000_000n, 18)).toBe('1,234.5')
    expect(formatToken(1n, 18, 'NAI')).toBe('0.000000000000000001 NAI')
    expect(formatToken(2n ** 96n - 1n, 18)).toBe('79,228,162,514.264337593543950335')
    expect(formatToken(0n, 6, 'USDC')).toBe('0 USDC')
  })

  it('rounds costs to the given decimals', () => {
    expect(formatRounded(76_558_820_353_062_490n, 18, 6, 'ETH')).toBe('0.076559 ETH')
    expect(formatRounded(1_530_390_215n, 9, 3)).toBe('1.53')
    expect(formatRounded(15n, 1, 6)).toBe('1.5')
  })

  it('shows burn fractions as percent', () => {
    expect(formatBurnPercent(125_000_000_000_000_000n)).toBe('12.5')
    expect(formatBurnPercent(10n ** 18n)).toBe('100')
    expect(formatBurnPercent(1n)).toBe('0.0000000000000001')
  })

  it('shows times and durations', () => {
    expect(formatTimestamp(1730314800n)).toBe('2024-10-30T19:00:00Z')
    expect(formatDuration(850)).toBe('850 ms')
    expect(formatDuration(12_345)).toBe('12.3 s')
    expect(formatDuration(245_000)).toBe('4 min 05 s')
    expect(formatSpan(3n * 86_400n + 4n * 3_600n + 59n)).toBe('3 d 4 h')
    expect(formatSpan(5n * 3_600n + 12n * 60n)).toBe('5 h 12 min')
    expect(formatSpan(42n)).toBe('42 s')
    expect(formatSpan(-90n)).toBe('1 min 30 s')
  })
})
