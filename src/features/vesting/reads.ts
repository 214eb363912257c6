import { useEffect } from 'react'
import { type Address, BaseError, ContractFunctionZeroDataError, erc20Abi, zeroAddress } from 'viem'
import { useConfig, useReadContracts } from 'wagmi'
import { useAppConfig } from '../../config/AppConfigContext'
import { multicall3Address } from '../../config/chains'
import { legacyClaimAbi, multicall3Abi, vestingAbi } from '../../generated'
import { reportChainTime } from './clock'
import type { Position } from './domain/position'
import type { Schedule } from './domain/schedule'

/** True when a read failed because an address holds no contract on this chain. */
export function isContractMissing(error: unknown): boolean {
  return error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionZeroDataError) !== null
}

function useMulticall3() {
  const wagmiConfig = useConfig()
  const chain = wagmiConfig.chains[0]
  return multicall3Address(chain)
}

/** Keeps the page clock on chain time, using the block time a read saw when it completed. */
function useChainTime(blockTimestamp: bigint | undefined, dataUpdatedAt: number) {
  useEffect(() => {
    // A read stamped later than now was made before the device clock was set back: it tells nothing about the drift.
    if (blockTimestamp !== undefined && dataUpdatedAt > 0 && dataUpdatedAt <= Date.now()) {
      reportChainTime(blockTimestamp, dataUpdatedAt)
    }
  }, [blockTimestamp, dataUpdatedAt])
}

export type Deployment = {
  token: Address
  schedule: Schedule
  legacyClaimStart: bigint
}

/**
 * What never changes for a deployment: the token and the schedule. One multicall, kept for as long as the
 * persisted cache lives, so a returning holder needs no request for it.
 */
export function useDeployment() {
  const { vestingAddress, legacyAddress } = useAppConfig()
  const multicall3 = useMulticall3()
  const vesting = { address: vestingAddress, abi: vestingAbi } as const
  const result = useReadContracts({
    contracts: [
      { ...vesting, functionName: 'token' },
      { ...vesting, functionName: 'claimStart' },
      { ...vesting, functionName: 'claimEnd' },
      { ...vesting, functionName: 'unlockStart' },
      { ...vesting, functionName: 'unlockEnd' },
      { address: legacyAddress, abi: legacyClaimAbi, functionName: 'claimStart' },
      { address: multicall3, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' },
    ],
    allowFailure: false,
    query: {
      staleTime: Number.POSITIVE_INFINITY,
      select: ([token, claimStart, claimEnd, unlockStart, unlockEnd, legacyClaimStart, blockTimestamp]) => ({
        deployment: {
          token,
          schedule: { claimStart, claimEnd, unlockStart, unlockEnd },
          legacyClaimStart,
        } satisfies Deployment,
        blockTimestamp,
      }),
    },
  })
  useChainTime(result.data?.blockTimestamp, result.dataUpdatedAt)
  return { ...result, data: result.data?.deployment }
}

export type Holdings = {
  position: Position
  legacyAmount: bigint
  totalBurned: bigint
  balance: bigint
  symbol: string
  decimals: number
  /** Whether the address ever had a vesting position: tells "took or moved everything" from "never had one". */
  everAllocated: boolean
  /** Whether the address ever had a legacy amount. */
  legacyEverAllocated: boolean
}

/** Everything shown for one holder, read in a single multicall. */
export function useHoldings(holder: Address | undefined, token: Address | undefined) {
  const { vestingAddress, legacyAddress } = useAppConfig()
  const multicall3 = useMulticall3()
  const account = holder ?? zeroAddress
  const tokenAddress = token ?? zeroAddress
  const result = useReadContracts({
    contracts: [
      { address: vestingAddress, abi: vestingAbi, functionName: 'claimByOwner', args: [account] },
      { address: legacyAddress, abi: legacyClaimAbi, functionName: 'claimByOwner', args: [account] },
      { address: vestingAddress, abi: vestingAbi, functionName: 'totalBurned' },
      { address: tokenAddress, abi: erc20Abi, functionName: 'balanceOf', args: [account] },
      { address: tokenAddress, abi: erc20Abi, functionName: 'symbol' },
      { address: tokenAddress, abi: erc20Abi, functionName: 'decimals' },
      { address: multicall3, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' },
      { address: vestingAddress, abi: vestingAbi, functionName: 'everAllocated', args: [account] },
      { address: legacyAddress, abi: legacyClaimAbi, functionName: 'everAllocated', args: [account] },
    ],
    allowFailure: false,
    query: {
      enabled: holder !== undefined && token !== undefined,
      select: ([
        [amount, burnPercentage, unlockedAmount],
        legacyAmount,
        totalBurned,
        balance,
        symbol,
        decimals,
        blockTimestamp,
        everAllocated,
        legacyEverAllocated,
      ]) => ({
        holdings: {
          position: { amount, burnPercentage, unlockedAmount },
          legacyAmount,
          totalBurned,
          balance,
          symbol,
          decimals,
          everAllocated,
          legacyEverAllocated,
        } satisfies Holdings,
        blockTimestamp,
      }),
    },
  })
  const { dataUpdatedAt, refetch } = result
  useEffect(() => {
    // Figures restored from a visit before the device clock was set back are stamped in the future, so they would
    // count as fresh (and never be refreshed) until the clock caught up.
    if (dataUpdatedAt > Date.now()) void refetch()
  }, [dataUpdatedAt, refetch])
  useChainTime(result.data?.blockTimestamp, dataUpdatedAt)
  return { ...result, data: result.data?.holdings }
}
