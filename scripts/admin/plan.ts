import { type Address, BaseError, MethodNotFoundRpcError, MethodNotSupportedRpcError } from 'viem'
import { type Batch, planBatches } from './batches.ts'
import { type ClaimRow, totalAmount } from './claims-file.ts'
import type { Connection } from './connection.ts'
import type { ClaimContract } from './contracts.ts'
import { AdminError } from './errors.ts'
import { describeFailure } from './revert.ts'
import { addClaimsCalldata, approveCalldata } from './send.ts'

function isUnsupported(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false
  return (
    error.walk((cause) => cause instanceof MethodNotFoundRpcError || cause instanceof MethodNotSupportedRpcError) !==
    null
  )
}

/** The gas one batch would use, estimated on the current state. */
type Estimator = (rows: ClaimRow[]) => Promise<bigint>

/** Plain eth_estimateGas: right once the allowance covers the batch. */
function estimateWithAllowance(connection: Connection, from: Address, contract: ClaimContract): Estimator {
  return async (rows) => {
    try {
      return await connection.client.estimateGas({
        account: from,
        to: contract.address,
        data: addClaimsCalldata(contract.kind, rows),
      })
    } catch (error) {
      throw new AdminError(
        `Estimating a batch from line ${rows[0]?.line} failed: ${describeFailure(error, contract.token)}`,
      )
    }
  }
}

/**
 * eth_simulateV1 of approve + addClaims in one block: sizes batches before any approval exists, and sizes a Safe's
 * batches, each of which carries its own approval.
 */
function estimateWithSimulatedApproval(connection: Connection, from: Address, contract: ClaimContract): Estimator {
  return async (rows) => {
    const [block] = await connection.client.simulateBlocks({
      blocks: [
        {
          calls: [
            { account: from, to: contract.token.address, data: approveCalldata(contract.address, totalAmount(rows)) },
            { account: from, to: contract.address, data: addClaimsCalldata(contract.kind, rows) },
          ],
        },
      ],
    })
    const [approval, addClaims] = block?.calls ?? []
    if (approval?.status !== 'success') {
      throw new AdminError(`Simulating the approval failed: ${describeFailure(approval?.error, contract.token)}`)
    }
    if (addClaims?.status !== 'success') {
      throw new AdminError(
        `Simulating the batch from line ${rows[0]?.line} failed: ${describeFailure(addClaims?.error, contract.token)}`,
      )
    }
    return addClaims.maxUsedGas ?? addClaims.gasUsed
  }
}

export type Plan = { batches: Batch<ClaimRow>[]; gasKnown: boolean }

/**
 * Cuts `rows` into batches that stay under `limits.targetGas`, from estimates made as `from`: plain estimates when
 * `approved` covers every row, simulations of the approval plus the batch otherwise, each plus `extraGas` of the
 * batch (what else its transaction spends). An RPC that cannot simulate leaves the batches cut at `limits.maxItems`
 * with their gas unknown.
 */
export async function planLoad(
  connection: Connection,
  from: Address,
  contract: ClaimContract,
  rows: ClaimRow[],
  approved: bigint,
  limits: { targetGas: bigint; maxItems: number },
  extraGas: (rows: ClaimRow[]) => bigint = () => 0n,
): Promise<Plan> {
  const needed = totalAmount(rows)
  const withExtra =
    (estimate: Estimator): Estimator =>
    async (batch) =>
      (await estimate(batch)) + extraGas(batch)
  if (approved >= needed) {
    return {
      batches: await planBatches(rows, withExtra(estimateWithAllowance(connection, from, contract)), limits),
      gasKnown: true,
    }
  }
  try {
    return {
      batches: await planBatches(rows, withExtra(estimateWithSimulatedApproval(connection, from, contract)), limits),
      gasKnown: true,
    }
  } catch (error) {
    if (!isUnsupported(error)) throw error
    const batches: Batch<ClaimRow>[] = []
    for (let i = 0; i < rows.length; i += limits.maxItems) {
      batches.push({ items: rows.slice(i, i + limits.maxItems), gas: 0n })
    }
    return { batches, gasKnown: false }
  }
}

/** "line 7" or "lines 2–301". */
export function lineRange(rows: readonly ClaimRow[]): string {
  const first = rows[0]?.line ?? 0
  const last = rows[rows.length - 1]?.line ?? 0
  return first === last ? `line ${first}` : `lines ${first}–${last}`
}
