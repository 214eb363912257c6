import { type Address, erc20Abi, zeroAddress } from 'viem'
import type { AppConfig } from '../../config/env'
import { legacyClaimAbi, multicall3Abi, vestingAbi } from '../../generated'

/** The calls that read a deployment's facts, in the order the deployment is read from their results. */
export function deploymentCalls(vestingAddress: Address, legacyAddress: Address) {
  const vesting = { address: vestingAddress, abi: vestingAbi } as const
  return [
    { ...vesting, functionName: 'token' },
    { ...vesting, functionName: 'claimStart' },
    { ...vesting, functionName: 'claimEnd' },
    { ...vesting, functionName: 'unlockStart' },
    { ...vesting, functionName: 'unlockEnd' },
    { address: legacyAddress, abi: legacyClaimAbi, functionName: 'claimStart' },
  ] as const
}

/** The calls of a holder's multicall, in the order the card takes their results. */
export function holdingsCalls(
  { vestingAddress, legacyAddress }: Pick<AppConfig, 'vestingAddress' | 'legacyAddress'>,
  multicall3: Address,
  holder: Address | undefined,
  token: Address | undefined,
) {
  const account = holder ?? zeroAddress
  const tokenAddress = token ?? zeroAddress
  return [
    { address: vestingAddress, abi: vestingAbi, functionName: 'claimByOwner', args: [account] },
    { address: legacyAddress, abi: legacyClaimAbi, functionName: 'claimByOwner', args: [account] },
    { address: vestingAddress, abi: vestingAbi, functionName: 'totalBurned' },
    { address: tokenAddress, abi: erc20Abi, functionName: 'balanceOf', args: [account] },
    { address: tokenAddress, abi: erc20Abi, functionName: 'symbol' },
    { address: tokenAddress, abi: erc20Abi, functionName: 'decimals' },
    { address: multicall3, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' },
    { address: multicall3, abi: multicall3Abi, functionName: 'getBlockNumber' },
    { address: vestingAddress, abi: vestingAbi, functionName: 'everAllocated', args: [account] },
    { address: legacyAddress, abi: legacyClaimAbi, functionName: 'everAllocated', args: [account] },
    ...deploymentCalls(vestingAddress, legacyAddress),
  ] as const
}

export type HoldingsCalls = ReturnType<typeof holdingsCalls>

/**
 * How the holder's multicall is sent: every call in one `eth_call`, so that every figure comes from the same block
 * (no chunks), and any call that fails fails the read.
 */
export const HOLDINGS_MULTICALL = { allowFailure: false, batchSize: 0 } as const

/** Where the holder's multicall has each figure ({@link holdingsCalls}' order). */
export const HOLDINGS_AT = {
  position: 0,
  symbol: 4,
  decimals: 5,
  blockTime: 6,
  blockNumber: 7,
  claimStart: 11,
  claimEnd: 12,
  unlockStart: 13,
  unlockEnd: 14,
} as const
