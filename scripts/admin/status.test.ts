import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  createWalletClient,
  encodeAbiParameters,
  type Hex,
  http,
  keccak256,
  numberToHex,
  parseEventLogs,
  parseUnits,
} from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import {
  holderAddress,
  legacyCsv,
  OWNER_KEY,
  startTestChain,
  type TestChain,
  vestingCsv,
} from '../../testing/testChain.ts'
import { MULTICALL3_ADDRESS } from '../lib/deploy.ts'
import { connect } from './connection.ts'
import { readPositions } from './ledger.ts'
import { runInProcess } from './run-tool.ts'

let chain: TestChain
let dir: string
const tokens = (amount: string) => parseUnits(amount, 18)
const holders = Array.from({ length: 5 }, (_, i) => holderAddress('status', i))
const legacyOwners = [holderAddress('status-legacy', 0), holderAddress('status-legacy', 1)]

beforeAll(async () => {
  chain = await startTestChain()
  dir = mkdtempSync(join(tmpdir(), 'admin-status-'))
})

afterAll(async () => {
  await chain?.stop()
})

function env(): Record<string, string> {
  return {
    ADMIN_RPC_URL: chain.rpcUrl,
    ADMIN_VESTING_ADDRESS: chain.vesting,
    ADMIN_LEGACY_ADDRESS: chain.legacy,
    ADMIN_PRIVATE_KEY: OWNER_KEY,
  }
}

async function at(timestamp: bigint): Promise<void> {
  await chain.testClient.setNextBlockTimestamp({ timestamp })
  await chain.testClient.mine({ blocks: 1 })
}

/** Sends a holder's own transaction through anvil's impersonation. */
async function asHolder(holder: Address, send: (wallet: ReturnType<typeof holderWallet>) => Promise<Hex>) {
  await chain.testClient.impersonateAccount({ address: holder })
  await chain.testClient.setBalance({ address: holder, value: tokens('1') })
  const hash = await send(holderWallet(holder))
  const receipt = await chain.clients.public.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

function holderWallet(holder: Address) {
  return createWalletClient({ account: holder, chain: foundry, transport: http(chain.rpcUrl) })
}

type StatusReport = { vesting?: Record<string, unknown>; legacy?: Record<string, unknown> }

async function status(): Promise<{ code: number; report: StatusReport; err: string }> {
  const result = await runInProcess(['status', '--json'], env())
  return { code: result.code, report: JSON.parse(result.out), err: result.err }
}

/** Vesting's storage slot of totalBurned (`forge inspect Vesting storageLayout`). */
const TOTAL_BURNED_SLOT = 2

function balanceSlot(owner: Address): Hex {
  // DemoToken (OpenZeppelin ERC20) keeps balances in the mapping at slot 0.
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, 0n]))
}

describe('status through a whole schedule', () => {
  let unlocked = 0n

  it('adds up claims, burns, a locked transfer and unlocks exactly', async () => {
    const csv = join(dir, 'claims.csv')
    const burns = ['10', '0', '50', '12.5', '100']
    writeFileSync(
      csv,
      vestingCsv(holders.map((address, i) => ({ address, amount: String((i + 1) * 100), burn: burns[i] }))),
    )
    expect((await runInProcess(['add-claims', csv, '--send'], env())).code).toBe(0)

    await at(chain.schedule.claimStart + 10n)
    const claim = (holder: Address, amount: string) =>
      asHolder(holder, (wallet) =>
        wallet.writeContract({
          address: chain.vesting,
          abi: vestingAbi,
          functionName: 'claimAndBurn',
          args: [tokens(amount)],
        }),
      )
    await claim(holders[0] as Address, '40') // burns 4, receives 36
    await claim(holders[2] as Address, '300') // the whole position: burns 150, receives 150
    await claim(holders[3] as Address, '80') // burns 10, receives 70
    await claim(holders[4] as Address, '1') // burns 1, receives 0

    await at(chain.schedule.claimEnd + 10n)
    expect((await runInProcess(['whitelist', MULTICALL3_ADDRESS, 'true', '--send'], env())).code).toBe(0)
    await asHolder(holders[1] as Address, (wallet) =>
      wallet.writeContract({
        address: chain.vesting,
        abi: vestingAbi,
        functionName: 'transferLocked',
        args: [MULTICALL3_ADDRESS, tokens('50')],
      }),
    )

    await at(chain.schedule.unlockStart + (chain.schedule.unlockEnd - chain.schedule.unlockStart) / 4n)
    for (const holder of [holders[0], holders[1]] as Address[]) {
      const receipt = await asHolder(holder, (wallet) =>
        wallet.writeContract({ address: chain.vesting, abi: vestingAbi, functionName: 'unlock' }),
      )
      for (const log of parseEventLogs({ abi: vestingAbi, eventName: 'Unlocked', logs: receipt.logs })) {
        unlocked += log.args.amount
      }
    }
    expect(unlocked > 0n).toBe(true)

    const allocated = tokens('1500')
    const received = tokens('256')
    const burned = tokens('165')
    const owed = allocated - received - burned - unlocked
    const { code, report } = await status()
    expect(code).toBe(0)
    expect(report.vesting).toMatchObject({
      phase: 'unlocking',
      holders: 6,
      allocated: allocated.toString(),
      received: received.toString(),
      burned: burned.toString(),
      unlocked: unlocked.toString(),
      owed: owed.toString(),
      balance: owed.toString(),
      solvent: true,
      mismatches: [],
    })

    const text = await runInProcess(['status'], env())
    expect(text.code).toBe(0)
    expect(text.out).toMatch(/ {2}phase {10}unlocking \(next phase in \d+ d \d+ h\)/)
    expect(text.out).toContain('  holders        6')
    expect(text.out).toContain('  allocated      1,500 NAI')
    expect(text.out).toContain('  burned         165 NAI')
    expect(text.out).toContain('  accounting     allocated = owed + received + burned + unlocked ✓')
    expect(text.out).toContain('  solvent        yes (balance ≥ owed; surplus 0 NAI)')
  })

  it('reads the same positions with and without Multicall3', async () => {
    const connection = await connect(chain.rpcUrl)
    expect(connection.multicall).toBe(MULTICALL3_ADDRESS)
    const block = await connection.client.getBlockNumber()
    const all = [...holders, MULTICALL3_ADDRESS]
    const batched = await readPositions(connection, 'vesting', chain.vesting, all, block)
    const single = await readPositions({ ...connection, multicall: undefined }, 'vesting', chain.vesting, all, block)
    expect(single).toEqual(batched)
    expect(batched.get((holders[2] as Address).toLowerCase())).toEqual({
      amount: 0n,
      burnPercentage: tokens('0.5'),
      unlockedAmount: 0n,
    })
  })

  it('keeps a holder who claimed everything as loaded, and sets one who received a locked transfer aside', async () => {
    const csv = join(dir, 'after.csv')
    writeFileSync(
      csv,
      vestingCsv([
        { address: holders[2] as Address, amount: '300', burn: '50' },
        { address: MULTICALL3_ADDRESS, amount: '50', burn: '0' },
      ]),
    )
    const result = await runInProcess(['add-claims', csv, '--send'], env())
    expect(result.err).toBe('')
    expect(result.code).toBe(4)
    expect(result.out).toContain('Already on chain with identical values: 1 rows (skipped, 300 NAI)')
    expect(result.out).toContain('Left out by the contract: 1 rows (50 NAI), for follow-up below')
    expect(result.out).toContain('  left out for follow-up     1')
    expect(result.out).toContain(
      `  ${csv}:3: ${MULTICALL3_ADDRESS} 50 NAI — received a locked position before it was loaded; the contract would skip it (ClaimSkipped)`,
    )
    expect(readFileSync(`${csv}.follow-up.csv`, 'utf8')).toBe(
      `line,address,amount,burn_percent,reason\n3,${MULTICALL3_ADDRESS},50,0,received a locked position before it was loaded; the contract would skip it (ClaimSkipped)\n`,
    )
  })

  it('exits non-zero when the contract holds less than it owes, or its accounting does not add up', async () => {
    const { report } = await status()
    const owed = BigInt(String(report.vesting?.owed))
    const slot = balanceSlot(chain.vesting)
    await chain.testClient.setStorageAt({
      address: chain.token,
      index: slot,
      value: numberToHex(owed - 1n, { size: 32 }),
    })
    const insolvent = await runInProcess(['status'], env())
    expect(insolvent.code).toBe(3)
    expect(insolvent.out).toContain('  solvent        NO — balance is 0.000000000000000001 NAI short of what is owed')
    expect(insolvent.err).toContain('Insolvent: a contract holds fewer tokens than it owes.')
    expect((await status()).report.vesting?.solvent).toBe(false)

    await chain.testClient.setStorageAt({ address: chain.token, index: slot, value: numberToHex(owed, { size: 32 }) })
    // totalBurned lives in Vesting's slot 2, after the owner and the pending owner; one unit more than the events
    // account for.
    const burned = BigInt(String(report.vesting?.burned))
    await chain.testClient.setStorageAt({
      address: chain.vesting,
      index: TOTAL_BURNED_SLOT,
      value: numberToHex(burned + 1n, { size: 32 }),
    })
    const mismatch = await runInProcess(['status'], env())
    expect(mismatch.code).toBe(1)
    expect(mismatch.out).toContain('  accounting     MISMATCH')
    expect(mismatch.err).toContain(
      '  mismatch: totalBurned 165.000000000000000001 NAI ≠ Σ ClaimedAndBurned.burned 165 NAI',
    )
    await chain.testClient.setStorageAt({
      address: chain.vesting,
      index: TOTAL_BURNED_SLOT,
      value: numberToHex(burned, { size: 32 }),
    })
    expect((await status()).code).toBe(0)
  })
})

describe('status of LegacyClaim', () => {
  it('adds up claimed and unclaimed amounts', async () => {
    const csv = join(dir, 'legacy.csv')
    writeFileSync(
      csv,
      legacyCsv([
        { address: legacyOwners[0] as Address, amount: '10' },
        { address: legacyOwners[1] as Address, amount: '20.25' },
      ]),
    )
    expect((await runInProcess(['add-legacy-claims', csv, '--send'], env())).code).toBe(0)
    await asHolder(legacyOwners[0] as Address, (wallet) =>
      wallet.writeContract({ address: chain.legacy, abi: legacyClaimAbi, functionName: 'claim' }),
    )
    const { code, report } = await status()
    expect(code).toBe(0)
    expect(report.legacy).toMatchObject({
      open: true,
      owners: 2,
      allocated: tokens('30.25').toString(),
      claimed: tokens('10').toString(),
      unclaimed: tokens('20.25').toString(),
      balance: tokens('20.25').toString(),
      solvent: true,
      mismatches: [],
    })

    // The owner who claimed is still recorded as loaded: the same file loads nothing again.
    const again = await runInProcess(['add-legacy-claims', csv, '--send'], env())
    expect(again.code).toBe(0)
    expect(again.out).toContain('Nothing to load: every row is already on chain with identical values.')
  })
})
