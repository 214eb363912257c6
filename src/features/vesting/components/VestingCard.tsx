import { lazy, Suspense, useEffect } from 'react'
import { useAccount } from 'wagmi'
import type { Deployment } from '../../../config/knownDeployment'
import { formatDateTime } from '../../../domain/format'
import { CONNECT_PROMPT, claimWindowNote } from '../../../domain/note'
import { LazyBoundary } from '../../../lib/LazyBoundary'
import { preloadable } from '../../../lib/preloadable'
import { WalletButton } from '../../../wallet/WalletKit'
import { SavedAddresses, WatchForm } from '../../watch/WatchForm'
import { type Busy, busySentence, useBusyRetry } from '../busy'
import { reaching, useClockCorrected, useClockValue } from '../clock'
import { type Holder, useHolder } from '../holder'
import { isContractMissing, type useHoldings, usePositionReads } from '../reads'
import { WatchOnlyContext } from './ActionButton'
import { ConnectionEndedNotice } from './ConnectionNotices'
import { FreshnessNotice } from './FreshnessNotice'
import { preloadTimeline } from './timelinePart'
import { WatchBar } from './WatchBar'

/** The holder's figures and actions: not needed until a position is on screen, so a first visit does not load them. */
const [PositionPanels, preloadPanels] = preloadable(() => import('./PositionPanels'))

/**
 * Starts loading the position's panels and its timeline, for a page that already knows whose position it will show:
 * they then arrive beside the app's own code instead of after its first render, and render as soon as the figures do.
 */
export function preloadPositionPanels(): void {
  void Promise.all([preloadPanels(), preloadTimeline()]).catch(() => undefined)
}
const SessionNetworkNotice = lazy(() => import('./SessionNetworkNotice'))

/** The "Vesting Tokens" card: every state of the holder's position. */
export function VestingCard() {
  // The watched address, the connected wallet's, or (offline, reconnecting) the last one, whose figures are cached.
  const holder = useHolder()
  const { read, holdings, deployment, differs } = usePositionReads(holder.address)
  const readBusy = useBusyRetry(read)
  const contractMissing = isContractMissing(read.error) || isContractMissing(holdings.error)
  const readError = contractMissing ? (read.error ?? holdings.error) : deployment ? null : read.error
  return (
    <section className="card" aria-labelledby="vesting-title">
      <h1 id="vesting-title">Vesting Tokens</h1>
      {deployment && !contractMissing && <ClaimNote claimEnd={deployment.schedule.claimEnd} />}
      <ClockNotice />
      <WalletConnectNotice />
      {differs && (
        <p className="notice" role="status">
          This page was built with a schedule that differs from the contracts' on this chain: the dates shown are the
          chain's.
        </p>
      )}
      {readError ? (
        <ReadFailure error={readError} busy={readBusy} onRetry={() => void read.refetch({ cancelRefetch: false })} />
      ) : deployment ? (
        <HolderView deployment={deployment} holder={holder} holdings={holdings} />
      ) : (
        <p className="status">Loading...</p>
      )}
    </section>
  )
}

/** The note under the title, following the phase: before the window closes, and after. */
function ClaimNote({ claimEnd }: { claimEnd: bigint }) {
  // The wording changes once, when the window closes: any moment on the same side of claimEnd gives the same note.
  const closed = useClockValue((now) => now >= claimEnd, reaching(claimEnd))
  const note = claimWindowNote({ claimEnd }, closed ? claimEnd : claimEnd - 1n)
  return (
    <p className="note">
      {note.lead}
      <time dateTime={new Date(Number(note.date) * 1000).toISOString()}>{formatDateTime(note.date)}</time>
      {note.tail}
    </p>
  )
}

/** For a wallet connected through WalletConnect: what its session lacks, if anything. */
function WalletConnectNotice() {
  const { connector, status } = useAccount()
  if (status !== 'connected' || connector?.type !== 'walletConnect') return null
  return (
    <Suspense fallback={null}>
      <SessionNetworkNotice />
    </Suspense>
  )
}

function ClockNotice() {
  const corrected = useClockCorrected()
  if (!corrected) return null
  return (
    <p className="notice" role="status">
      Your device clock differs from the blockchain's by more than 2 minutes; times on this page follow the chain.
    </p>
  )
}

function ReadFailure({ error, busy, onRetry }: { error: Error; busy: Busy | null; onRetry: () => void }) {
  if (isContractMissing(error)) {
    return (
      <div className="failure" role="alert">
        <p>
          <strong>Contract not found on this network.</strong> The configured vesting contracts have no code on this
          chain. Check the network and the contract addresses of this deployment.
        </p>
      </div>
    )
  }
  return (
    <div className="failure" role="alert">
      <p>Your vesting data could not be loaded. {busy ? busySentence(busy) : 'The network may be unreachable.'}</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}

function HolderView({
  deployment,
  holder,
  holdings,
}: {
  deployment: Deployment
  holder: Holder
  holdings: ReturnType<typeof useHoldings>
}) {
  const busy = useBusyRetry(holdings)
  // Fetched while the holder's figures are read, so that both arrive together.
  useEffect(() => {
    if (holder.address) preloadPositionPanels()
  }, [holder.address])
  const linkProblem = holder.malformedParam !== undefined && (
    <p className="field-error" role="alert">
      The link's address "{holder.malformedParam}" is not an address: an address is 0x followed by 40 hexadecimal
      digits.
    </p>
  )
  if (!holder.address) {
    return (
      <div className="connect">
        {linkProblem}
        <p>{CONNECT_PROMPT}</p>
        <WalletButton />
        <WatchForm />
        <SavedAddresses />
      </div>
    )
  }
  if (!holdings.data) {
    if (holdings.error) {
      return (
        <ReadFailure
          error={holdings.error}
          busy={busy}
          onRetry={() => void holdings.refetch({ cancelRefetch: false })}
        />
      )
    }
    return <p className="status">Loading...</p>
  }
  // Figures from the cache stay on screen when a refresh fails (offline); the notice says how old they are.
  return (
    <WatchOnlyContext.Provider value={holder.watching}>
      {linkProblem}
      {holder.ended && <ConnectionEndedNotice reason={holder.ended} />}
      {holder.watching && <WatchBar address={holder.address} />}
      <FreshnessNotice
        updatedAt={holdings.dataUpdatedAt}
        refreshFailed={holdings.error !== null}
        busy={busy}
        onRetry={() => void holdings.refetch({ cancelRefetch: false })}
      />
      <LazyBoundary loading={<p className="status">Loading...</p>}>
        <PositionPanels
          holder={holder.address}
          deployment={deployment}
          holdings={holdings.data}
          queryKey={holdings.queryKey}
          walletConnected={holder.connected}
          watching={holder.watching}
          figuresBehind={holdings.behindWrite}
        />
      </LazyBoundary>
    </WatchOnlyContext.Provider>
  )
}
