import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from './anvil'

describe("anvil's accounts", () => {
  it('are the ten default accounts, checksummed, in order', () => {
    const expected = Array.from(
      { length: 10 },
      (_, index) =>
        mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: index })
          .address,
    )
    expect(ANVIL_ACCOUNTS).toEqual(expected)
  })

  it('come with their keys, in the same order', () => {
    expect(ANVIL_PRIVATE_KEYS.map((key) => privateKeyToAddress(key))).toEqual(ANVIL_ACCOUNTS)
  })
})
