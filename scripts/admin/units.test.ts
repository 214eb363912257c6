import { describe, expect, it } from 'vitest'
import { parseBurnPercent, parseTokenAmount } from './units.ts'

describe('parseTokenAmount', () => {
  it.each([
    ['1234.5', 18, 1_234_500_000_000_000_000_000n],
    ['1', 18, 10n ** 18n],
    ['0.000000000000000001', 18, 1n],
    ['79228162514.264337593543950335', 18, 2n ** 96n - 1n],
    ['1.50', 1, 15n],
    ['1.500000', 1, 15n],
    ['  42  ', 6, 42_000_000n],
    ['007.25', 2, 725n],
    ['12', 0, 12n],
  ])('converts %s at %i decimals to exactly %s', (text, decimals, expected) => {
    expect(parseTokenAmount(text, decimals)).toEqual({ ok: true, value: expected })
  })

  it.each([
    ['', 18, 'amount is empty'],
    ['0', 18, 'amount 0 must be above zero'],
    ['0.000', 18, 'amount 0.000 must be above zero'],
    ['-5', 18, 'amount -5 must be above zero'],
    ['1.0000000000000000001', 18, 'amount 1.0000000000000000001 has 19 decimals; the token has 18'],
    ['1.25', 1, 'amount 1.25 has 2 decimals; the token has 1'],
    // parseUnits alone would round these up to a whole token.
    ['0.9999999999999999999', 18, 'amount 0.9999999999999999999 has 19 decimals; the token has 18'],
    ['1.95', 1, 'amount 1.95 has 2 decimals; the token has 1'],
    ['1e18', 18, 'amount "1e18" is not a decimal number like 1234.5'],
    ['1,000', 18, 'amount "1,000" is not a decimal number like 1234.5'],
    ['.5', 18, 'amount ".5" is not a decimal number like 1234.5'],
    ['5.', 18, 'amount "5." is not a decimal number like 1234.5'],
    ['+5', 18, 'amount "+5" is not a decimal number like 1234.5'],
    ['0x10', 18, 'amount "0x10" is not a decimal number like 1234.5'],
  ])('refuses %j at %i decimals', (text, decimals, reason) => {
    expect(parseTokenAmount(text, decimals)).toEqual({ ok: false, reason })
  })
})

describe('parseBurnPercent', () => {
  it.each([
    ['12.5', 125_000_000_000_000_000n],
    ['0', 0n],
    ['100', 10n ** 18n],
    ['100.000', 10n ** 18n],
    ['0.0000000000000001', 1n],
    ['33.3333333333333333', 333_333_333_333_333_333n],
    ['99.9999999999999999', 999_999_999_999_999_999n],
    ['50', 500_000_000_000_000_000n],
  ])('converts %s%% to exactly %s of 1e18', (text, expected) => {
    expect(parseBurnPercent(text)).toEqual({ ok: true, value: expected })
  })

  it.each([
    ['', 'burn percent is empty'],
    ['100.0000000000000001', 'burn percent 100.0000000000000001 is out of range 0–100'],
    ['101', 'burn percent 101 is out of range 0–100'],
    ['-1', 'burn percent -1 is out of range 0–100'],
    ['12.00000000000000001', 'burn percent 12.00000000000000001 has 17 decimals; at most 16 are exact'],
    ['12.5%', 'burn percent "12.5%" is not a number from 0 to 100 like 12.5'],
    ['0.125e2', 'burn percent "0.125e2" is not a number from 0 to 100 like 12.5'],
  ])('refuses %j', (text, reason) => {
    expect(parseBurnPercent(text)).toEqual({ ok: false, reason })
  })
})
