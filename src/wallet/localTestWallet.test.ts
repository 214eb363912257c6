import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS } from './localTestWallet'

describe('ANVIL_ACCOUNTS', () => {
  it("lists anvil's ten default accounts, checksummed, in order", () => {
    const expected = Array.from(
      { length: 10 },
      (_, index) =>
        mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: index })
          .address,
    )
    expect(ANVIL_ACCOUNTS).toEqual(expected)
  })
})
