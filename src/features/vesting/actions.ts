import type { QueryKey } from '@tanstack/react-query'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { encodeFunctionData, isHash } from 'viem'
import { useConfig } from 'wagmi'
import { sendCalls, simulateContract } from 'wagmi/actions'
import { useAppConfig } from '../../config/AppConfigContext'
import { legacyClaimAbi, vestingAbi } from '../../generated'
import { useTransactor } from '../../wallet/useTransactor'
import { describeHolderError } from './errors'

export type VestingActionId = 'claimAndBurn' | 'unlock' | 'legacyClaim' | 'claimAll'

/** The holder actions, each through the one write pipeline; a receipt refreshes the holder's reads. */
export function useVestingActions(holdingsQueryKey: QueryKey, token: { symbol: string; decimals: number }) {
  const config = useConfig()
  const chainName = config.chains[0].name
  const { vestingAddress, legacyAddress } = useAppConfig()
  const queryClient = useQueryClient()
  const onSettled = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: holdingsQueryKey }),
    [queryClient, holdingsQueryKey],
  )
  const { symbol, decimals } = token
  const describeError = useCallback(
    (error: unknown) => describeHolderError(error, { token: { symbol, decimals }, chainName }),
    [symbol, decimals, chainName],
  )
  const transactor = useTransactor<VestingActionId>({ onSettled, describeError })
  const { run } = transactor

  return useMemo(
    () => ({
      ...transactor,
      claimAndBurn: (amount: bigint, description: string) =>
        run({
          id: 'claimAndBurn',
          description,
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
          simulate: () =>
            simulateContract(config, { address: vestingAddress, abi: vestingAbi, functionName: 'unlock' }),
        }),
      /**
       * What has unlocked and the legacy amount in one batch (inside a Safe: one Safe transaction through MultiSend).
       * Both calls are simulated first, so either one's revert is explained before the wallet is asked.
       */
      claimAll: (description: string) =>
        run({
          id: 'claimAll',
          description,
          simulate: async () => {
            const [unlock] = await Promise.all([
              simulateContract(config, { address: vestingAddress, abi: vestingAbi, functionName: 'unlock' }),
              simulateContract(config, { address: legacyAddress, abi: legacyClaimAbi, functionName: 'claim' }),
            ])
            return unlock
          },
          send: async () => {
            const { id } = await sendCalls(config, {
              calls: [
                { to: vestingAddress, data: encodeFunctionData({ abi: vestingAbi, functionName: 'unlock' }) },
                { to: legacyAddress, data: encodeFunctionData({ abi: legacyClaimAbi, functionName: 'claim' }) },
              ],
            })
            // A Safe answers with its Safe transaction's hash, which the pipeline follows through Safe{Wallet}.
            if (!isHash(id)) throw new Error('The wallet answered the batch with an id the portal cannot follow.')
            return id
          },
        }),
      legacyClaim: (description: string) =>
        run({
          id: 'legacyClaim',
          description,
          simulate: () =>
            simulateContract(config, { address: legacyAddress, abi: legacyClaimAbi, functionName: 'claim' }),
        }),
    }),
    [transactor, run, config, vestingAddress, legacyAddress],
  )
}

export type VestingActions = ReturnType<typeof useVestingActions>
