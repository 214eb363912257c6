import { type Abi, BaseError, encodeErrorResult, type Hex, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { portalErrorAbi } from '../../src/features/vesting/errorAbi.ts'
import { describeErrorData, describeFailure } from './revert.ts'

const HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const nai = { symbol: 'NAI', decimals: 18 }

const portalErrors: Abi = portalErrorAbi

function revertOf(errorName: string, args: readonly unknown[]): Hex {
  return encodeErrorResult({ abi: portalErrors, errorName, args })
}

describe("the owner's reverts", () => {
  it.each<[string, readonly unknown[], string]>([
    ['Vesting_DuplicateHolder', [HOLDER], `Vesting_DuplicateHolder(holder: ${HOLDER})`],
    [
      'Vesting_FundingMismatch',
      [parseUnits('100', 18), parseUnits('99.5', 18)],
      'Vesting_FundingMismatch(expected: 100 NAI, received: 99.5 NAI)',
    ],
    [
      'Vesting_AmountTooLarge',
      [HOLDER, 2n ** 96n, 2n ** 96n - 1n],
      `Vesting_AmountTooLarge(holder: ${HOLDER}, amount: 79228162514.264337593543950336 NAI, max: 79228162514.264337593543950335 NAI)`,
    ],
    [
      'Vesting_BurnPercentageTooHigh',
      [HOLDER, 1005n * 10n ** 15n],
      `Vesting_BurnPercentageTooHigh(holder: ${HOLDER}, burnPercentage: 100.5 %)`,
    ],
    [
      'Vesting_InvalidSchedule',
      [1731524400n, 1730314800n, 1769972400n, 1801508400n],
      'Vesting_InvalidSchedule(claimStart: 2024-11-13T19:00:00Z (1731524400), claimEnd: 2024-10-30T19:00:00Z (1730314800), unlockStart: 2026-02-01T19:00:00Z (1769972400), unlockEnd: 2027-02-01T19:00:00Z (1801508400))',
    ],
    ['Vesting_LengthMismatch', [3n, 2n, 3n], 'Vesting_LengthMismatch(owners: 3, amounts: 2, burnPercentages: 3)'],
    ['OwnableUnauthorizedAccount', [HOLDER], `OwnableUnauthorizedAccount(account: ${HOLDER})`],
  ])('%s names its arguments, amounts in the token', (errorName, args, expected) => {
    expect(describeErrorData(revertOf(errorName, args), nai)).toBe(expected)
  })

  it('shows amounts in the smallest unit when the token is not known', () => {
    expect(describeErrorData(revertOf('LegacyClaim_FundingMismatch', [5n, 4n]))).toBe(
      'LegacyClaim_FundingMismatch(expected: 5, received: 4)',
    )
  })

  it('names an error of another contract by its selector', () => {
    expect(describeErrorData('0xdeadbeef00')).toBe('unknown error 0xdeadbeef (data 0xdeadbeef00)')
  })

  it('finds the revert in a nested error, and otherwise gives the short message', () => {
    const nested = new BaseError('Execution reverted.', {
      cause: Object.assign(new Error('reverted'), { data: revertOf('Vesting_DuplicateHolder', [HOLDER]) }),
    })
    expect(describeFailure(nested)).toBe(`reverted with Vesting_DuplicateHolder(holder: ${HOLDER})`)
    expect(describeFailure(new BaseError('The node did not answer.'))).toBe('The node did not answer.')
    expect(describeFailure('boom')).toBe('boom')
  })
})
