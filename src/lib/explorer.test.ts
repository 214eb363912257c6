import { avalanche, mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { transactionLink } from './explorer'

const hash = '0x2a6c5c3dd3b2ce9de7a1f5b0aef27a8b0a8f1a2a1f4b8e2c1d0e9f8a7b6c5d4e'

describe('transactionLink', () => {
  it('points to Etherscan on Ethereum and SnowTrace on Avalanche', () => {
    expect(transactionLink(mainnet, hash)).toEqual({ name: 'Etherscan', url: `https://etherscan.io/tx/${hash}` })
    expect(transactionLink(avalanche, hash)).toEqual({ name: 'SnowTrace', url: `https://snowtrace.io/tx/${hash}` })
  })

  it('gives no link on a chain without an explorer', () => {
    expect(transactionLink({ blockExplorers: undefined }, hash)).toBeUndefined()
  })
})
