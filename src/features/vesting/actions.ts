import type { QueryKey } from '@tanstack/react-query'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { useConfig } from 'wagmi'
import { simulateContract } from 'wagmi/actions'
import { useAppConfig } from '../../config/AppConfigContext'
import { legacyClaimAbi, vestingAbi } from '../../generated'
import { useTransactor } from '../../wallet/useTransactor'
import { describeHolderError } from './errors'

export type VestingActionId = 'claimAndBurn' | 'unlock' | 'legacyClaim'

/** The three holder actions, each through the one write pipeline; a receipt refreshes the holder's reads. */
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
