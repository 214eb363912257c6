import { describe, expect, it } from 'vitest'
import { sessionGrant } from './sessionGrant'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('sessionGrant', () => {
  it("reads the wallet's name and every network the session approved, from its chains and accounts", () => {
    const provider = {
      session: {
        peer: { metadata: { name: 'Trust Wallet' } },
        namespaces: { eip155: { chains: ['eip155:1'], accounts: [`eip155:1:${ADDRESS}`, `eip155:43114:${ADDRESS}`] } },
      },
    }
    expect(sessionGrant(provider)).toEqual({ walletName: 'Trust Wallet', chainIds: [1, 43114] })
  })

  it('names an unnamed wallet "Your wallet", and has nothing for a provider without a session', () => {
    expect(sessionGrant({ session: { namespaces: { eip155: { accounts: [`eip155:31337:${ADDRESS}`] } } } })).toEqual({
      walletName: 'Your wallet',
      chainIds: [31337],
    })
    expect(sessionGrant({})).toBeUndefined()
    expect(sessionGrant(undefined)).toBeUndefined()
    expect(sessionGrant({ session: { namespaces: { solana: { accounts: [] } } } })).toBeUndefined()
  })
})
