import { type QueryClient, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import {
  type Address,
  BaseError,
  type Chain,
  type Client,
  ContractFunctionZeroDataError,
  type Transport,
  zeroAddress,
} from 'viem'
import { multicall } from 'viem/actions'
import { useAccount, useConfig, useReadContracts } from 'wagmi'
import { getClient } from 'wagmi/actions'
import { hashFn, readContractsQueryOptions, structuralSharing } from 'wagmi/query'
import { useAppConfig } from '../../config/AppConfigContext'
import { multicall3Address } from '../../config/chains'
import type { AppConfig } from '../../config/env'
import { type Deployment, sameDeployment } from '../../config/knownDeployment'
import type { Position } from '../../domain/position'
import { judgeAnswer } from '../../domain/readFloor'
import { multicall3Abi } from '../../generated'
import { AnswerBehindError, floorKey, raiseFloor, readFloor, resetFloor, useFloorAbove } from '../../lib/readFloors'
import { useStore } from '../../lib/store'
import { reconnectSettled } from '../../wallet/reconnect'
import { startingAt } from '../../wallet/rpcTransport'
import type { WagmiConfig } from '../../wallet/wagmi'
import { reportChainTime } from './clock'
import { deploymentCalls, HOLDINGS_AT, HOLDINGS_MULTICALL, type HoldingsCalls, holdingsCalls } from './holdingsCalls'

export { holdingsCalls }

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

function toDeployment([token, claimStart, claimEnd, unlockStart, unlockEnd, legacyClaimStart]: readonly [
  Address,
  bigint,
  bigint,
  bigint,
  bigint,
  bigint,
]): Deployment {
  return { token, schedule: { claimStart, claimEnd, unlockStart, unlockEnd }, legacyClaimStart }
}

/**
 * The deployment's facts as the chain has them: the token and the schedule. One multicall, kept for as long as the
 * persisted cache lives, so a returning holder needs no request for it. A build that carries the facts reads them
 * here only when no holder is shown and no wallet is connecting: the holder's own multicall checks them otherwise, so
 * that a cold load is one request, not two in a row.
 */
export function useDeployment(holder: Address | undefined) {
  const { vestingAddress, legacyAddress, knownDeployment } = useAppConfig()
  const multicall3 = useMulticall3()
  // While a wallet may still reconnect, a holder may yet come, and their multicall would check the facts.
  const reconnected = useStore(reconnectSettled)
  const { status } = useAccount()
  const settled = reconnected && status === 'disconnected'
  const result = useReadContracts({
    contracts: [
      ...deploymentCalls(vestingAddress, legacyAddress),
      { address: multicall3, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' },
    ],
    allowFailure: false,
    query: {
      enabled: knownDeployment === undefined || (holder === undefined && settled),
      staleTime: Number.POSITIVE_INFINITY,
      select: ([token, claimStart, claimEnd, unlockStart, unlockEnd, legacyClaimStart, blockTimestamp]) => ({
        deployment: toDeployment([token, claimStart, claimEnd, unlockStart, unlockEnd, legacyClaimStart]),
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
  /** The deployment's facts as the chain has them at the same block, to check the build's own against. */
  deployment: Deployment
  /** The block all of these were read at. */
  blockNumber: bigint
}

/** The holder reads sent as the page started, by query hash: the card's mount does not send them again. */
const sentAtStart = new Set<string>()

/**
 * How long a read waits before asking again, each time its answer came from a block below the figures already shown
 * (the first ask again goes at once, to the next endpoint where there are several); then it fails as busy, and the
 * figures shown stay.
 */
export const BEHIND_WAITS_MS = [0, 1_000, 2_000] as const

/**
 * Reads a holder's multicall and shows it only from the block of the figures already shown (or of the holder's last
 * confirmed write) on: an answer from a lower block is asked again after {@link BEHIND_WAITS_MS}, each time from the
 * next endpoint first, and then fails with `AnswerBehindError`. An answer from another history of the chain (a local
 * chain restarted) replaces the floor.
 */
export async function readHoldings(
  client: Client<Transport, Chain | undefined>,
  contracts: HoldingsCalls,
  floor: string,
  waits: readonly number[] = BEHIND_WAITS_MS,
) {
  for (let attempt = 0; ; attempt++) {
    // One eth_call, so that every figure comes from the same block: no chunks.
    const results = await multicall(startingAt(client, attempt), { contracts, ...HOLDINGS_MULTICALL })
    const answer = { block: results[HOLDINGS_AT.blockNumber], time: results[HOLDINGS_AT.blockTime] }
    const shown = readFloor(floor)
    const verdict = judgeAnswer(shown, answer)
    if (verdict === 'show') raiseFloor(floor, answer)
    if (verdict === 'forget') resetFloor(floor, answer)
    if (verdict !== 'behind') return results
    const wait = waits[attempt]
    if (wait === undefined || shown === undefined) throw new AnswerBehindError(answer.block, shown?.block ?? 0n)
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
}

/** The holder's query: its key (wagmi's, for these calls) and the read that never shows an older block. */
function holdingsQuery(wagmiConfig: WagmiConfig, app: AppConfig, holder: Address | undefined, token?: Address) {
  const [chain] = wagmiConfig.chains
  const contracts = holdingsCalls(app, multicall3Address(chain), holder, token)
  const { queryKey } = readContractsQueryOptions(wagmiConfig, { contracts, allowFailure: false, chainId: chain.id })
  const floor = floorKey(app, holder ?? zeroAddress)
  return {
    queryKey,
    queryKeyHashFn: hashFn,
    queryFn: () => {
      const client = getClient(wagmiConfig)
      if (!client) throw new Error(`No connection to ${chain.name} is configured.`)
      return readHoldings(client, contracts, floor)
    },
  }
}

/**
 * Sends a holder's multicall as the page starts, before the app's first render, for a build that knows its
 * deployment's token: the read then travels while the app's code loads, instead of after. {@link useHoldings}
 * picks up the same query (in flight, answered or failed) instead of sending another.
 * @returns When the device has no figures of this holder's to show meanwhile, the read's end (answered or failed);
 *   otherwise undefined.
 */
export function prefetchHoldings(
  queryClient: QueryClient,
  wagmiConfig: WagmiConfig,
  app: AppConfig,
  holder: Address,
): Promise<void> | undefined {
  const token = app.knownDeployment?.token
  if (!token) return undefined
  const query = holdingsQuery(wagmiConfig, app, holder, token)
  sentAtStart.add(hashFn(query.queryKey))
  const stored = queryClient.getQueryData(query.queryKey) !== undefined
  const read = queryClient.prefetchQuery(query)
  return stored ? undefined : read
}

/**
 * Everything shown for one holder, and the deployment's facts, read in a single multicall at one block, never older
 * than the figures shown before. `behindWrite`: the figures are from before the block of the holder's last confirmed
 * write, and the page waits for an answer from that block on.
 */
export function useHoldings(holder: Address | undefined, token: Address | undefined) {
  const app = useAppConfig()
  const wagmiConfig = useConfig()
  const query = holdingsQuery(wagmiConfig, app, holder, token)
  const result = useQuery({
    ...query,
    enabled: holder !== undefined && token !== undefined,
    // A read sent as the page started is not sent again when the card mounts: not when it has answered, and not
    // when it has failed (a failure is retried after a wait, see useBusyRetry).
    refetchOnMount: (query) => !sentAtStart.has(query.queryHash),
    retryOnMount: false,
    structuralSharing,
    select: ([
      [amount, burnPercentage, unlockedAmount],
      legacyAmount,
      totalBurned,
      balance,
      symbol,
      decimals,
      blockTimestamp,
      blockNumber,
      everAllocated,
      legacyEverAllocated,
      ...deployment
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
        deployment: toDeployment(deployment),
        blockNumber,
      } satisfies Holdings,
      blockTimestamp,
    }),
  })
  const behindWrite = useFloorAbove(holder && floorKey(app, holder), result.data?.holdings.blockNumber)
  const { dataUpdatedAt, refetch } = result
  useEffect(() => {
    // Figures restored from a visit before the device clock was set back are stamped in the future, so they would
    // count as fresh (and never be refreshed) until the clock caught up.
    if (dataUpdatedAt > Date.now()) void refetch({ cancelRefetch: false })
  }, [dataUpdatedAt, refetch])
  useChainTime(result.data?.blockTimestamp, dataUpdatedAt)
  return { ...result, data: result.data?.holdings, queryKey: query.queryKey, behindWrite }
}

/**
 * The deployment to show and the holder's figures. A build that carries the deployment's facts shows them at once
 * and then the chain's, as the holder's multicall (or, with no holder, the deployment read) sees them; `differs`
 * says the two disagree. A token that differs is read again from the chain's.
 */
export function usePositionReads(holder: Address | undefined) {
  const { knownDeployment } = useAppConfig()
  const read = useDeployment(holder)
  const [chainToken, setChainToken] = useState<Address>()
  const holdings = useHoldings(holder, chainToken ?? read.data?.token ?? knownDeployment?.token)
  const seenToken = holdings.data?.deployment.token
  useEffect(() => {
    if (knownDeployment && seenToken !== undefined && seenToken !== knownDeployment.token) setChainToken(seenToken)
  }, [knownDeployment, seenToken])
  const chain = knownDeployment && holder ? holdings.data?.deployment : read.data
  const deployment = chain ?? knownDeployment
  const differs = knownDeployment !== undefined && chain !== undefined && !sameDeployment(chain, knownDeployment)
  return { read, holdings, deployment, differs }
}
