import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useCallback, useMemo } from 'react'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { getClient } from 'wagmi/actions'
import { useAppConfig } from '../../config/AppConfigContext'
import { logLimitsFor } from '../../config/chains'
import { lastSeenBlock } from '../../lib/readFloors'
import { createStore, type Store, useStore } from '../../lib/store'
import type { HistoryEntry, HistoryProgress } from './history'

export type HistoryState =
  | { status: 'idle' }
  | { status: 'reading'; progress: HistoryProgress }
  | { status: 'done'; entries: HistoryEntry[] }
  | { status: 'failed'; message: string }

const IDLE: HistoryState = { status: 'idle' }
const states = new Map<string, Store<HistoryState>>()

/** One history per chain and holder for the whole page: the statement, the timeline and the "claimed" line share it. */
function storeFor(key: string): Store<HistoryState> {
  let store = states.get(key)
  if (!store) {
    store = createStore<HistoryState>(IDLE)
    states.set(key, store)
  }
  return store
}

const percent = ({ scannedBlocks, totalBlocks }: HistoryProgress) =>
  totalBlocks === 0n ? 100 : Number((scannedBlocks * 100n) / totalBlocks)

/** How far reading has come, for a progress bar: 0–100. */
export function historyPercent(state: HistoryState): number {
  return state.status === 'reading' ? percent(state.progress) : state.status === 'done' ? 100 : 0
}

/**
 * Shown when the history's reader cannot be loaded: it is fetched on first use, which needs the network. Translated
 * when it is shown.
 */
export const HISTORY_NEEDS_NETWORK = msg`Reading your history needs the network. Try again when you are online.`

/**
 * The holder's history on the contracts, read only when `read` is called (never on a page load): the statement
 * asks for it, and what it finds also dates the claim and burn on the timeline.
 */
export function useHolderHistory(holder: Address | undefined) {
  const wagmiConfig = useConfig()
  const { chainId, vestingAddress, legacyAddress, deploymentBlock } = useAppConfig()
  const store = useMemo(() => storeFor(`${chainId}:${holder ?? ''}`), [chainId, holder])
  const state = useStore(store)

  const read = useCallback(async (): Promise<HistoryEntry[] | undefined> => {
    const client = getClient(wagmiConfig)
    if (!holder || !client || store.get().status === 'reading') return undefined
    store.set({ status: 'reading', progress: { scannedBlocks: 0n, totalBlocks: 0n } })
    // The reader (viem's log decoding) loads when a holder asks for their history; it needs the network anyway, so
    // it is not part of the offline app shell.
    let history: typeof import('./history')
    try {
      history = await import('./history')
    } catch {
      store.set({ status: 'failed', message: i18n._(HISTORY_NEEDS_NETWORK) })
      return undefined
    }
    try {
      const entries = await history.readHolderHistory(client, {
        vesting: vestingAddress,
        legacy: legacyAddress,
        holder,
        fromBlock: deploymentBlock,
        ...logLimitsFor(chainId),
        seenBlock: lastSeenBlock(chainId),
        onProgress: (progress) => store.set({ status: 'reading', progress }),
      })
      store.set({ status: 'done', entries })
      return entries
    } catch (failure) {
      store.set({ status: 'failed', message: history.historyFailureMessage(failure, deploymentBlock) })
      return undefined
    }
  }, [wagmiConfig, holder, store, vestingAddress, legacyAddress, deploymentBlock, chainId])

  return { state, read }
}
