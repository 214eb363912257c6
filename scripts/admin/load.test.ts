import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Address, erc20Abi, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vestingAbi } from '../../src/generated.ts'
import {
  type CsvRow,
  holderAddress,
  OWNER_KEY,
  startTestChain,
  type TestChain,
  vestingCsv,
} from '../../testing/testChain.ts'
import { type JournalEntry, readJournal } from './journal.ts'
import { runInProcess, runProcess } from './run-tool.ts'

let chain: TestChain
let dir: string

beforeAll(async () => {
  chain = await startTestChain()
  dir = mkdtempSync(join(tmpdir(), 'admin-load-'))
})

afterAll(async () => {
  await chain?.stop()
})

const BURNS = ['0', '12.5', '100', '33.3333333333333333', '5']

/** A claims file of `count` distinct holders with varied amounts (up to 18 decimals) and burn percents. */
function claimRows(seed: string, count: number): CsvRow[] {
  return Array.from({ length: count }, (_, i) => ({
    address: holderAddress(seed, i),
    amount: `${((i * 7919) % 100_000) + 1}.${String((i * 104_729) % 1_000_000_007).padStart(10, '0')}`,
    burn: BURNS[i % BURNS.length] ?? '0',
  }))
}

function writeClaims(name: string, rows: readonly CsvRow[]): string {
  const path = join(dir, name)
  writeFileSync(path, vestingCsv(rows))
  return path
}

/** The total an independent conversion (viem's parseUnits) gives for the file. */
function fileTotal(rows: readonly CsvRow[]): bigint {
  return rows.reduce((sum, row) => sum + parseUnits(row.amount, 18), 0n)
}

async function claimAdded(vesting: Address) {
  return chain.clients.public.getContractEvents({
    address: vesting,
    abi: vestingAbi,
    eventName: 'ClaimAdded',
    fromBlock: 0n,
    strict: true,
  })
}

function env(vesting: Address): Record<string, string> {
  return { ADMIN_RPC_URL: chain.rpcUrl, ADMIN_VESTING_ADDRESS: vesting, ADMIN_PRIVATE_KEY: OWNER_KEY }
}

function ownerNonce(): Promise<number> {
  return chain.clients.public.getTransactionCount({ address: chain.owner })
}

function confirmedBatches(entries: JournalEntry[]) {
  return entries.filter((entry) => entry.event === 'confirmed')
}

describe('add-claims end to end', () => {
  it('loads 2,000 rows, reports exact totals, and a second run loads nothing', async () => {
    const rows = claimRows('e2e', 2000)
    const csv = writeClaims('claims-2000.csv', rows)
    const total = fileTotal(rows)

    // A dry run plans and checks, and sends nothing.
    const nonceBefore = await ownerNonce()
    const dry = await runInProcess(['add-claims', csv], env(chain.vesting))
    expect(dry.err).toBe('')
    expect(dry.code).toBe(0)
    expect(dry.out).toContain('To load: 2,000 holders')
    expect(dry.out).toMatch(
      /Batches: \d+ transaction\(s\) of up to \d+ holders \(target 7,500,000 gas = 25% of the 30,000,000/,
    )
    expect(dry.out).toMatch(/Approval: approve exactly [\d,.]+ NAI to /)
    expect(dry.out).toMatch(/Estimated gas: [\d,]+ for the batches \([\d,]+ per holder\) \+ [\d,]+ for the approval/)
    expect(dry.out).toContain('Dry run: nothing was sent. Run again with --send to load.')
    expect(await ownerNonce()).toBe(nonceBefore)
    expect(await claimAdded(chain.vesting)).toHaveLength(0)

    // The real entry point loads everything.
    const startedAt = performance.now()
    const sent = await runProcess(['add-claims', csv, '--send'], env(chain.vesting))
    const processSeconds = ((performance.now() - startedAt) / 1000).toFixed(1)
    expect(sent.err).toBe('')
    expect(sent.code).toBe(0)
    expect(sent.out).toContain('on chain, identical values 2,000 ✓')
    const figures = sent.out.split('\n').find((line) => line.startsWith('Figures: '))
    expect(figures).toMatch(
      /^Figures: 2,000 holders in \d+ transactions · [\d.]+ holders per transaction · [\d,]+ gas per holder · gas used [\d,]+ · wall time /,
    )
    console.log(`[2,000-row load on anvil] ${figures} (whole process with npx tsx start-up: ${processSeconds} s)`)

    const logs = await claimAdded(chain.vesting)
    expect(logs).toHaveLength(2000)
    expect(new Set(logs.map((log) => log.args.holder)).size).toBe(2000)
    expect(logs.reduce((sum, log) => sum + log.args.amount, 0n)).toBe(total)
    // Every batch stayed under a quarter of the block gas limit.
    const journal = readJournal(`${csv}.journal.jsonl`)
    for (const entry of confirmedBatches(journal.entries)) {
      if (entry.event === 'confirmed') expect(BigInt(entry.gasUsed) <= 7_500_000n).toBe(true)
    }

    // "12.5" became exactly 125000000000000000 of 1e18, and amounts are exact to the last decimal.
    const [amount, burnPercentage, unlocked] = await chain.clients.public.readContract({
      address: chain.vesting,
      abi: vestingAbi,
      functionName: 'claimByOwner',
      args: [holderAddress('e2e', 1)],
    })
    expect(burnPercentage).toBe(125_000_000_000_000_000n)
    expect(amount).toBe(parseUnits(rows[1]?.amount ?? '', 18))
    expect(unlocked).toBe(0n)
    const [, thirdBurn] = await chain.clients.public.readContract({
      address: chain.vesting,
      abi: vestingAbi,
      functionName: 'claimByOwner',
      args: [holderAddress('e2e', 3)],
    })
    expect(thirdBurn).toBe(333_333_333_333_333_333n)

    // The approval was exact: nothing is left over.
    const allowance = await chain.clients.public.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [chain.owner, chain.vesting],
    })
    expect(allowance).toBe(0n)

    const status = await runInProcess(['status', '--json'], env(chain.vesting))
    expect(status.code).toBe(0)
    const report = JSON.parse(status.out)
    expect(report.vesting).toMatchObject({
      holders: 2000,
      allocated: total.toString(),
      owed: total.toString(),
      received: '0',
      burned: '0',
      unlocked: '0',
      balance: total.toString(),
      solvent: true,
      mismatches: [],
      phase: 'before',
    })

    const nonceAfter = await ownerNonce()
    const again = await runInProcess(['add-claims', csv, '--send'], env(chain.vesting))
    expect(again.code).toBe(0)
    expect(again.out).toContain('Already on chain with identical values: 2,000 rows')
    expect(again.out).toContain('Nothing to load: every row is already on chain with identical values.')
    expect(await ownerNonce()).toBe(nonceAfter)
  })

  it('finishes a run killed after its first batch without loading anyone twice', async () => {
    const vesting = await chain.deployVestingAs(OWNER_KEY)
    const rows = claimRows('resume', 2000)
    const csv = writeClaims('claims-resume.csv', rows)
    const journalPath = `${csv}.journal.jsonl`

    const killed = await runProcess(['add-claims', csv, '--send'], env(vesting), { crashAfterBatches: 1 })
    expect(killed.code).not.toBe(0)
    expect(killed.out).toMatch(/batch 1 \(1\/\d+ of this run\): lines 2–/)
    expect(killed.out).not.toContain('batch 2 (')
    const afterKill = readJournal(journalPath).entries
    expect(afterKill.map((entry) => entry.event)).toEqual(['approval', 'submitted', 'confirmed'])
    const firstBatch = confirmedBatches(afterKill)[0]
    const firstCount = firstBatch?.event === 'confirmed' ? firstBatch.holders.length : 0
    expect(firstCount).toBeGreaterThan(0)
    expect(await claimAdded(vesting)).toHaveLength(firstCount)

    const resumed = await runProcess(['add-claims', csv, '--send'], env(vesting))
    expect(resumed.err).toBe('')
    expect(resumed.code).toBe(0)
    expect(resumed.out).toContain(`Journal: 1 confirmed batch(es), ${firstCount} holders, from earlier runs; resuming.`)
    expect(resumed.out).toContain(`Already on chain with identical values: ${firstCount} rows`)
    expect(resumed.out).toContain(`To load: ${(2000 - firstCount).toLocaleString('en-US')} holders`)
    expect(resumed.out).toContain('Approval: none needed (the allowance is already exactly')
    expect(resumed.out).toContain('on chain, identical values 2,000 ✓')

    const logs = await claimAdded(vesting)
    expect(logs).toHaveLength(2000)
    expect(new Set(logs.map((log) => log.args.holder)).size).toBe(2000)
    expect(logs.reduce((sum, log) => sum + log.args.amount, 0n)).toBe(fileTotal(rows))
    const journal = readJournal(journalPath).entries
    const batches = confirmedBatches(journal).map((entry) => entry.batch)
    expect(batches).toEqual(Array.from({ length: batches.length }, (_, i) => i + 1))
    expect(resumed.out).toMatch(/batch 2 \(1\/\d+ of this run\): lines \d+–/)
  })

  it('settles a batch that was sent but not journaled as confirmed, and forgets a dropped one', async () => {
    const vesting = await chain.deployVestingAs(OWNER_KEY)
    const rows = claimRows('settle', 300)
    const csv = writeClaims('claims-settle.csv', rows)
    const journalPath = `${csv}.journal.jsonl`

    const killed = await runProcess(['add-claims', csv, '--send', '--max-batch', '100'], env(vesting), {
      crashAfterBatches: 2,
    })
    expect(killed.code).not.toBe(0)
    // As if the process had died between batch 2's receipt and its journal line, plus a batch that never left.
    const lines = readFileSync(journalPath, 'utf8').trim().split('\n')
    const last = JSON.parse(lines[lines.length - 1] ?? '{}')
    expect(last.event).toBe('confirmed')
    const dropped = { ...JSON.parse(lines[lines.length - 2] ?? '{}'), batch: 9, txHash: `0x${'9'.repeat(64)}` }
    writeFileSync(journalPath, `${[...lines.slice(0, -1), JSON.stringify(dropped)].join('\n')}\n`)
    expect(await claimAdded(vesting)).toHaveLength(200)

    // A dry run reports what it finds but leaves the journal as it is.
    const journalBefore = readFileSync(journalPath, 'utf8')
    const dry = await runInProcess(['add-claims', csv, '--max-batch', '100'], env(vesting))
    expect(dry.code).toBe(0)
    expect(dry.out).toContain(`Journal: batch 2 (transaction ${last.txHash}) from an earlier run was confirmed.`)
    expect(dry.out).toContain('To load: 100 holders')
    expect(readFileSync(journalPath, 'utf8')).toBe(journalBefore)

    const resumed = await runInProcess(['add-claims', csv, '--send', '--max-batch', '100'], env(vesting))
    expect(resumed.err).toBe('')
    expect(resumed.code).toBe(0)
    expect(resumed.out).toContain(`Journal: batch 2 (transaction ${last.txHash}) from an earlier run was confirmed.`)
    expect(resumed.out).toContain(`Journal: batch 9 (transaction 0x${'9'.repeat(64)}) from an earlier run was dropped.`)
    expect(resumed.out).toContain('Journal: 2 confirmed batch(es), 200 holders, from earlier runs; resuming.')
    expect(resumed.out).toContain('To load: 100 holders')
    expect(resumed.out).toMatch(/batch 10 \(1\/1 of this run\): lines 202–301, 100 holders/)
    const logs = await claimAdded(vesting)
    expect(logs).toHaveLength(300)
    expect(new Set(logs.map((log) => log.args.holder)).size).toBe(300)
  })
})
