import { type Address, formatUnits } from 'viem'
import { formatDateTime } from '../../domain/format'
import { type ExplorerLink, transactionLink } from '../../lib/explorer'
import type { HistoryEntry } from './history'

const EVENT_NAMES: Record<HistoryEntry['kind'], string> = {
  allocation: 'Allocation',
  claimAndBurn: 'Claim & burn',
  unlock: 'Unlock',
  transferOut: 'Locked transfer out',
  transferIn: 'Locked transfer in',
  legacyAllocation: 'Legacy allocation',
  legacyClaim: 'Legacy claim',
}

const CONTRACTS: Record<HistoryEntry['kind'], string> = {
  allocation: 'Vesting',
  claimAndBurn: 'Vesting',
  unlock: 'Vesting',
  transferOut: 'Vesting',
  transferIn: 'Vesting',
  legacyAllocation: 'LegacyClaim',
  legacyClaim: 'LegacyClaim',
}

export type StatementOptions = {
  token: { symbol: string; decimals: number }
  /** The chain's explorer, for a link per transaction; none on the local chain. */
  chain: Parameters<typeof transactionLink>[0]
  /** For the local time column; the holder's own when not given. */
  locale?: string
  timeZone?: string
}

/** A field quoted when it holds a comma, a quote or a line break (RFC 4180). */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/**
 * The holder's statement as CSV: one row per event, oldest first, with exact amounts (every decimal, no grouping),
 * the time in UTC and in the holder's own zone, the block, the transaction and its explorer page.
 */
export function statementCsv(entries: readonly HistoryEntry[], options: StatementOptions): string {
  const { symbol, decimals } = options.token
  const amount = (value: bigint | undefined) => (value === undefined ? '' : formatUnits(value, decimals))
  const header = [
    'Date (UTC)',
    'Date (local)',
    'Block',
    'Event',
    'Contract',
    `Amount (${symbol})`,
    `Received (${symbol})`,
    `Burned (${symbol})`,
    'Burn percentage',
    'Counterparty',
    'Transaction',
    'Explorer',
  ]
  const rows = entries.map((entry) => {
    const link: ExplorerLink | undefined = transactionLink(options.chain, entry.transactionHash)
    return [
      new Date(Number(entry.timestamp) * 1000).toISOString().replace('.000Z', 'Z'),
      formatDateTime(entry.timestamp, options.locale, options.timeZone),
      entry.blockNumber.toString(),
      EVENT_NAMES[entry.kind],
      CONTRACTS[entry.kind],
      amount(entry.amount),
      amount(entry.received),
      amount(entry.burned),
      entry.burnPercentage === undefined ? '' : `${formatUnits(entry.burnPercentage, 16)}%`,
      entry.counterparty ?? '',
      entry.transactionHash,
      link?.url ?? '',
    ]
  })
  return `${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`
}

/** The statement's file name: the holder's full address, so that two holders' files never clash. */
export function statementFileName(holder: Address): string {
  return `nai-statement-${holder}.csv`
}
