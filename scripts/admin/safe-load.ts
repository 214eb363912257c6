import { accessSync, constants, mkdirSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import { type Address, erc20Abi, isAddressEqual, size } from 'viem'
import { legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import { type ClaimRow, totalAmount } from './claims-file.ts'
import { type ClaimContract, CONTRACT_NAME } from './contracts.ts'
import { RefusedError } from './errors.ts'
import { formatRounded, formatToken, groupDigits } from './format.ts'
import { appendJournal, type JournalKey } from './journal.ts'
import type { LoadContext, LoadOptions } from './load.ts'
import { lineRange, planLoad } from './plan.ts'
import { describeSafe, readSafe, safeExecutionOverheadGas, writeSafeFile } from './safe.ts'
import { addClaimsCalldata, approveCalldata } from './send.ts'

type SafeLoad = {
  safe: Address
  contract: ClaimContract
  toLoad: ClaimRow[]
  journalKey: JournalKey
  firstBatch: number
}

/** The command that loads a kind of claims file, as the Safe's files are named after it. */
const COMMAND = { vesting: 'add-claims', legacy: 'add-legacy-claims' } as const

/**
 * Checks the load as the Safe will run it and, with `--send`, writes one Transaction Builder file per batch: the exact
 * approval of the batch's total first, then `addClaims`. Each file is one Safe transaction, sized to stay under the gas
 * share of a block with room for the Safe's own execution. Returns whether files were written.
 *
 * A file executed twice loads and funds nothing twice: its second `addClaims` skips every holder (each was allocated
 * by the first) and pulls nothing, and its approval is replaced by the next file's. Files may run in any order.
 */
export async function writeSafeBatches(context: LoadContext, options: LoadOptions, load: SafeLoad): Promise<boolean> {
  const { connection, io } = context
  const { client } = connection
  const { contract, toLoad } = load
  const { token } = contract
  const amount = (value: bigint) => formatToken(value, token.decimals, token.symbol)
  const needed = totalAmount(toLoad)

  const safe = await readSafe(connection, load.safe)
  io.out(describeSafe(safe))
  const abi = contract.kind === 'vesting' ? vestingAbi : legacyClaimAbi
  const [balance, allowance, pendingOwner, block] = await Promise.all([
    client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [safe.address] }),
    client.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [safe.address, contract.address],
    }),
    client.readContract({ address: contract.address, abi, functionName: 'pendingOwner' }),
    client.getBlock(),
  ])

  const problems: string[] = []
  if (isAddressEqual(pendingOwner, safe.address)) {
    // Its batches cannot even be sized until then: simulated as the Safe, they would revert.
    problems.push(
      `The Safe ${safe.address} is the pending owner of ${contract.address}, not yet its owner: execute its accept-ownership file first, then run this again.`,
    )
  } else if (!isAddressEqual(contract.owner, safe.address)) {
    problems.push(
      `The Safe ${safe.address} is not the owner of ${contract.address} (the owner is ${contract.owner}); its files would revert. Move ownership to it first: transfer-ownership, then accept-ownership --safe.`,
    )
  }
  if (balance < needed) {
    problems.push(
      `The Safe holds ${amount(balance)}; loading needs ${amount(needed)} (short by ${amount(needed - balance)}).`,
    )
  }
  const journalDir = dirname(options.journalPath)
  if (options.send) {
    try {
      accessSync(journalDir, constants.W_OK)
      mkdirSync(options.safeOutDir, { recursive: true })
      accessSync(options.safeOutDir, constants.W_OK)
    } catch {
      problems.push(`The journal ${options.journalPath} or the folder ${options.safeOutDir} cannot be written.`)
    }
  }
  if (problems.length > 0) {
    for (const problem of problems) io.err(problem)
    throw new RefusedError('Checks for the Safe failed; no file was written.')
  }
  io.out(
    `The Safe holds ${amount(balance)} for ${amount(needed)}; its allowance to ${contract.address} is ${amount(allowance)}, and each file first approves exactly its own batch.`,
  )

  // Every file carries its own approval, so batches are sized by simulating approval and batch together, and each
  // file's budget holds the approval and the Safe's own execution around the batch.
  const targetGas = BigInt(Math.floor(Number(block.gasLimit) * options.gasShare))
  const approvalGas = await client.estimateGas({
    account: safe.address,
    to: token.address,
    data: approveCalldata(contract.address, needed),
  })
  const aroundBatch = (rows: readonly ClaimRow[]) => {
    const bytes = size(approveCalldata(contract.address, needed)) + size(addClaimsCalldata(contract.kind, rows))
    return approvalGas + safeExecutionOverheadGas(bytes, safe.threshold)
  }
  const plan = await planLoad(
    connection,
    safe.address,
    contract,
    toLoad,
    0n,
    { targetGas, maxItems: options.maxBatch },
    aroundBatch,
  )
  io.out(
    `Files: ${plan.batches.length} Safe transaction(s), each the approval then one batch of up to ${groupDigits(Math.max(...plan.batches.map((batch) => batch.items.length)))} holders, under ${Math.round(options.gasShare * 100)}% of the ${groupDigits(block.gasLimit)} block gas limit with the Safe's own execution`,
  )
  const name = (number: number, rows: readonly ClaimRow[]) => {
    const first = rows[0]?.line ?? 0
    const last = rows[rows.length - 1]?.line ?? 0
    return `${String(number).padStart(3, '0')}-${COMMAND[contract.kind]}-lines-${first}-${last}.json`
  }
  plan.batches.forEach((batch, i) => {
    const gas = plan.gasKnown ? `, ~${groupDigits(batch.gas)} gas to execute` : ''
    io.out(
      `  file ${name(load.firstBatch + i, batch.items)}: ${lineRange(batch.items)}, ${groupDigits(batch.items.length)} holders, ${amount(totalAmount(batch.items))}${gas}`,
    )
  })
  if (plan.gasKnown) {
    const total = plan.batches.reduce((sum, batch) => sum + batch.gas, 0n)
    const gasPrice = await client.getGasPrice()
    const symbol = connection.chain.nativeCurrency.symbol
    io.out(
      `Estimated gas to execute them all: ${groupDigits(total)} (${groupDigits(total / BigInt(toLoad.length))} per holder), ${formatRounded(total * gasPrice, 18, 6, symbol)} at ${formatRounded(gasPrice, 9, 3)} gwei, paid by whichever owner executes each.`,
    )
  } else {
    io.out(
      'Estimated gas: unknown. This RPC cannot simulate the approval and addClaims together (eth_simulateV1), so batches are cut at --max-batch.',
    )
  }
  if (!options.send) {
    io.out(
      `Dry run: no file was written. Run again with --send to write ${plan.batches.length} Transaction Builder file(s) to ${options.safeOutDir}.`,
    )
    return false
  }

  const csvName = basename(options.csvPath)
  for (const [i, batch] of plan.batches.entries()) {
    const number = load.firstBatch + i
    const total = totalAmount(batch.items)
    const fileName = name(number, batch.items)
    const path = writeSafeFile(options.safeOutDir, fileName, {
      chainId: connection.chain.id,
      safe: safe.address,
      name: `${CONTRACT_NAME[contract.kind]} batch ${number}: ${lineRange(batch.items)} of ${csvName}`,
      description: `Approves exactly ${amount(total)} to ${CONTRACT_NAME[contract.kind]} ${contract.address}, then addClaims for ${batch.items.length} holders (${lineRange(batch.items)} of ${csvName}, sha256 ${load.journalKey.csvSha256}). Executed twice, it loads and funds nothing twice.`,
      calls: [
        { to: token.address, data: approveCalldata(contract.address, total) },
        { to: contract.address, data: addClaimsCalldata(contract.kind, batch.items) },
      ],
    })
    appendJournal(options.journalPath, {
      ...load.journalKey,
      event: 'written',
      at: new Date().toISOString(),
      batch: number,
      safe: safe.address,
      file: path,
      firstLine: batch.items[0]?.line ?? 0,
      lastLine: batch.items[batch.items.length - 1]?.line ?? 0,
      holders: batch.items.map((row) => row.holder),
      total: total.toString(),
    })
    io.out(`Wrote ${path}`)
  }
  io.out(
    `Next: in Safe{Wallet}, open the Transaction Builder app and drag each file in (any order), then sign and execute with ${safe.threshold} of ${safe.owners.length} owners. Run this command again to see what is on chain and to write only what is still missing.`,
  )
  return true
}
