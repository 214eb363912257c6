import { describe, expect, it } from 'vitest'
import { type GuardState, guardMessage } from './guard'

const ready: GuardState = { online: true, connected: true, chainId: 43114, chain: { id: 43114, name: 'Avalanche' } }

describe('guardMessage', () => {
  it.each<[string, Partial<GuardState>, string | null]>([
    ['nothing stands in the way', {}, null],
    ['offline', { online: false }, 'You are offline. Actions are available again once you are back online.'],
    [
      'the wallet has not reconnected',
      { connected: false, chainId: undefined },
      'Your wallet is not connected yet. Actions are available once it has reconnected.',
    ],
    [
      'the wallet is on another chain',
      { chainId: 1 },
      'Your wallet is on another network. Switch to Avalanche to continue.',
    ],
    [
      'another account has a write waiting',
      { pendingFrom: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      'A transaction from 0x70…79C8 is still waiting to be confirmed. Actions are available again once it settles, or once you stop waiting for it.',
    ],
    [
      'a Safe opened by someone who is not one of its owners',
      { readOnlySafe: true },
      "Only the Safe's owners and proposers can claim. This Safe is open in Safe{Wallet} by someone who is neither: connect an owner's wallet there, and the actions come back.",
    ],
    [
      'a Safe on another chain: it cannot switch',
      { chainId: 1, inSafe: true },
      'This Safe is on Ethereum. The portal runs on Avalanche only and cannot be used from this Safe: open a Safe on Avalanche in Safe{Wallet}.',
    ],
    [
      'a Safe on a chain the portal does not know',
      { chainId: 137, inSafe: true },
      'This Safe is on chain 137. The portal runs on Avalanche only and cannot be used from this Safe: open a Safe on Avalanche in Safe{Wallet}.',
    ],
    [
      'the figures shown are from before the last confirmed write',
      { figuresBehind: true },
      'Your position is being updated after your transaction. Actions are available again once it is.',
    ],
    [
      'a write of another account waiting comes before figures behind',
      { figuresBehind: true, pendingFrom: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      'A transaction from 0x70…79C8 is still waiting to be confirmed. Actions are available again once it settles, or once you stop waiting for it.',
    ],
    [
      'offline comes first',
      { online: false, connected: false },
      'You are offline. Actions are available again once you are back online.',
    ],
  ])('%s', (_, state, message) => {
    expect(guardMessage({ ...ready, ...state })).toBe(message)
  })
})
