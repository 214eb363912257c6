/**
 * A Safe as the owner, end to end: a real Safe 1.4.1 (2 of 3) on anvil takes over both contracts through the tool's
 * files, the tool writes the files for 2,000 holders, and the test executes them as Safe{Wallet} does — through
 * MultiSendCallOnly 1.4.1, with two owners' signatures — out of order, one of them twice and one left out. The chain
 * then shows every position exact and the funding exact; a re-run writes the left-out part again.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hash,
  parseEventLogs,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from '../../src/config/anvil.ts'
import { legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import { createSafe, deploySafeSingletons, SafeService, type SafeSingletons } from '../../testing/safe.ts'
import {
  type CsvRow,
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
import { hasValidChecksum, parseBatchFile } from './tx-builder.ts'

let chain: TestChain
let dir: string
let singletons: SafeSingletons
let safe: Address
let service: SafeService

const SAFE_OWNERS = [ANVIL_ACCOUNTS[1], ANVIL_ACCOUNTS[2], ANVIL_ACCOUNTS[3]].map((account) => getAddress(account))
const SAFE_OWNER_KEYS = [ANVIL_PRIVATE_KEYS[1], ANVIL_PRIVATE_KEYS[2], ANVIL_PRIVATE_KEYS[3]]
/** A quarter of anvil's 30M block gas limit: what each file must stay under, the Safe's execution included. */
const FILE_GAS_LIMIT = 7_500_000n

beforeAll(async () => {
  chain = await startTestChain()
  dir = mkdtempSync(join(tmpdir(), 'admin-safe-'))
  singletons = await deploySafeSingletons(chain.rpcUrl)
  safe = await createSafe(chain.rpcUrl, singletons, { owners: SAFE_OWNERS, threshold: 2 })
  service = new SafeService({ rpcUrl: chain.rpcUrl, chainId: 31337, safe, singletons, ownerKeys: SAFE_OWNER_KEYS })
}, 60_000)

afterAll(async () => {
  await chain?.stop()
})

/** The tool's environment with the owner's key (for what the deployer still does) or none (a Safe's run). */
function env(withKey = true): Record<string, string> {
  return {
    ADMIN_RPC_URL: chain.rpcUrl,
    ADMIN_VESTING_ADDRESS: chain.vesting,
    ADMIN_LEGACY_ADDRESS: chain.legacy,
    ...(withKey ? { ADMIN_PRIVATE_KEY: OWNER_KEY } : {}),
  }
}

type Execution = { txHash: Hash; gasUsed: bigint; skipped: number; added: number }

/**
 * Executes a Transaction Builder file as Safe{Wallet} does: the Safe's owner #0 proposes its calls (a MultiSendCallOnly
 * delegatecall when there are several) at the Safe's next nonce, owner #1 confirms, owner #0 executes.
 */
async function execute(path: string): Promise<Execution> {
  const file = parseBatchFile(readFileSync(path, 'utf8'))
  expect(hasValidChecksum(file)).toBe(true)
  expect(file.chainId).toBe('31337')
  expect(file.meta.createdFromSafeAddress).toBe(safe)
  const safeTxHash = await service.propose(file.transactions, 0)
  await service.confirm(safeTxHash, 1)
  const txHash = await service.execute(safeTxHash, 0)
  const receipt = await chain.clients.public.getTransactionReceipt({ hash: txHash })
  const events = parseEventLogs({ abi: [...vestingAbi, ...legacyClaimAbi], logs: receipt.logs })
  return {
    txHash,
    gasUsed: receipt.gasUsed,
    skipped: events.filter((event) => event.eventName === 'ClaimSkipped').length,
    added: events.filter((event) => event.eventName === 'ClaimAdded').length,
  }
}

const read = {
  owner: (address: Address) => chain.clients.public.readContract({ address, abi: vestingAbi, functionName: 'owner' }),
  balance: (holder: Address) =>
    chain.clients.public.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder],
    }),
  allowance: () =>
    chain.clients.public.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [safe, chain.vesting],
    }),
  claimAdded: async () =>
    chain.clients.public.getContractEvents({
      address: chain.vesting,
      abi: vestingAbi,
      eventName: 'ClaimAdded',
      fromBlock: 0n,
      strict: true,
    }),
}

const BURNS = ['0', '12.5', '100', '33.3333333333333333', '5']

function claimRows(seed: string, count: number): CsvRow[] {
  return Array.from({ length: count }, (_, i) => ({
    address: holderAddress(seed, i),
    amount: `${((i * 7919) % 100_000) + 1}.${String((i * 104_729) % 1_000_000_007).padStart(10, '0')}`,
    burn: BURNS[i % BURNS.length] ?? '0',
  }))
}

/** The files a run wrote, in the order of their batch numbers. */
function filesIn(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(folder, name))
}

/** The holders and amounts of a file's addClaims call, and the exact amount its approval sets. */
function fileContents(path: string) {
  const file = parseBatchFile(readFileSync(path, 'utf8'))
  const [approval, addClaims] = file.transactions
  if (!approval || !addClaims || file.transactions.length !== 2) throw new Error(`${path} is not approval + batch.`)
  const approve = decodeFunctionData({ abi: erc20Abi, data: approval.data })
  const batch = decodeFunctionData({ abi: vestingAbi, data: addClaims.data })
  if (approve.functionName !== 'approve' || batch.functionName !== 'addClaims') throw new Error('Unexpected calls.')
  const [spender, approved] = approve.args
  const [holders, amounts] = batch.args
  return { file, approval, addClaims, spender, approved, holders, amounts }
}

describe('a Safe as the owner', () => {
  it("takes over both contracts through the tool's files", async () => {
    const proposed = await runInProcess(['transfer-ownership', safe, '--contract', 'both', '--send'], env())
    expect(proposed.err).toBe('')
    expect(proposed.code).toBe(0)
    expect(proposed.out).toContain(
      `To complete the transfer, the new owner ${safe} accepts. It is a contract: if it is a Safe, this writes the file its owners execute:\n  npm run admin -- accept-ownership --contract both --vesting ${chain.vesting} --legacy ${chain.legacy} --safe ${safe} --rpc-url <URL> --send`,
    )

    const out = join(dir, 'ownership')
    const dry = await runInProcess(['accept-ownership', '--contract', 'both', '--safe', safe, '--out', out], env(false))
    expect(dry.code).toBe(0)
    expect(dry.out).toContain(`Safe 1.4.1 ${safe}: 2 of 3 owners (${SAFE_OWNERS.join(', ')}), nonce 0`)
    expect(dry.out).toContain(`Dry run: no file was written. Run again with --send to write it to ${out}.`)

    const written = await runInProcess(
      ['accept-ownership', '--contract', 'both', '--safe', safe, '--out', out, '--send'],
      env(false),
    )
    expect(written.err).toBe('')
    expect(written.code).toBe(0)
    const path = join(out, 'accept-ownership.json')
    expect(written.out).toContain(`Wrote ${path}: 2 call(s) in one Safe transaction.`)
    const accept = parseBatchFile(readFileSync(path, 'utf8'))
    const acceptData = encodeFunctionData({ abi: vestingAbi, functionName: 'acceptOwnership' })
    expect(accept.transactions).toEqual([
      { to: chain.vesting, value: '0', data: acceptData, contractMethod: null, contractInputsValues: null },
      { to: chain.legacy, value: '0', data: acceptData, contractMethod: null, contractInputsValues: null },
    ])
    expect(await read.owner(chain.vesting)).toBe(chain.owner)

    // Until the Safe has accepted, its loads cannot even be sized: the tool says what to do first.
    const early = join(dir, 'early.csv')
    writeFileSync(early, vestingCsv([{ address: holderAddress('early', 0), amount: '5', burn: '0' }]))
    const pending = await runInProcess(['add-claims', early, '--safe', safe], env(false))
    expect(pending.code).toBe(2)
    expect(pending.err).toContain(
      `The Safe ${safe} is the pending owner of ${chain.vesting}, not yet its owner: execute its accept-ownership file first, then run this again.`,
    )

    await execute(path)
    expect(await read.owner(chain.vesting)).toBe(safe)
    expect(await read.owner(chain.legacy)).toBe(safe)

    // The deployer's key can no longer load anything; the tool says how to go on.
    const csv = join(dir, 'by-key.csv')
    writeFileSync(csv, vestingCsv([{ address: holderAddress('by-key', 0), amount: '5', burn: '0' }]))
    const refused = await runInProcess(['add-claims', csv], env())
    expect(refused.code).toBe(2)
    expect(refused.err).toContain(
      `${chain.owner} is not the owner of ${chain.vesting} (the owner is ${safe}); addClaims would revert. The owner is a contract: if it is a Safe, write files for its owners with --safe ${safe}.`,
    )
  })

  it('deploys with the Safe proposed as owner and writes its acceptance as a file', async () => {
    const out = join(dir, 'deploy')
    const schedule = ['--claim-start', '2030-01-01', '--claim-end', '2030-01-15', '--unlock-start', '2031-01-15']
    const args = ['deploy', '--token', chain.token, ...schedule, '--unlock-end', '2032-01-15', '--owner', safe]
    const dry = await runInProcess([...args, '--out', out], env())
    expect(dry.code).toBe(0)
    expect(dry.out).toContain(`Owner: Safe 1.4.1 ${safe}: 2 of 3 owners`)
    expect(readdirSync(dir)).not.toContain('deploy')

    const deployed = await runInProcess([...args, '--out', out, '--send'], env())
    expect(deployed.err).toBe('')
    expect(deployed.code).toBe(0)
    const address = (name: string) =>
      getAddress(
        deployed.out
          .split('\n')
          .find((line) => line.startsWith(`${name}=`))
          ?.slice(name.length + 1) ?? '',
      )
    const contracts = [address('ADMIN_VESTING_ADDRESS'), address('ADMIN_LEGACY_ADDRESS')]
    for (const contract of contracts) {
      expect(deployed.out).toContain(`${contract}: ${safe} proposed as owner (transaction 0x`)
      expect(await read.owner(contract)).toBe(chain.owner)
      expect(
        await chain.clients.public.readContract({ address: contract, abi: vestingAbi, functionName: 'pendingOwner' }),
      ).toBe(safe)
    }
    const path = join(out, 'accept-ownership.json')
    expect(deployed.out).toContain(`Wrote ${path}`)
    const accept = parseBatchFile(readFileSync(path, 'utf8'))
    expect(accept.transactions.map((transaction) => transaction.to)).toEqual(contracts)
    await execute(path)
    for (const contract of contracts) expect(await read.owner(contract)).toBe(safe)
  })

  it('checks the load for the Safe: it must hold the tokens', async () => {
    const csv = join(dir, 'short.csv')
    writeFileSync(csv, vestingCsv([{ address: holderAddress('short', 0), amount: '5', burn: '0' }]))
    const result = await runInProcess(['add-claims', csv, '--safe', safe], env(false))
    expect(result.code).toBe(2)
    expect(result.err.split('\n')).toEqual([
      'The Safe holds 0 NAI; loading needs 5 NAI (short by 5 NAI).',
      'Checks for the Safe failed; no file was written.',
    ])
  })

  it('loads 2,000 holders from files executed out of order, one twice and one left out, and writes that one again', async () => {
    await chain.mint(safe, '500000000')
    const rows = claimRows('safe', 2000)
    const total = rows.reduce((sum, row) => sum + parseUnits(row.amount, 18), 0n)
    const csv = join(dir, 'claims-2000.csv')
    writeFileSync(csv, vestingCsv(rows))
    const out = `${csv}.safe`

    const dry = await runInProcess(['add-claims', csv, '--safe', safe], env(false))
    expect(dry.err).toBe('')
    expect(dry.code).toBe(0)
    expect(dry.out).toContain('To load: 2,000 holders')
    expect(dry.out).toMatch(
      /The Safe holds 500,000,000 NAI for [\d,.]+ NAI; its allowance to 0x[0-9a-fA-F]{40} is 0 NAI/,
    )
    expect(dry.out).toMatch(/Files: \d+ Safe transaction\(s\), each the approval then one batch of up to \d+ holders/)
    expect(dry.out).toContain('Dry run: no file was written.')
    expect(readdirSync(dir)).not.toContain('claims-2000.csv.safe')

    const write = await runInProcess(['add-claims', csv, '--safe', safe, '--send'], env(false))
    expect(write.err).toBe('')
    expect(write.code).toBe(0)
    const files = filesIn(out)
    expect(files.length).toBeGreaterThanOrEqual(5)
    const journal = readJournal(`${csv}.journal.jsonl`).entries
    expect(journal.map((entry) => entry.event)).toEqual(files.map(() => 'written'))
    // Each file: the exact approval of its own batch first, then the batch; together, every row once.
    const contents = files.map(fileContents)
    let covered = 0
    for (const { file, spender, approved, holders, amounts } of contents) {
      expect(file.version).toBe('1.0')
      expect(file.meta.name).toMatch(/^Vesting batch \d+: lines \d+–\d+ of claims-2000\.csv$/)
      expect(Date.now() - file.createdAt).toBeLessThan(600_000)
      expect(file.transactions.map((transaction) => transaction.value)).toEqual(['0', '0'])
      expect(spender).toBe(chain.vesting)
      expect(approved).toBe(amounts.reduce((sum, amount) => sum + amount, 0n))
      expect(holders).toEqual(rows.slice(covered, covered + holders.length).map((row) => row.address))
      covered += holders.length
    }
    expect(covered).toBe(2000)
    // Each file's estimate, Safe overhead included, stays under a quarter of the block.
    const estimates = [...write.out.matchAll(/~([\d,]+) gas to execute/g)].map((match) =>
      BigInt((match[1] ?? '0').replaceAll(',', '')),
    )
    expect(estimates).toHaveLength(files.length)

    // Executed out of order: the second file first, then the first, the second again, the third left out, the rest
    // from the last one back.
    const [first, second, third, ...rest] = files
    if (!first || !second || !third) throw new Error('Too few files.')
    const safeBefore = await read.balance(safe)
    const order = [second, first, second, ...rest.reverse()]
    const executions: Execution[] = []
    for (const path of order) {
      const vestingBefore = await read.balance(chain.vesting)
      const execution = await execute(path)
      executions.push(execution)
      const index = files.indexOf(path)
      const { approved, holders } = contents[index] ?? fileContents(path)
      expect(execution.gasUsed).toBeLessThanOrEqual(estimates[index] ?? 0n)
      expect(execution.gasUsed).toBeLessThanOrEqual(FILE_GAS_LIMIT)
      const again = executions.length === 3
      // The second execution of a file loads and funds nothing: every holder skipped, nothing pulled.
      expect(execution.added).toBe(again ? 0 : holders.length)
      expect(execution.skipped).toBe(again ? holders.length : 0)
      expect(await read.balance(chain.vesting)).toBe(vestingBefore + (again ? 0n : approved))
      if (again) expect(await read.allowance()).toBe(approved)
    }
    const largest = executions.reduce((most, execution) => (execution.gasUsed > most.gasUsed ? execution : most))
    const firstRun = executions.filter((_, i) => i !== 2)
    const perHolder =
      firstRun.reduce((sum, execution) => sum + execution.gasUsed, 0n) /
      BigInt(firstRun.reduce((sum, execution) => sum + execution.added, 0))
    console.log(
      `[Safe files on anvil] ${files.length} files for 2,000 holders · ${perHolder} gas per holder through the Safe · largest execution ${largest.gasUsed} gas for ${largest.added} holders (estimate ${estimates[files.indexOf(order[executions.indexOf(largest)] ?? '')]})`,
    )
    const leftOut = contents[2]
    if (!leftOut) throw new Error('No third file.')
    const loadedTotal = total - leftOut.approved
    expect(await read.balance(chain.vesting)).toBe(loadedTotal)
    expect(await read.balance(safe)).toBe(safeBefore - loadedTotal)
    const added = await read.claimAdded()
    expect(added).toHaveLength(2000 - leftOut.holders.length)
    expect(new Set(added.map((log) => log.args.holder)).size).toBe(added.length)

    const status = await runInProcess(['status', '--json'], env(false))
    expect(status.code).toBe(0)
    expect(JSON.parse(status.out).vesting).toMatchObject({
      owner: safe,
      holders: 2000 - leftOut.holders.length,
      allocated: loadedTotal.toString(),
      owed: loadedTotal.toString(),
      balance: loadedTotal.toString(),
      skipped: { repeated: contents[1]?.holders.length, leftOut: 0 },
      solvent: true,
      mismatches: [],
    })

    // The re-run reads the chain, finds the left-out file's rows missing and writes them again, numbered on.
    const check = await runInProcess(['add-claims', csv, '--safe', safe], env(false))
    expect(check.code).toBe(0)
    expect(check.out).toContain(
      `Journal: ${files.length} file(s) written for the Safe by earlier runs; ${files.length - 1} executed, 1 not executed yet.`,
    )
    const [, , firstLine, lastLine] = /(\d+)-add-claims-lines-(\d+)-(\d+)\.json$/.exec(third) ?? []
    expect(check.out).toContain(`  file 3 (lines ${firstLine}–${lastLine}, ${third}) is not on chain`)
    expect(check.out).toContain(
      `Already on chain with identical values: ${(2000 - leftOut.holders.length).toLocaleString('en-US')} rows`,
    )
    expect(check.out).toContain(`To load: ${leftOut.holders.length} holders`)

    const rewrite = await runInProcess(['add-claims', csv, '--safe', safe, '--send'], env(false))
    expect(rewrite.err).toBe('')
    expect(rewrite.code).toBe(0)
    const newFiles = filesIn(out).filter((path) => !files.includes(path))
    expect(newFiles).toHaveLength(1)
    const [again] = newFiles
    if (!again) throw new Error('No new file.')
    expect(again).toContain(
      `${String(files.length + 1).padStart(3, '0')}-add-claims-lines-${firstLine}-${lastLine}.json`,
    )
    expect(fileContents(again).holders).toEqual(leftOut.holders)
    await execute(again)

    // The stale copy of the left-out file, executed after all: nothing loaded or funded a second time.
    const stale = await execute(third)
    expect(stale).toMatchObject({ added: 0, skipped: leftOut.holders.length })

    const done = await runInProcess(['add-claims', csv, '--safe', safe], env(false))
    expect(done.code).toBe(0)
    expect(done.out).toContain('Nothing to load: every row is already on chain with identical values.')
    expect(done.out).toContain('  on chain, identical values 2,000 ✓')
    expect(done.out).toContain(
      `Journal: ${files.length + 1} file(s) written for the Safe by earlier runs; ${files.length + 1} executed.`,
    )
    const final = JSON.parse((await runInProcess(['status', '--json'], env(false))).out).vesting
    expect(final).toMatchObject({
      holders: 2000,
      allocated: total.toString(),
      owed: total.toString(),
      balance: total.toString(),
      skipped: { repeated: (contents[1]?.holders.length ?? 0) + leftOut.holders.length, leftOut: 0 },
      mismatches: [],
    })
    expect(await read.balance(safe)).toBe(safeBefore - total)
    expect(await read.claimAdded()).toHaveLength(2000)
  })

  it('whitelists a contract through a file', async () => {
    const vault = getAddress('0x00000000000000000000000000000000000b00c5')
    await chain.testClient.setCode({ address: vault, bytecode: '0x00' })
    const out = join(dir, 'whitelist')
    const result = await runInProcess(['whitelist', vault, 'true', '--safe', safe, '--out', out, '--send'], env(false))
    expect(result.err).toBe('')
    expect(result.code).toBe(0)
    await execute(join(out, `whitelist-${vault}-true.json`))
    const allowed = await chain.clients.public.readContract({
      address: chain.vesting,
      abi: vestingAbi,
      functionName: 'contractWhitelist',
      args: [vault],
    })
    expect(allowed).toBe(true)
    const again = await runInProcess(['whitelist', vault, 'true', '--safe', safe, '--out', out, '--send'], env(false))
    expect(again.out).toContain('Nothing to change; nothing was sent.')
  })

  it('proposes a new owner through a file, and the transfer waits for the new owner to accept', async () => {
    const next = getAddress(ANVIL_ACCOUNTS[5] ?? '')
    const out = join(dir, 'handover')
    const result = await runInProcess(
      ['transfer-ownership', next, '--contract', 'legacy', '--safe', safe, '--out', out, '--send'],
      env(false),
    )
    expect(result.err).toBe(
      `warning: ${next} has no code and has never sent a transaction. The transfer completes only when it accepts: make sure the new owner's key or multisig works.`,
    )
    expect(result.code).toBe(0)
    expect(result.out).toContain(
      `Once the Safe has executed the file, to complete the transfer, the new owner ${next} accepts with its own key:`,
    )
    await execute(join(out, `transfer-ownership-${next}.json`))
    expect(await read.owner(chain.legacy)).toBe(safe)
    expect(
      await chain.clients.public.readContract({
        address: chain.legacy,
        abi: legacyClaimAbi,
        functionName: 'pendingOwner',
      }),
    ).toBe(next)
  })

  it('loads everyone else when a locked transfer reaches a holder between the check and the execution', async () => {
    const vault = getAddress('0x00000000000000000000000000000000000b00c5')
    const rows = claimRows('race', 50)
    const csv = join(dir, 'race.csv')
    writeFileSync(csv, vestingCsv(rows))
    const write = await runInProcess(['add-claims', csv, '--safe', safe, '--send'], env(false))
    expect(write.code).toBe(0)
    const [file] = filesIn(`${csv}.safe`)
    if (!file) throw new Error('No file.')

    // Before the owners execute, a holder of a locked position (loaded above) parks it in the whitelisted vault,
    // and the vault passes 1 wei of it to a holder of the prepared batch.
    await setChainTime(chain, chain.schedule.claimEnd)
    const holder = holderAddress('safe', 0)
    const victim = getAddress(rows[17]?.address ?? '')
    const transfer = (to: Address, amount: bigint) =>
      encodeFunctionData({ abi: vestingAbi, functionName: 'transferLocked', args: [to, amount] })
    await sendAs(chain, holder, { to: chain.vesting, data: transfer(vault, 10n ** 18n) })
    await sendAs(chain, vault, { to: chain.vesting, data: transfer(victim, 1n) })

    const vestingBefore = await read.balance(chain.vesting)
    const execution = await execute(file)
    expect(execution).toMatchObject({ added: 49, skipped: 1 })
    const victimAmount = parseUnits(rows[17]?.amount ?? '0', 18)
    const fileTotal = rows.reduce((sum, row) => sum + parseUnits(row.amount, 18), 0n)
    expect(await read.balance(chain.vesting)).toBe(vestingBefore + fileTotal - victimAmount)
    expect(await read.allowance()).toBe(victimAmount)

    const rerun = await runInProcess(['add-claims', csv, '--safe', safe, '--send'], env(false))
    expect(rerun.err).toBe('')
    expect(rerun.code).toBe(4)
    expect(rerun.out).toContain('Journal: 1 file(s) written for the Safe by earlier runs; 1 executed.')
    expect(rerun.out).toContain('Left out by the contract: 1 rows')
    expect(rerun.out).toContain(
      `  ${csv}:19: ${victim} ${formatToken(victimAmount, 18, 'NAI')}, burn 100% — received a locked position before its batch executed; the contract skipped it (ClaimSkipped)`,
    )
    expect(filesIn(`${csv}.safe`)).toEqual([file])
    expect(readFileSync(`${csv}.follow-up.csv`, 'utf8').split('\n')[1]).toMatch(new RegExp(`^19,${victim},`))
    const status = JSON.parse((await runInProcess(['status', '--json'], env(false))).out).vesting
    expect(status.skipped.leftOut).toBe(1)
    expect(status.mismatches).toEqual([])
  })
})
