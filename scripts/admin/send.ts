import {
  type Account,
  type Address,
  type Chain,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  isAddressEqual,
  keccak256,
  type Log,
  parseEventLogs,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  type Transport,
  WaitForTransactionReceiptTimeoutError,
  type WalletClient,
} from 'viem'
import { legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import { type ClaimKind, type ClaimRow, totalAmount } from './claims-file.ts'
import type { Connection } from './connection.ts'
import { AdminError } from './errors.ts'
import { appendJournal, type BatchSubmitted, type JournalKey } from './journal.ts'
import { describeFailure } from './revert.ts'

/** How long to wait for one receipt before giving up (the journal lets the next run pick the batch up). */
const RECEIPT_TIMEOUT_MS = 10 * 60_000

/** `addClaims` calldata for a batch of rows. */
export function addClaimsCalldata(kind: ClaimKind, rows: readonly ClaimRow[]): Hex {
  const holders = rows.map((row) => row.holder)
  const amounts = rows.map((row) => row.amount)
  return kind === 'vesting'
    ? encodeFunctionData({
        abi: vestingAbi,
        functionName: 'addClaims',
        args: [holders, amounts, rows.map((row) => row.burnPercentage)],
      })
    : encodeFunctionData({ abi: legacyClaimAbi, functionName: 'addClaims', args: [holders, amounts] })
}

export function approveCalldata(spender: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })
}

/** Why a mined transaction reverted: replays it on the state before its block to get the revert data. */
export async function revertReason(
  connection: Connection,
  from: Address,
  to: Address,
  data: Hex,
  receipt: TransactionReceipt,
  gasLimit: bigint,
): Promise<string> {
  try {
    await connection.client.call({ account: from, to, data, blockNumber: receipt.blockNumber - 1n })
  } catch (error) {
    return describeFailure(error)
  }
  return receipt.gasUsed >= gasLimit
    ? `out of gas (used all ${gasLimit})`
    : 'no revert when replayed on the previous block; the state changed in between'
}

export type Sender = {
  connection: Connection
  wallet: WalletClient<Transport, Chain, Account>
  kind: ClaimKind
  contract: Address
  journalPath: string
  journalKey: JournalKey
  blockGasLimit: bigint
}

/** A mined batch; `skipped` are the holders the contract left out (ClaimSkipped), ever allocated by then. */
export type SentBatch = { txHash: Hex; gasUsed: bigint; blockNumber: bigint; skipped: Address[] }

/** The holders a batch's receipt shows the contract left out, from its ClaimSkipped events. */
export function skippedHolders(kind: ClaimKind, contract: Address, logs: Log[]): Address[] {
  const own = logs.filter((log) => isAddressEqual(log.address, contract))
  if (kind === 'vesting') {
    return parseEventLogs({ abi: vestingAbi, eventName: 'ClaimSkipped', logs: own }).map((event) =>
      getAddress(event.args.holder),
    )
  }
  return parseEventLogs({ abi: legacyClaimAbi, eventName: 'ClaimSkipped', logs: own }).map((event) =>
    getAddress(event.args.owner),
  )
}

/**
 * Sends one batch and waits for its receipt. The transaction is signed first and recorded in the journal as
 * submitted before it is broadcast, so that a run killed at any point leaves a trace the next run can follow up.
 * A batch that would revert is refused before sending; one that reverts when mined stops with the decoded reason.
 */
export async function sendBatch(
  sender: Sender,
  rows: readonly ClaimRow[],
  batch: number,
  options: { gasLimit?: bigint } = {},
): Promise<SentBatch> {
  const { connection, wallet, contract } = sender
  const from = wallet.account.address
  const data = addClaimsCalldata(sender.kind, rows)
  let gasLimit = options.gasLimit
  if (gasLimit === undefined) {
    let estimate: bigint
    try {
      estimate = await connection.client.estimateGas({ account: from, to: contract, data })
    } catch (error) {
      throw new AdminError(`Batch ${batch} would revert, so it was not sent: ${describeFailure(error)}`)
    }
    const padded = (estimate * 12n) / 10n
    gasLimit = padded < sender.blockGasLimit ? padded : sender.blockGasLimit
  }
  const request = await wallet.prepareTransactionRequest({ to: contract, data, gas: gasLimit })
  const serializedTransaction = await wallet.signTransaction(request)
  const txHash = keccak256(serializedTransaction)
  const first = rows[0]
  const last = rows[rows.length - 1]
  appendJournal(sender.journalPath, {
    ...sender.journalKey,
    event: 'submitted',
    at: new Date().toISOString(),
    batch,
    txHash,
    nonce: request.nonce,
    firstLine: first?.line ?? 0,
    lastLine: last?.line ?? 0,
    holders: rows.map((row) => row.holder),
    total: totalAmount(rows).toString(),
  })
  await connection.client.sendRawTransaction({ serializedTransaction })
  const receipt = await connection.client.waitForTransactionReceipt({ hash: txHash, timeout: RECEIPT_TIMEOUT_MS })
  if (receipt.status !== 'success') {
    const reason = await revertReason(connection, from, contract, data, receipt, gasLimit)
    appendJournal(sender.journalPath, {
      ...sender.journalKey,
      event: 'reverted',
      at: new Date().toISOString(),
      batch,
      txHash,
      reason,
    })
    throw new AdminError(`Batch ${batch} (transaction ${txHash}) reverted: ${reason}`)
  }
  const skipped = skippedHolders(sender.kind, contract, receipt.logs)
  appendJournal(sender.journalPath, {
    ...sender.journalKey,
    event: 'confirmed',
    at: new Date().toISOString(),
    batch,
    txHash,
    blockNumber: receipt.blockNumber.toString(),
    gasUsed: receipt.gasUsed.toString(),
    holders: rows.map((row) => row.holder),
    ...(skipped.length > 0 ? { skipped } : {}),
  })
  return { txHash, gasUsed: receipt.gasUsed, blockNumber: receipt.blockNumber, skipped }
}

/** Sets the contract's allowance to exactly `amount` and checks it reads back. */
export async function approveExactly(sender: Sender, token: Address, amount: bigint): Promise<Hex> {
  const { connection, wallet, contract } = sender
  const data = approveCalldata(contract, amount)
  let hash: Hex
  try {
    hash = await wallet.sendTransaction({ to: token, data })
  } catch (error) {
    throw new AdminError(`The approval failed before it was mined: ${describeFailure(error)}`)
  }
  const receipt = await connection.client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS })
  if (receipt.status !== 'success') {
    throw new AdminError(`The approval (transaction ${hash}) reverted.`)
  }
  appendJournal(sender.journalPath, {
    ...sender.journalKey,
    event: 'approval',
    at: new Date().toISOString(),
    txHash: hash,
    amount: amount.toString(),
  })
  const allowance = await connection.client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [wallet.account.address, contract],
  })
  if (allowance !== amount) {
    throw new AdminError(`After approving ${amount}, the token reports an allowance of ${allowance}; stopping.`)
  }
  return hash
}

export type Settled = { entry: BatchSubmitted; outcome: 'confirmed' | 'reverted' | 'dropped' | 'pending' }

/**
 * Follows up batches the journal shows as submitted without an outcome (the run stopped between signing and the
 * receipt). A transaction the node still holds is waited for up to `waitMs`; one it does not know was never
 * broadcast or was dropped, and its nonce is reused by the next transaction, so it can never be mined after it.
 * With `record`, each outcome is appended to the journal; a dry run only reports.
 */
export async function settleSubmitted(
  connection: Connection,
  journalPath: string,
  kind: ClaimKind,
  entries: readonly BatchSubmitted[],
  options: { waitMs: number; record: boolean },
): Promise<Settled[]> {
  const settled: Settled[] = []
  const { client } = connection
  for (const entry of entries) {
    const { chainId, contract, csvSha256, batch, txHash, holders } = entry
    const common = { chainId, contract, csvSha256, batch, txHash }
    let receipt: TransactionReceipt | undefined
    try {
      receipt = await client.getTransactionReceipt({ hash: txHash })
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error
    }
    if (!receipt) {
      let known = true
      try {
        await client.getTransaction({ hash: txHash })
      } catch (error) {
        if (!(error instanceof TransactionNotFoundError)) throw error
        known = false
      }
      if (!known) {
        if (options.record) appendJournal(journalPath, { ...common, event: 'dropped', at: new Date().toISOString() })
        settled.push({ entry, outcome: 'dropped' })
        continue
      }
      try {
        receipt = await client.waitForTransactionReceipt({ hash: txHash, timeout: options.waitMs })
      } catch (error) {
        if (!(error instanceof WaitForTransactionReceiptTimeoutError)) throw error
        settled.push({ entry, outcome: 'pending' })
        continue
      }
    }
    const at = new Date().toISOString()
    if (receipt.status === 'success') {
      if (options.record) {
        const skipped = skippedHolders(kind, contract, receipt.logs)
        appendJournal(journalPath, {
          ...common,
          at,
          event: 'confirmed',
          blockNumber: receipt.blockNumber.toString(),
          gasUsed: receipt.gasUsed.toString(),
          holders,
          ...(skipped.length > 0 ? { skipped } : {}),
        })
      }
      settled.push({ entry, outcome: 'confirmed' })
    } else {
      if (options.record) appendJournal(journalPath, { ...common, at, event: 'reverted', reason: 'reverted' })
      settled.push({ entry, outcome: 'reverted' })
    }
  }
  return settled
}

/** Sends one owner call, refusing it when the node says it would revert, and waits for a successful receipt. */
export async function sendCall(
  connection: Connection,
  wallet: WalletClient<Transport, Chain, Account>,
  to: Address,
  data: Hex,
  what: string,
): Promise<TransactionReceipt> {
  const from = wallet.account.address
  let gas: bigint
  try {
    gas = await connection.client.estimateGas({ account: from, to, data })
  } catch (error) {
    throw new AdminError(`${what} would revert, so it was not sent: ${describeFailure(error)}`)
  }
  const gasLimit = (gas * 12n) / 10n
  const hash = await wallet.sendTransaction({ to, data, gas: gasLimit })
  const receipt = await connection.client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS })
  if (receipt.status !== 'success') {
    throw new AdminError(
      `${what} (transaction ${hash}) reverted: ${await revertReason(connection, from, to, data, receipt, gasLimit)}`,
    )
  }
  return receipt
}
