import { writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { formatUnits } from 'viem'
import type { TokenInfo } from './contracts.ts'
import { EXIT } from './errors.ts'
import { formatBurnPercent, formatToken, groupDigits } from './format.ts'
import type { Io } from './io.ts'
import type { FollowUp } from './ledger.ts'

/** The list of rows to follow up: `<file>.follow-up.csv` beside the claims file. */
export function followUpPath(csvPath: string): string {
  return join(dirname(csvPath), `${basename(csvPath)}.follow-up.csv`)
}

function csvField(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * Reports the rows the contract leaves out: their holders were reached by a locked transfer before their batch, so
 * `addClaims` can never allocate them, and the owner decides what they get instead. With `writeFile`, also lists them
 * in {@link followUpPath} (line, address, amount and burn percent as in the claims file, and why). Returns `exitCode`
 * when there is something to follow up, EXIT.ok otherwise.
 */
export function reportFollowUp(
  io: Io,
  csvPath: string,
  followUp: readonly FollowUp[],
  token: TokenInfo,
  options: { writeFile: boolean; exitCode: number },
): number {
  if (followUp.length === 0) return EXIT.ok
  const sorted = [...followUp].sort((a, b) => a.row.line - b.row.line)
  io.out('')
  io.out(
    `Follow-up: the contract leaves out ${groupDigits(sorted.length)} holder(s), reached by a locked transfer before their batch; addClaims can never allocate them. Deliver their allocations another way, or settle with them off chain:`,
  )
  for (const { row, reason } of sorted) {
    const burn = row.burnPercentage > 0n ? `, burn ${formatBurnPercent(row.burnPercentage)}%` : ''
    io.out(
      `  ${csvPath}:${row.line}: ${row.holder} ${formatToken(row.amount, token.decimals, token.symbol)}${burn} — ${reason}`,
    )
  }
  if (options.writeFile) {
    const path = followUpPath(csvPath)
    const lines = sorted.map(({ row, reason }) =>
      [
        String(row.line),
        row.holder,
        formatUnits(row.amount, token.decimals),
        formatBurnPercent(row.burnPercentage),
        csvField(reason),
      ].join(','),
    )
    writeFileSync(path, `line,address,amount,burn_percent,reason\n${lines.join('\n')}\n`)
    io.out(`Listed in ${path}.`)
  }
  return options.exitCode
}
