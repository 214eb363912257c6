import type { QueryKey } from '@tanstack/react-query'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { type Address, encodeEventTopics, encodeFunctionData, getAddress, type Hash } from 'viem'
import { useAccount, useConfig } from 'wagmi'
import { simulateContract } from 'wagmi/actions'
import { useAppConfig } from '../../config/AppConfigContext'
import { legacyClaimAbi, vestingAbi } from '../../generated'
import { floorKey, raiseFloor } from '../../lib/readFloors'
import type { Outcome } from '../../wallet/awaitOutcome'
import type { Batching } from '../../wallet/batching'
import { useTransactor } from '../../wallet/useTransactor'
import { describeHolderError } from './errors'

export type VestingActionId = 'claimAndBurn' | 'unlock' | 'legacyClaim' | 'claimAll'

/** What Claim all takes from the position: what has unlocked, or in the claim window an amount with its burn. */
export type ClaimAllPart = { kind: 'unlock' } | { kind: 'claimAndBurn'; amount: bigint }

/** Claim Everything's description in the wallet's list: sent as one batch, or as its two transactions in turn. */
export type ClaimAllDescription = { together: string; steps: [first: string, second: string] }

/** The log filter of an event with its holder (or owner) topic: what finds a write whose wallet answer was missed. */
function traceOf(address: Address, topics: readonly (Hash | Hash[] | null)[]) {
  return { address, topics: topics.filter((topic): topic is Hash => typeof topic === 'string') }
}

/** The holder actions, each through the one write pipeline; a receipt refreshes the holder's reads. */
export function useVestingActions(holdingsQueryKey: QueryKey, token: { symbol: string; decimals: number }) {
  const config = useConfig()
  const chainName = config.chains[0].name
  const queryClient = useQueryClient()
  const app = useAppConfig()
  const { address: holder } = useAccount()
  const onSettled = useCallback(
    (outcome: Outcome | null, account: Address) => {
      // Figures from before the block the write was mined in would offer again what it took.
      if (outcome && 'receipt' in outcome) {
        raiseFloor(floorKey(app, getAddress(account)), { block: outcome.receipt.blockNumber })
      }
      void queryClient.invalidateQueries({ queryKey: holdingsQueryKey })
    },
    [queryClient, holdingsQueryKey, app],
  )
  const { symbol, decimals } = token
  const describeError = useCallback(
    (error: unknown) => describeHolderError(error, { token: { symbol, decimals }, chainName }),
    [symbol, decimals, chainName],
  )
  const transactor = useTransactor<VestingActionId>({ onSettled, describeError })
  const { run } = transactor

  const { vestingAddress, legacyAddress } = app
  return useMemo(() => {
    /** Each write's event for the connected holder (none without one: an event of any holder would match). */
    const traces = holder && {
      claimAndBurn: traceOf(
        vestingAddress,
        encodeEventTopics({ abi: vestingAbi, eventName: 'ClaimedAndBurned', args: { holder } }),
      ),
      unlock: traceOf(vestingAddress, encodeEventTopics({ abi: vestingAbi, eventName: 'Unlocked', args: { holder } })),
      legacyClaim: traceOf(
        legacyAddress,
        encodeEventTopics({ abi: legacyClaimAbi, eventName: 'Claimed', args: { owner: holder } }),
      ),
    }
    return {
      ...transactor,
      claimAndBurn: (amount: bigint, description: string) =>
        run({
          id: 'claimAndBurn',
          description,
          trace: traces?.claimAndBurn,
          simulate: () =>
            simulateContract(config, {
              address: vestingAddress,
              abi: vestingAbi,
              functionName: 'claimAndBurn',
              args: [amount],
            }),
        }),
      unlock: (description: string) =>
        run({
          id: 'unlock',
          description,
          trace: traces?.unlock,
          simulate: () =>
            simulateContract(config, { address: vestingAddress, abi: vestingAbi, functionName: 'unlock' }),
        }),
      /**
       * What can be claimed from the position (what has unlocked, or in the claim window the whole position with its
       * burn) and the legacy amount together: one batch where the wallet can send one (inside a Safe: one Safe
       * transaction through MultiSend), otherwise the two transactions one after the other, the second once the first
       * has succeeded. Both calls are simulated first, so either one's revert is explained before the wallet is asked.
       */
      claimAll: async (part: ClaimAllPart, batching: Batching, description: ClaimAllDescription) => {
        const first =
          part.kind === 'unlock'
            ? ({ address: vestingAddress, abi: vestingAbi, functionName: 'unlock' } as const)
            : ({ address: vestingAddress, abi: vestingAbi, functionName: 'claimAndBurn', args: [part.amount] } as const)
        const legacy = { address: legacyAddress, abi: legacyClaimAbi, functionName: 'claim' } as const
        if (batching === 'sequential') {
          const firstEnded = await run({
            id: 'claimAll',
            description: description.steps[0],
            trace: part.kind === 'unlock' ? traces?.unlock : traces?.claimAndBurn,
            simulate: () => simulateContract(config, first),
          })
          if (firstEnded !== 'success') return
          await run({
            id: 'claimAll',
            description: description.steps[1],
            trace: traces?.legacyClaim,
            simulate: () => simulateContract(config, legacy),
          })
          return
        }
        await run({
          id: 'claimAll',
          description: description.together,
          // Inside a Safe, a batch added to the owners' own batch is found by the legacy claim, its last call.
          trace: traces?.legacyClaim,
          simulate: async () => {
            const [request] = await Promise.all([simulateContract(config, first), simulateContract(config, legacy)])
            return request
          },
          send: async () => {
            const { sendCalls } = await import('../../wallet/batchCalls')
            const { id } = await sendCalls(config, {
              calls: [
                { to: vestingAddress, data: encodeFunctionData(first) },
                { to: legacyAddress, data: encodeFunctionData(legacy) },
              ],
            })
            return id
          },
        })
      },
      legacyClaim: (description: string) =>
        run({
          id: 'legacyClaim',
          description,
          trace: traces?.legacyClaim,
          simulate: () =>
            simulateContract(config, { address: legacyAddress, abi: legacyClaimAbi, functionName: 'claim' }),
        }),
    }
  }, [transactor, run, config, vestingAddress, legacyAddress, holder])
}

export type VestingActions = ReturnType<typeof useVestingActions>
