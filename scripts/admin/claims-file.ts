import { CsvError, parse } from 'csv-parse/sync'
import { type Address, getAddress, isAddress, zeroAddress } from 'viem'
import { formatToken } from './format.ts'
import { parseBurnPercent, parseTokenAmount } from './units.ts'

/** Which contract a claims file is for. */
export type ClaimKind = 'vesting' | 'legacy'

/** One valid row: `burnPercentage` is the contract's 1e18 fraction (always 0 for LegacyClaim). */
export type ClaimRow = { line: number; holder: Address; amount: bigint; burnPercentage: bigint }

/** A problem with the file, tied to the line a person sees in an editor. */
export type RowError = { line: number; message: string }

export type ClaimsFile = { rows: ClaimRow[]; errors: RowError[] }

/** The header each kind of file must start with. */
export const CLAIMS_HEADER: Record<ClaimKind, readonly string[]> = {
  vesting: ['address', 'amount', 'burn_percent'],
  legacy: ['address', 'amount'],
}

/** The largest amount Vesting packs into a position (uint96). */
export const MAX_VESTING_AMOUNT = 2n ** 96n - 1n

/** "Burn Percent", "burn-percent" and "burnPercent" all read as "burnpercent". */
function normalizeHeader(name: string): string {
  return name.toLowerCase().replace(/[\s_-]/g, '')
}

const HEADER_ALIASES: Record<string, string> = { burnpercentage: 'burnpercent' }

function headerMatches(kind: ClaimKind, fields: string[]): boolean {
  const expected = CLAIMS_HEADER[kind]
  if (fields.length !== expected.length) return false
  return expected.every((name, i) => {
    const actual = normalizeHeader(fields[i] ?? '')
    return (HEADER_ALIASES[actual] ?? actual) === normalizeHeader(name)
  })
}

/**
 * Why `text` is not an acceptable address, or undefined when it is one in checksum form. `zeroRole` finishes the
 * sentence refusing the zero address ("the zero address cannot hold a claim").
 */
export function addressProblem(text: string, zeroRole = 'hold a claim'): string | undefined {
  if (text === '') return 'address is empty'
  if (!isAddress(text, { strict: false })) return `"${text}" is not an address (0x followed by 40 hex digits)`
  const checksummed = getAddress(text)
  if (checksummed === zeroAddress) return `the zero address cannot ${zeroRole}`
  if (checksummed !== text) return `${text} is not in checksum form (expected ${checksummed})`
  return undefined
}

/** One CSV record and the line of the file it ends on (csv-parse counts lines as an editor does). */
type CsvRecord = { line: number; fields: string[] }

/**
 * The file's records: RFC 4180 quoting, CRLF or LF, a byte order mark, unquoted whitespace around fields trimmed,
 * blank lines skipped but counted. Broken quoting is one error at the line where the parser stopped.
 */
function readCsv(text: string): { records: CsvRecord[] } | { error: RowError } {
  try {
    const records = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // Each record carries its line in front, so that the result keeps csv-parse's plain string[][] type.
      on_record: (record, { lines }) => [String(lines), ...record],
    })
    return { records: records.map(([line, ...fields]) => ({ line: Number(line), fields })) }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    const line = typeof error.lines === 'number' ? error.lines : 1
    return { error: { line, message: `not valid CSV: ${error.message}` } }
  }
}

/**
 * Reads and validates a claims file completely, collecting every problem with its line number rather than
 * stopping at the first, so that one pass fixes the file. Checks the header and column count, that each address
 * is well formed, in checksum form, not zero and not repeated, that each amount is above zero, within the
 * contract's limit and has no more decimals than the token, and that each burn percent is 0–100 with at most 16
 * decimals.
 */
export function readClaimsFile(kind: ClaimKind, text: string, decimals: number): ClaimsFile {
  const errors: RowError[] = []
  const rows: ClaimRow[] = []
  const csv = readCsv(text)
  if ('error' in csv) return { rows, errors: [csv.error] }
  const [header, ...records] = csv.records
  const expected = CLAIMS_HEADER[kind].join(',')
  if (!header) return { rows, errors: [{ line: 1, message: `the file is empty; it must start with "${expected}"` }] }
  if (!headerMatches(kind, header.fields)) {
    errors.push({ line: header.line, message: `header is "${header.fields.join(',')}"; expected "${expected}"` })
    return { rows, errors }
  }
  if (records.length === 0) errors.push({ line: header.line, message: 'the file has a header but no claims' })

  const maxAmount = kind === 'vesting' ? MAX_VESTING_AMOUNT : 2n ** 256n - 1n
  const firstLineOf = new Map<string, number>()
  for (const { line, fields } of records) {
    if (fields.length !== CLAIMS_HEADER[kind].length) {
      errors.push({
        line,
        message: `expected ${CLAIMS_HEADER[kind].length} columns (${expected}), found ${fields.length}`,
      })
      continue
    }
    const [addressText = '', amountText = '', burnText = '0'] = fields
    const problems: string[] = []

    const addressError = addressProblem(addressText)
    if (addressError) problems.push(addressError)
    else {
      const key = addressText.toLowerCase()
      const earlier = firstLineOf.get(key)
      if (earlier !== undefined) problems.push(`duplicate address ${addressText} (first on line ${earlier})`)
      else firstLineOf.set(key, line)
    }

    const amount = parseTokenAmount(amountText, decimals)
    if (!amount.ok) problems.push(amount.reason)
    else if (amount.value > maxAmount) {
      problems.push(
        `amount ${amountText} exceeds the contract's limit of ${formatToken(maxAmount, decimals)} per holder`,
      )
    }

    const burn = kind === 'vesting' ? parseBurnPercent(burnText) : ({ ok: true, value: 0n } as const)
    if (!burn.ok) problems.push(burn.reason)

    for (const message of problems) errors.push({ line, message })
    if (problems.length === 0 && amount.ok && burn.ok) {
      rows.push({ line, holder: getAddress(addressText), amount: amount.value, burnPercentage: burn.value })
    }
  }
  return { rows, errors }
}

/** Σ amounts, in the token's smallest unit. */
export function totalAmount(rows: readonly ClaimRow[]): bigint {
  return rows.reduce((sum, row) => sum + row.amount, 0n)
}
