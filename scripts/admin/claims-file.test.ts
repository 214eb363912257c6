import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { MAX_VESTING_AMOUNT, readClaimsFile, totalAmount } from './claims-file.ts'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const C = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

describe('readClaimsFile (Vesting)', () => {
  it('reads valid rows with exact amounts and burn fractions', () => {
    const file = readClaimsFile(
      'vesting',
      `address,amount,burn_percent\n${A},1234.5,12.5\n${B},1,0\n${C},0.000001,100\n`,
      18,
    )
    expect(file.errors).toEqual([])
    expect(file.rows).toEqual([
      { line: 2, holder: A, amount: 1_234_500_000_000_000_000_000n, burnPercentage: 125_000_000_000_000_000n },
      { line: 3, holder: B, amount: 10n ** 18n, burnPercentage: 0n },
      { line: 4, holder: C, amount: 10n ** 12n, burnPercentage: 10n ** 18n },
    ])
    expect(totalAmount(file.rows)).toBe(1_235_500_001_000_000_000_000n)
  })

  it('accepts the header in other spellings', () => {
    for (const header of [
      'Address,Amount,Burn Percent',
      'address, amount, burnPercent',
      'ADDRESS,AMOUNT,burn-percentage',
    ]) {
      expect(readClaimsFile('vesting', `${header}\n${A},1,0\n`, 18).errors).toEqual([])
    }
  })

  it('reports every problem with its line, and keeps only valid rows', () => {
    const lines = [
      'address,amount,burn_percent', // 1
      `${A},10,5`, // 2 valid
      '0x1234,10,5', // 3 malformed
      `${B.toLowerCase()},10,5`, // 4 not checksummed
      '0x0000000000000000000000000000000000000000,10,5', // 5 zero address
      `${A},11,5`, // 6 duplicate of line 2
      `${C},0,5`, // 7 zero amount
      `${getAddress('0x0000000000000000000000000000000000000001')},-3,5`, // 8 negative amount
      `${getAddress('0x0000000000000000000000000000000000000002')},1.0000000000000000001,5`, // 9 too many decimals
      `${getAddress('0x0000000000000000000000000000000000000003')},1,100.5`, // 10 burn out of range
      `${getAddress('0x0000000000000000000000000000000000000004')},1,-1`, // 11 negative burn
      `${getAddress('0x0000000000000000000000000000000000000005')},1`, // 12 missing column
      `${getAddress('0x0000000000000000000000000000000000000006')},1,0,extra`, // 13 extra column
      '', // 14 blank, skipped
      `${getAddress('0x0000000000000000000000000000000000000007')},79228162514.264337593543950336,0`, // 15 above uint96
      `${getAddress('0x0000000000000000000000000000000000000008')},abc,xyz`, // 16 two problems
    ]
    const file = readClaimsFile('vesting', lines.join('\n'), 18)
    expect(file.rows.map((row) => row.line)).toEqual([2])
    expect(file.errors).toEqual([
      { line: 3, message: '"0x1234" is not an address (0x followed by 40 hex digits)' },
      { line: 4, message: `${B.toLowerCase()} is not in checksum form (expected ${B})` },
      { line: 5, message: 'the zero address cannot hold a claim' },
      { line: 6, message: `duplicate address ${A} (first on line 2)` },
      { line: 7, message: 'amount 0 must be above zero' },
      { line: 8, message: 'amount -3 must be above zero' },
      { line: 9, message: 'amount 1.0000000000000000001 has 19 decimals; the token has 18' },
      { line: 10, message: 'burn percent 100.5 is out of range 0–100' },
      { line: 11, message: 'burn percent -1 is out of range 0–100' },
      { line: 12, message: 'expected 3 columns (address,amount,burn_percent), found 2' },
      { line: 13, message: 'expected 3 columns (address,amount,burn_percent), found 4' },
      {
        line: 15,
        message: `amount 79228162514.264337593543950336 exceeds the contract's limit of 79,228,162,514.264337593543950335 per holder`,
      },
      { line: 16, message: 'amount "abc" is not a decimal number like 1234.5' },
      { line: 16, message: 'burn percent "xyz" is not a number from 0 to 100 like 12.5' },
    ])
  })

  it('accepts the largest amount a position can hold', () => {
    const file = readClaimsFile('vesting', `address,amount,burn_percent\n${A},79228162514.264337593543950335,0\n`, 18)
    expect(file.rows[0]?.amount).toBe(MAX_VESTING_AMOUNT)
  })

  it('refuses a wrong header, a missing header and an empty file', () => {
    expect(readClaimsFile('vesting', `address,amount\n${A},1\n`, 18).errors).toEqual([
      { line: 1, message: 'header is "address,amount"; expected "address,amount,burn_percent"' },
    ])
    expect(readClaimsFile('vesting', `${A},1,0\n`, 18).errors).toEqual([
      { line: 1, message: `header is "${A},1,0"; expected "address,amount,burn_percent"` },
    ])
    expect(readClaimsFile('vesting', '\n', 18).errors).toEqual([
      { line: 1, message: 'the file is empty; it must start with "address,amount,burn_percent"' },
    ])
    expect(readClaimsFile('vesting', 'address,amount,burn_percent\n', 18).errors).toEqual([
      { line: 1, message: 'the file has a header but no claims' },
    ])
  })

  it('reports broken CSV quoting at its line', () => {
    expect(readClaimsFile('vesting', `address,amount,burn_percent\n${A},"1,0\n`, 18).errors).toEqual([
      { line: 2, message: 'not valid CSV: Quote Not Closed: the parsing is finished with an opening quote at line 2' },
    ])
  })

  it('reads a byte order mark, CRLF, quoting and padded fields, and counts blank lines', () => {
    const text = `\uFEFFaddress,amount,burn_percent\r\n ${A} , 1 , 0 \r\n\r\n${B},"1,5",0\r\n"${C}",2,"12.5"\r\n`
    const file = readClaimsFile('vesting', text, 18)
    expect(file.rows.map((row) => [row.line, row.holder, row.amount])).toEqual([
      [2, A, 10n ** 18n],
      [5, C, 2n * 10n ** 18n],
    ])
    expect(file.errors).toEqual([{ line: 4, message: 'amount "1,5" is not a decimal number like 1234.5' }])
  })

  it('uses the token decimals', () => {
    const file = readClaimsFile('vesting', `address,amount,burn_percent\n${A},1.25,0\n${B},1.255,0\n`, 2)
    expect(file.rows).toEqual([{ line: 2, holder: A, amount: 125n, burnPercentage: 0n }])
    expect(file.errors).toEqual([{ line: 3, message: 'amount 1.255 has 3 decimals; the token has 2' }])
  })
})

describe('readClaimsFile (LegacyClaim)', () => {
  it('reads address,amount with no burn and no uint96 limit', () => {
    const file = readClaimsFile('legacy', `address,amount\n${A},100000000000\n${B},0.5\n`, 18)
    expect(file.errors).toEqual([])
    expect(file.rows).toEqual([
      { line: 2, holder: A, amount: 100_000_000_000n * 10n ** 18n, burnPercentage: 0n },
      { line: 3, holder: B, amount: 5n * 10n ** 17n, burnPercentage: 0n },
    ])
  })

  it('refuses a Vesting file and a third column', () => {
    expect(readClaimsFile('legacy', `address,amount,burn_percent\n${A},1,0\n`, 18).errors).toEqual([
      { line: 1, message: 'header is "address,amount,burn_percent"; expected "address,amount"' },
    ])
    expect(readClaimsFile('legacy', `address,amount\n${A},1,0\n`, 18).errors).toEqual([
      { line: 2, message: 'expected 2 columns (address,amount), found 3' },
    ])
  })
})
