import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useEffect } from 'react'
import { useAccount } from 'wagmi'
import type { Deployment } from '../../../config/knownDeployment'
import { formatDateTime } from '../../../domain/format'
import { LazyBoundary } from '../../../lib/LazyBoundary'
import { WalletButton } from '../../../wallet/WalletKit'
import { SavedAddresses, WatchForm } from '../../watch/WatchForm'
import { type Busy, busySentence, useBusyRetry } from '../busy'
import { reaching, useClockCorrected, useClockValue } from '../clock'
import { type Holder, useHolder } from '../holder'
import { isContractMissing, type useHoldings, usePositionReads } from '../reads'
import { WatchOnlyContext } from './ActionButton'
import { ConnectionEndedNotice } from './ConnectionNotices'
import { FreshnessNotice } from './FreshnessNotice'
import { PositionPanels, preloadPositionPanels } from './panelsPart'
import { WatchBar } from './WatchBar'

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
      <h1 id="vesting-title">
        <Trans comment="Title of the card: the holder's tokens that vest over time">Vesting Tokens</Trans>
      </h1>
      {deployment && !contractMissing && <ClaimNote claimEnd={deployment.schedule.claimEnd} />}
      <ClockNotice />
      <WalletConnectNotice />
      {differs && (
        <p className="notice" role="status">
          <Trans comment="The page's built-in vesting dates differ from those the contracts hold on this blockchain">
            This page was built with a schedule that differs from the contracts' on this chain: the dates shown are the
            chain's.
          </Trans>
        </p>
      )}
      {readError ? (
        <ReadFailure error={readError} busy={readBusy} onRetry={() => void read.refetch({ cancelRefetch: false })} />
      ) : deployment ? (
        <HolderView deployment={deployment} holder={holder} holdings={holdings} />
      ) : (
        <Loading />
      )}
    </section>
  )
}

function Loading() {
  return (
    <p className="status">
      <Trans comment="While the holder's figures are read from the blockchain">Loading...</Trans>
    </p>
  )
}

/**
 * The note under the title, following the phase: before the window closes, and after. The same English as
 * `claimWindowNote` (domain/note.ts), which the prerendered page shows before the app (and its messages) load.
 */
function ClaimNote({ claimEnd }: { claimEnd: bigint }) {
  // The wording changes once, when the window closes: any moment on the same side of claimEnd gives the same note.
  const closed = useClockValue((now) => now >= claimEnd, reaching(claimEnd))
  const isoDate = new Date(Number(claimEnd) * 1000).toISOString()
  const date = formatDateTime(claimEnd)
  return (
    <p className="note">
      {closed ? (
        <Trans comment="{date} is the claim window's end, a date and time. Locked: held by the contract, not claimable">
          The claim window closed on <time dateTime={isoDate}>{date}</time>. Tokens left untouched were locked
          automatically for 12 months, then unlock linearly over another 12 months.
        </Trans>
      ) : (
        <Trans comment="{date} is the claim window's end, a date and time. Locked: held by the contract, not claimable">
          Make your choice before <time dateTime={isoDate}>{date}</time> to avoid having your tokens automatically
          locked.
        </Trans>
      )}
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
      <Trans>
        Your device clock differs from the blockchain's by more than 2 minutes; times on this page follow the chain.
      </Trans>
    </p>
  )
}

function ReadFailure({ error, busy, onRetry }: { error: Error; busy: Busy | null; onRetry: () => void }) {
  const { t } = useLingui()
  if (isContractMissing(error)) {
    return (
      <div className="failure" role="alert">
        <p>
          <strong>
            <Trans>Contract not found on this network.</Trans>
          </strong>{' '}
          <Trans>The configured vesting contracts have no code on this chain.</Trans>{' '}
          <Trans>Check the network and the contract addresses of this deployment.</Trans>
        </p>
      </div>
    )
  }
  return (
    <div className="failure" role="alert">
      <p>
        <Trans comment="Vesting data: the holder's position and amounts, read from the blockchain">
          Your vesting data could not be loaded.
        </Trans>{' '}
        {busy ? busySentence(busy) : t`The network may be unreachable.`}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        <Trans comment="Button: read the figures again">Retry</Trans>
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
    if (holder.address) void preloadPositionPanels()
  }, [holder.address])
  const malformed = holder.malformedParam
  const linkProblem = malformed !== undefined && (
    <p className="field-error" role="alert">
      <Trans comment="{malformed} is the text the link gave as an address, shown as it is">
        The link's address "{malformed}" is not an address: an address is 0x followed by 40 hexadecimal digits.
      </Trans>
    </p>
  )
  if (!holder.address) {
    return (
      <div className="connect">
        {linkProblem}
        <p>
          {/* The same English as CONNECT_PROMPT (domain/note.ts), which the prerendered page shows first. */}
          <Trans>Connect your wallet to see your vesting position.</Trans>
        </p>
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
    return <Loading />
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
      <LazyBoundary loading={<Loading />}>
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
