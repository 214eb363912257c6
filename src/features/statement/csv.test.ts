import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { statementCsv, statementFileName } from './csv'
import type { HistoryEntry } from './history'

const E18 = 10n ** 18n
const hash = (digit: string) => `0x${digit.repeat(64)}` as const

const entries: HistoryEntry[] = [
  {
    kind: 'allocation',
    blockNumber: 10n,
    logIndex: 0,
    timestamp: 1730314800n,
    transactionHash: hash('a'),
    amount: 1234n * E18 + 5n * 10n ** 17n,
    burnPercentage: 125n * 10n ** 15n,
  },
  {
    kind: 'claimAndBurn',
    blockNumber: 12n,
    logIndex: 3,
    timestamp: 1731524399n,
    transactionHash: hash('b'),
    amount: 100n * E18,
    received: 875n * 10n ** 17n,
    burned: 125n * 10n ** 17n,
  },
  {
    kind: 'transferOut',
    blockNumber: 20n,
    logIndex: 1,
    timestamp: 1769972400n,
    transactionHash: hash('c'),
    amount: 1n,
    counterparty: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    unlockedShareMoved: 0n,
  },
]

describe('statementCsv', () => {
  it('writes one row per event with exact amounts, both times, and the explorer page', () => {
    const csv = statementCsv(entries, {
      token: { symbol: 'NAI', decimals: 18 },
      chain: mainnet,
      locale: 'en-US',
      timeZone: 'Europe/Berlin',
    })
    expect(csv.split('\r\n')).toEqual([
      'Date (UTC),Date (local),Block,Event,Contract,Amount (NAI),Received (NAI),Burned (NAI),Burn percentage,Counterparty,Transaction,Explorer',
      `2024-10-30T19:00:00Z,"Oct 30, 2024, 8:00 PM GMT+1",10,Allocation,Vesting,1234.5,,,12.5%,,${hash('a')},https://etherscan.io/tx/${hash('a')}`,
      `2024-11-13T18:59:59Z,"Nov 13, 2024, 7:59 PM GMT+1",12,Claim & burn,Vesting,100,87.5,12.5,,,${hash('b')},https://etherscan.io/tx/${hash('b')}`,
      `2026-02-01T19:00:00Z,"Feb 1, 2026, 8:00 PM GMT+1",20,Locked transfer out,Vesting,0.000000000000000001,,,,0x70997970C51812dc3A010C7d01b50e0d17dc79C8,${hash('c')},https://etherscan.io/tx/${hash('c')}`,
      '',
    ])
  })

  it('leaves the explorer column empty on a chain without one', () => {
    const csv = statementCsv(entries.slice(0, 1), {
      token: { symbol: 'NAI', decimals: 18 },
      chain: { blockExplorers: undefined },
      locale: 'en-US',
      timeZone: 'UTC',
    })
    expect(csv.split('\r\n')[1]).toBe(
      `2024-10-30T19:00:00Z,"Oct 30, 2024, 7:00 PM UTC",10,Allocation,Vesting,1234.5,,,12.5%,,${hash('a')},`,
    )
  })

  it('names the file after the whole address', () => {
    expect(statementFileName('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(
      'nai-statement-0x70997970C51812dc3A010C7d01b50e0d17dc79C8.csv',
    )
  })
})
