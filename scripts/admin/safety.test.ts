import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Address, erc20Abi, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoTokenAbi, legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import {
  type CsvRow,
  holderAddress,
  legacyCsv,
  OTHER_KEY,
  OWNER_KEY,
  startTestChain,
  type TestChain,
  vestingCsv,
} from '../../testing/testChain.ts'
import { connect, walletClient } from './connection.ts'
import { AdminError } from './errors.ts'
import { readJournal } from './journal.ts'
import { runInProcess, toolEnv } from './run-tool.ts'
import { sendBatch } from './send.ts'

let chain: TestChain
let dir: string
const other = privateKeyToAccount(OTHER_KEY).address

beforeAll(async () => {
  chain = await startTestChain()
  dir = mkdtempSync(join(tmpdir(), 'admin-safety-'))
})

afterAll(async () => {
  await chain?.stop()
})

let fileCount = 0
function write(contents: string): string {
  fileCount += 1
  const path = join(dir, `claims-${fileCount}.csv`)
  writeFileSync(path, contents)
  return path
}

const env = (overrides: Record<string, string> = {}) => toolEnv(chain, overrides)

function nonce(address: Address): Promise<number> {
  return chain.clients.public.getTransactionCount({ address })
}

async function claimAddedCount(vesting: Address): Promise<number> {
  const logs = await chain.clients.public.getContractEvents({
    address: vesting,
    abi: vestingAbi,
    eventName: 'ClaimAdded',
    fromBlock: 0n,
  })
  return logs.length
}

function allowance(owner: Address, spender: Address): Promise<bigint> {
  return chain.clients.public.readContract({
    address: chain.token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, spender],
  })
}

const h = (i: number) => holderAddress('safety', i)

describe('validation before anything is sent', () => {
  it('reports every kind of bad row with its line number and sends nothing', async () => {
    const lines = [
      'address,amount,burn_percent',
      `${h(1)},100,12.5`, // 2 valid
      '0xnot-an-address,1,0', // 3
      `${h(2).toLowerCase()},1,0`, // 4
      '0x0000000000000000000000000000000000000000,1,0', // 5
      `${h(1)},100,12.5`, // 6 duplicate of line 2
      `${h(3)},0,0`, // 7
      `${h(4)},-1,0`, // 8
      `${h(5)},1.0000000000000000001,0`, // 9
      `${h(6)},1,100.01`, // 10
      `${h(7)},1`, // 11
    ]
    const csv = write(`${lines.join('\n')}\n`)
    const before = await nonce(chain.owner)
    const result = await runInProcess(['add-claims', csv, '--send'], env())
    expect(result.code).toBe(2)
    expect(result.err.split('\n')).toEqual([
      `${csv}:3: "0xnot-an-address" is not an address (0x followed by 40 hex digits)`,
      `${csv}:4: ${h(2).toLowerCase()} is not in checksum form (expected ${h(2)})`,
      `${csv}:5: the zero address cannot hold a claim`,
      `${csv}:6: duplicate address ${h(1)} (first on line 2)`,
      `${csv}:7: amount 0 must be above zero`,
      `${csv}:8: amount -1 must be above zero`,
      `${csv}:9: amount 1.0000000000000000001 has 19 decimals; the token has 18`,
      `${csv}:10: burn percent 100.01 is out of range 0–100`,
      `${csv}:11: expected 3 columns (address,amount,burn_percent), found 2`,
      `9 problem(s) in ${csv}; nothing was sent.`,
    ])
    expect(await nonce(chain.owner)).toBe(before)
    expect(await claimAddedCount(chain.vesting)).toBe(0)
    expect(await allowance(chain.owner, chain.vesting)).toBe(0n)
  })

  it('refuses a bad header', async () => {
    const csv = write(`holder,amount,burn\n${h(1)},1,0\n`)
    const result = await runInProcess(['add-claims', csv, '--send'], env())
    expect(result.code).toBe(2)
    expect(result.err).toContain(`${csv}:1: header is "holder,amount,burn"; expected "address,amount,burn_percent"`)
  })

  it('refuses rows that disagree with the chain, skips identical ones, and loads only the new', async () => {
    const base: CsvRow[] = [
      { address: h(10), amount: '10', burn: '12.5' },
      { address: h(11), amount: '20', burn: '0' },
      { address: h(12), amount: '30', burn: '50' },
    ]
    const loaded = await runInProcess(['add-claims', write(vestingCsv(base)), '--send'], env())
    expect(loaded.code).toBe(0)

    const conflicting = vestingCsv([
      { address: h(10), amount: '10', burn: '12.5' }, // identical: skipped
      { address: h(11), amount: '21', burn: '0' }, // other amount
      { address: h(12), amount: '30', burn: '49' }, // other burn percent
      { address: h(13), amount: '5', burn: '0' }, // new
    ])
    const csv = write(conflicting)
    const before = await nonce(chain.owner)
    const refused = await runInProcess(['add-claims', csv, '--send'], env())
    expect(refused.code).toBe(2)
    expect(refused.err.split('\n')).toEqual([
      `${csv}:3: ${h(11)} is already on chain with different values: amount 20, burn 0% (this file: amount 21, burn 0%)`,
      `${csv}:4: ${h(12)} is already on chain with different values: amount 30, burn 50% (this file: amount 30, burn 49%)`,
      `2 row(s) conflicting with the chain in ${csv}; nothing was sent.`,
    ])
    expect(await nonce(chain.owner)).toBe(before)

    // A larger allowance left from elsewhere is brought down to exactly what this run needs.
    const wallet = walletClient(await connect(chain.rpcUrl), privateKeyToAccount(OWNER_KEY))
    const approveHash = await wallet.writeContract({
      address: chain.token,
      abi: demoTokenAbi,
      functionName: 'approve',
      args: [chain.vesting, parseUnits('1000', 18)],
    })
    await chain.clients.public.waitForTransactionReceipt({ hash: approveHash })
    const fixed = vestingCsv([
      { address: h(10), amount: '10', burn: '12.5' },
      { address: h(11), amount: '20', burn: '0' },
      { address: h(13), amount: '5', burn: '0' },
    ])
    const resumed = await runInProcess(['add-claims', write(fixed), '--send'], env())
    expect(resumed.code).toBe(0)
    expect(resumed.out).toContain('Already on chain with identical values: 2 rows (skipped, 30 NAI)')
    expect(resumed.out).toContain('To load: 1 holders, 5 NAI')
    expect(resumed.out).toContain(`Approval: approve exactly 5 NAI to ${chain.vesting} (allowance now 1,000 NAI)`)
    expect(await claimAddedCount(chain.vesting)).toBe(4)
    expect(await allowance(chain.owner, chain.vesting)).toBe(0n)
  })

  it('refuses to send when the journal cannot be written', async () => {
    const before = await nonce(chain.owner)
    const result = await runInProcess(
      [
        'add-claims',
        write(vestingCsv([{ address: h(60), amount: '1' }])),
        '--send',
        '--journal',
        '/nonexistent/j.jsonl',
      ],
      env(),
    )
    expect(result.code).toBe(2)
    expect(result.err.split('\n')).toEqual([
      'The journal /nonexistent/j.jsonl cannot be written (its folder is missing or read-only).',
      'Pre-send checks failed; nothing was sent.',
    ])
    expect(await nonce(chain.owner)).toBe(before)
  })

  it('refuses keys on the command line', async () => {
    const result = await runInProcess(['add-claims', 'x.csv', '--private-key', OWNER_KEY], env())
    expect(result.code).toBe(2)
    expect(result.err).toContain('--private-key: keys and passwords are never taken from the command line')
  })
})

describe('pre-send checks', () => {
  let otherVesting: Address
  const rows = [
    { address: h(20), amount: '12', burn: '0' },
    { address: h(21), amount: '8', burn: '25' },
  ]

  beforeAll(async () => {
    otherVesting = await chain.deployVestingAs(OTHER_KEY)
    await chain.mint(other, '10')
  })

  it('fails before sending when the owner holds too few tokens', async () => {
    const before = await nonce(other)
    const result = await runInProcess(
      ['add-claims', write(vestingCsv(rows)), '--send'],
      env({ ADMIN_VESTING_ADDRESS: otherVesting, ADMIN_PRIVATE_KEY: OTHER_KEY }),
    )
    expect(result.code).toBe(2)
    expect(result.err.split('\n')).toEqual([
      `${other} holds 10 NAI; loading needs 20 NAI (short by 10 NAI).`,
      'Pre-send checks failed; nothing was sent.',
    ])
    expect(await nonce(other)).toBe(before)
    expect(await allowance(other, otherVesting)).toBe(0n)
  })

  it('fails before sending when --no-approve meets a short allowance, and uses an exact one', async () => {
    await chain.mint(other, '100')
    const wallet = walletClient(await connect(chain.rpcUrl), privateKeyToAccount(OTHER_KEY))
    const approve = async (amount: string) => {
      const hash = await wallet.writeContract({
        address: chain.token,
        abi: demoTokenAbi,
        functionName: 'approve',
        args: [otherVesting, parseUnits(amount, 18)],
      })
      await chain.clients.public.waitForTransactionReceipt({ hash })
    }
    await approve('5')
    const csv = write(vestingCsv(rows))
    const before = await nonce(other)
    const short = await runInProcess(
      ['add-claims', csv, '--send', '--no-approve'],
      env({ ADMIN_VESTING_ADDRESS: otherVesting, ADMIN_PRIVATE_KEY: OTHER_KEY }),
    )
    expect(short.code).toBe(2)
    expect(short.err).toContain(
      `The allowance of ${otherVesting} is 5 NAI, below the 20 NAI needed, and --no-approve forbids approving`,
    )
    expect(await nonce(other)).toBe(before)

    await approve('20')
    const exact = await runInProcess(
      ['add-claims', csv, '--send', '--no-approve'],
      env({ ADMIN_VESTING_ADDRESS: otherVesting, ADMIN_PRIVATE_KEY: OTHER_KEY }),
    )
    expect(exact.code).toBe(0)
    expect(exact.out).toContain('Approval: not sent (--no-approve); the allowance 20 NAI covers 20 NAI')
    expect(await allowance(other, otherVesting)).toBe(0n)
    expect(await claimAddedCount(otherVesting)).toBe(2)
  })

  it('fails before sending when the key is not the owner', async () => {
    const before = await nonce(other)
    const result = await runInProcess(
      ['add-claims', write(vestingCsv([{ address: h(30), amount: '1', burn: '0' }])), '--send'],
      env({ ADMIN_PRIVATE_KEY: OTHER_KEY }),
    )
    expect(result.code).toBe(2)
    expect(result.err).toContain(`${other} is not the owner of ${chain.vesting} (the owner is ${chain.owner})`)
    expect(await nonce(other)).toBe(before)
  })
})

/** An RPC in front of anvil that, like many public endpoints, does not offer eth_simulateV1. */
async function withoutSimulate(target: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    request.on('end', async () => {
      const call = JSON.parse(body)
      response.setHeader('content-type', 'application/json')
      if (call.method === 'eth_simulateV1') {
        response.end(
          JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } }),
        )
        return
      }
      const forwarded = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      response.end(await forwarded.text())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://127.0.0.1:${port}`, server }
}

describe('an RPC without eth_simulateV1', () => {
  it('plans by --max-batch in a dry run, and approves first then estimates when sending', async () => {
    const { url, server } = await withoutSimulate(chain.rpcUrl)
    try {
      const csv = write(
        vestingCsv([
          { address: h(50), amount: '3', burn: '0' },
          { address: h(51), amount: '4', burn: '1' },
          { address: h(52), amount: '5', burn: '2' },
        ]),
      )
      const dry = await runInProcess(['add-claims', csv, '--max-batch', '2'], env({ ADMIN_RPC_URL: url }))
      expect(dry.err).toBe('')
      expect(dry.code).toBe(0)
      expect(dry.out).toContain('Estimated gas: unknown. This RPC cannot simulate the approval and addClaims together')
      expect(dry.out).toContain('  batch 1: lines 2–3, 2 holders, 7 NAI\n  batch 2: line 4, 1 holders, 5 NAI')

      const sent = await runInProcess(['add-claims', csv, '--max-batch', '2', '--send'], env({ ADMIN_RPC_URL: url }))
      expect(sent.err).toBe('')
      expect(sent.code).toBe(0)
      expect(sent.out).toContain('Approved exactly 12 NAI')
      expect(sent.out).toMatch(/ {2}batch 1: lines 2–3, 2 holders, 7 NAI, ~[\d,]+ gas/)
      expect(sent.out).toContain('on chain, identical values 3 ✓')
    } finally {
      server.close()
    }
  })
})

describe('reverts', () => {
  it('refuses a batch the node says would revert, and decodes the reason of one that reverts when mined', async () => {
    const connection = await connect(chain.rpcUrl)
    const journalPath = join(dir, 'revert.journal.jsonl')
    const journalKey = { chainId: 31337, contract: chain.vesting, csvSha256: 'test' }
    const sender = {
      connection,
      wallet: walletClient(connection, privateKeyToAccount(OWNER_KEY)),
      kind: 'vesting' as const,
      contract: chain.vesting,
      journalPath,
      journalKey,
      blockGasLimit: 30_000_000n,
    }
    // The same holder twice in one call: the contract refuses the whole call.
    const row = { line: 2, holder: h(61), amount: parseUnits('5', 18), burnPercentage: 125n * 10n ** 15n }
    const batch = [row, { ...row, line: 3 }]
    const approveHash = await sender.wallet.writeContract({
      address: chain.token,
      abi: demoTokenAbi,
      functionName: 'approve',
      args: [chain.vesting, parseUnits('10', 18)],
    })
    await chain.clients.public.waitForTransactionReceipt({ hash: approveHash })

    const before = await nonce(chain.owner)
    await expect(sendBatch(sender, batch, 1)).rejects.toThrow(
      `Batch 1 would revert, so it was not sent: reverted with Vesting_DuplicateHolder(holder: ${h(61)})`,
    )
    expect(await nonce(chain.owner)).toBe(before)

    const mined = sendBatch(sender, batch, 2, { gasLimit: 500_000n })
    await expect(mined).rejects.toBeInstanceOf(AdminError)
    await expect(mined).rejects.toThrow(
      /^Batch 2 \(transaction 0x[0-9a-f]{64}\) reverted: reverted with Vesting_DuplicateHolder\(holder: 0x/,
    )
    expect(await nonce(chain.owner)).toBe(before + 1)
    const events = readJournal(journalPath).entries.map((entry) => entry.event)
    expect(events).toEqual(['submitted', 'reverted'])
    const reverted = readJournal(journalPath).entries[1]
    expect(reverted?.event === 'reverted' && reverted.reason).toBe(
      `reverted with Vesting_DuplicateHolder(holder: ${h(61)})`,
    )
  })
})

describe('add-legacy-claims', () => {
  it('loads, skips what is loaded, refuses conflicts, and status adds it up', async () => {
    const rows = [
      { address: h(40), amount: '1000.5' },
      { address: h(41), amount: '0.000000000000000001' },
      { address: h(42), amount: '250' },
    ]
    const csv = write(legacyCsv(rows))
    const dry = await runInProcess(['add-legacy-claims', csv], env({ ADMIN_PRIVATE_KEY: '' }))
    expect(dry.code).toBe(0)
    expect(dry.out).toContain(`Dry run as the contract owner ${chain.owner} (no key configured).`)
    expect(dry.out).toContain('LegacyClaim ')
    expect(dry.out).toContain('To load: 3 holders, 1,250.500000000000000001 NAI')
    expect(dry.out).toContain('Dry run: nothing was sent.')

    const sent = await runInProcess(['add-legacy-claims', csv, '--send'], env())
    expect(sent.code).toBe(0)
    expect(sent.out).toContain('on chain, identical values 3 ✓')
    const amount = await chain.clients.public.readContract({
      address: chain.legacy,
      abi: legacyClaimAbi,
      functionName: 'claimByOwner',
      args: [h(41)],
    })
    expect(amount).toBe(1n)

    const again = await runInProcess(['add-legacy-claims', csv, '--send'], env())
    expect(again.code).toBe(0)
    expect(again.out).toContain('Nothing to load')

    const conflict = write(legacyCsv([{ address: h(42), amount: '251' }]))
    const refused = await runInProcess(['add-legacy-claims', conflict, '--send'], env())
    expect(refused.code).toBe(2)
    expect(refused.err).toContain(
      `${conflict}:2: ${h(42)} is already on chain with different values: amount 250 (this file: amount 251)`,
    )

    const status = await runInProcess(['status', '--json'], env({ ADMIN_VESTING_ADDRESS: '' }))
    expect(status.code).toBe(0)
    const report = JSON.parse(status.out)
    expect(report.vesting).toBeUndefined()
    const total = parseUnits('1250.500000000000000001', 18).toString()
    expect(report.legacy).toMatchObject({
      owners: 3,
      allocated: total,
      claimed: '0',
      unclaimed: total,
      balance: total,
      solvent: true,
      open: false,
      mismatches: [],
    })
  })
})
