/**
 * The race between the owner tool and a locked transfer, with a key: the tool checks that no holder of the file was
 * ever allocated, then sends its batches; a locked transfer reaches a holder of a later batch in between. That batch
 * must still load everyone else, and the tool must name the holder it left out for follow-up.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Address, encodeFunctionData, erc20Abi, getAddress, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vestingAbi } from '../../src/generated.ts'
import {
  holderAddress,
  OWNER_KEY,
  sendAs,
  setChainTime,
  startTestChain,
  type TestChain,
  vestingCsv,
} from '../../testing/testChain.ts'
import { formatToken } from './format.ts'
import { readJournal } from './journal.ts'
import { runInProcess } from './run-tool.ts'

let chain: TestChain
let dir: string
const vault = getAddress('0x00000000000000000000000000000000000b00c5')
const parked = holderAddress('race-parked', 0)

beforeAll(async () => {
  chain = await startTestChain()
  dir = mkdtempSync(join(tmpdir(), 'admin-race-'))
  const env = { ADMIN_RPC_URL: chain.rpcUrl, ADMIN_VESTING_ADDRESS: chain.vesting, ADMIN_PRIVATE_KEY: OWNER_KEY }
  // A holder with a locked position and a whitelisted vault it can move that position through.
  const seed = join(dir, 'seed.csv')
  writeFileSync(seed, vestingCsv([{ address: parked, amount: '1000', burn: '10' }]))
  expect((await runInProcess(['add-claims', seed, '--send'], env)).code).toBe(0)
  await chain.testClient.setCode({ address: vault, bytecode: '0x00' })
  expect((await runInProcess(['whitelist', vault, 'true', '--send'], env)).code).toBe(0)
  await setChainTime(chain, chain.schedule.claimEnd)
}, 60_000)

afterAll(async () => {
  await chain?.stop()
})

const transferLocked = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: vestingAbi, functionName: 'transferLocked', args: [to, amount] })

describe('a locked transfer landing between the check and a batch', () => {
  it('leaves that holder out, loads everyone else and reports the holder for follow-up', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      address: holderAddress('race', i),
      amount: `${i + 1}.5`,
      burn: '20',
    }))
    const csv = join(dir, 'claims.csv')
    writeFileSync(csv, vestingCsv(rows))
    const victim = getAddress(rows[249]?.address ?? '')
    const env = { ADMIN_RPC_URL: chain.rpcUrl, ADMIN_VESTING_ADDRESS: chain.vesting, ADMIN_PRIVATE_KEY: OWNER_KEY }
    const balanceBefore = await chain.clients.public.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [chain.vesting],
    })

    // After the first of three batches, the parked position goes to the vault, which passes 1 wei on to a holder of
    // the third batch.
    const result = await runInProcess(['add-claims', csv, '--send', '--max-batch', '100'], env, {
      afterBatch: async (confirmed) => {
        if (confirmed !== 1) return
        await sendAs(chain, parked, { to: chain.vesting, data: transferLocked(vault, parseUnits('1000', 18)) })
        await sendAs(chain, vault, { to: chain.vesting, data: transferLocked(victim, 1n) })
      },
    })
    expect(result.err).toBe('')
    expect(result.code).toBe(4)
    expect(result.out).toContain('To load: 300 holders')
    expect(result.out).toMatch(
      /batch 3 \(3\/3 of this run\): lines 202–301, 100 holders, gas [\d,]+, block \d+, tx 0x[0-9a-f]{64} ✓/,
    )
    expect(result.out).toContain(
      `  left out by the contract (ClaimSkipped): ${victim}, ever allocated before the batch was mined`,
    )
    expect(result.out).toContain('  on chain, identical values 299\n')
    expect(result.out).toContain('  left out for follow-up     1')
    expect(result.out).toContain(
      `  ${csv}:251: ${victim} 250.5 NAI, burn 20% — received a locked position before its batch was mined; the contract skipped it`,
    )
    expect(readFileSync(`${csv}.follow-up.csv`, 'utf8')).toBe(
      `line,address,amount,burn_percent,reason\n251,${victim},250.5,20,received a locked position before its batch was mined; the contract skipped it\n`,
    )

    // Everyone else is loaded and paid for exactly; the victim holds only the wei the vault sent.
    const added = await chain.clients.public.getContractEvents({
      address: chain.vesting,
      abi: vestingAbi,
      eventName: 'ClaimAdded',
      fromBlock: 0n,
      strict: true,
    })
    expect(added.map((log) => log.args.holder).filter((holder) => holder !== parked)).toEqual(
      rows.map((row) => getAddress(row.address)).filter((holder) => holder !== victim),
    )
    const loaded = rows.reduce((sum, row) => sum + parseUnits(row.amount, 18), 0n) - parseUnits('250.5', 18)
    const balance = await chain.clients.public.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [chain.vesting],
    })
    expect(balance).toBe(balanceBefore + loaded)
    const [victimAmount] = await chain.clients.public.readContract({
      address: chain.vesting,
      abi: vestingAbi,
      functionName: 'claimByOwner',
      args: [victim],
    })
    expect(victimAmount).toBe(1n)
    const confirmed = readJournal(`${csv}.journal.jsonl`).entries.filter((entry) => entry.event === 'confirmed')
    expect(confirmed.map((entry) => (entry.event === 'confirmed' ? entry.skipped : undefined))).toEqual([
      undefined,
      undefined,
      [victim],
    ])

    // A re-run finds nothing to load, and names the holder again.
    const again = await runInProcess(['add-claims', csv, '--send', '--max-batch', '100'], env)
    expect(again.code).toBe(4)
    expect(again.out).toContain('Journal: 3 confirmed batch(es), 300 holders, from earlier runs; resuming.')
    expect(again.out).toContain('Left out by the contract: 1 rows (250.5 NAI), for follow-up below')
    expect(again.out).toContain(
      `  ${csv}:251: ${victim} ${formatToken(parseUnits('250.5', 18), 18, 'NAI')}, burn 20% — received a locked position before its batch executed; the contract skipped it (ClaimSkipped)`,
    )
    expect(again.out).toContain(
      'Nothing to load: every row is already on chain with identical values, or left out by the contract.',
    )
    const status = JSON.parse((await runInProcess(['status', '--json'], env)).out).vesting
    expect(status.skipped).toEqual({ repeated: 0, leftOut: 1 })
    expect(status.mismatches).toEqual([])
  })
})
