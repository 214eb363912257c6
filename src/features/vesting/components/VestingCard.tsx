import { lazy, Suspense } from 'react'
import type { Address } from 'viem'
import { useAccount, useConfig } from 'wagmi'
import type { Deployment } from '../../../config/knownDeployment'
import { formatDateTime, formatTokenAmount } from '../../../lib/format'
import { useOnline } from '../../../lib/useOnline'
import { guardMessage } from '../../../wallet/guard'
import { LocalAccountPicker } from '../../../wallet/LocalAccountPicker'
import { WalletButton } from '../../../wallet/WalletKit'
import { SavedAddresses, WatchForm } from '../../watch/WatchForm'
import { useVestingActions } from '../actions'
import { type Busy, busySentence, useBusyRetry } from '../busy'
import { useClockCorrected, useClockValue } from '../clock'
import { claimWindowNote } from '../domain/note'
import { hasPosition } from '../domain/position'
import { phaseAt } from '../domain/schedule'
import { type Holder, useHolder } from '../holder'
import { type Holdings, isContractMissing, type useHoldings, usePositionReads } from '../reads'
import { WatchOnlyContext } from './ActionButton'
import { ClaimAllSection } from './ClaimAllSection'
import { ClaimBurnPanel } from './ClaimBurnPanel'
import { FreshnessNotice } from './FreshnessNotice'
import { FullyClaimed } from './FullyClaimed'
import { HolderTools } from './HolderTools'
import { LegacySection } from './LegacySection'
import { LockPanel } from './LockPanel'
import { WatchBar } from './WatchBar'
import { WriteStatus } from './WriteStatus'

/** The chart is below the figures: it loads after them, in its own chunk. */
const Timeline = lazy(() => import('./Timeline'))

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
      {differs && (
        <p className="notice" role="status">
          This page was built with a schedule that differs from the contracts' on this chain: the dates shown are the
          chain's.
        </p>
      )}
      {readError ? (
        <ReadFailure error={readError} busy={readBusy} onRetry={() => void read.refetch()} />
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
  const closed = useClockValue((now) => now >= claimEnd)
  const note = claimWindowNote({ claimEnd }, closed ? claimEnd : claimEnd - 1n)
  return (
    <p className="note">
      {note.lead}
      <time dateTime={new Date(Number(note.date) * 1000).toISOString()}>{formatDateTime(note.date)}</time>
      {note.tail}
    </p>
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
        <p>Connect your wallet to see your vesting position.</p>
        <WalletButton />
        <WatchForm />
        <SavedAddresses />
      </div>
    )
  }
  if (!holdings.data) {
    if (holdings.error) {
      return <ReadFailure error={holdings.error} busy={busy} onRetry={() => void holdings.refetch()} />
    }
    return <p className="status">Loading...</p>
  }
  // Figures from the cache stay on screen when a refresh fails (offline); the notice says how old they are.
  return (
    <WatchOnlyContext.Provider value={holder.watching}>
      {linkProblem}
      {holder.watching && <WatchBar address={holder.address} />}
      <FreshnessNotice
        updatedAt={holdings.dataUpdatedAt}
        refreshFailed={holdings.error !== null}
        busy={busy}
        onRetry={() => void holdings.refetch()}
      />
      <PositionPanels
        holder={holder.address}
        deployment={deployment}
        holdings={holdings.data}
        queryKey={holdings.queryKey}
        walletConnected={holder.connected}
        watching={holder.watching}
      />
    </WatchOnlyContext.Provider>
  )
}

/** The holder's figures and actions: both panels, the legacy section, and why actions are unavailable. */
function PositionPanels({
  holder,
  deployment,
  holdings,
  queryKey,
  walletConnected,
  watching,
}: {
  holder: Address
  deployment: Deployment
  holdings: Holdings
  queryKey: ReturnType<typeof useHoldings>['queryKey']
  walletConnected: boolean
  watching: boolean
}) {
  const online = useOnline()
  const { chainId, connector } = useAccount()
  const chain = useConfig().chains[0]
  const actions = useVestingActions(queryKey, holdings)
  const { position, legacyAmount, totalBurned, symbol, decimals } = holdings
  const format = (value: bigint) => `${formatTokenAmount(value, decimals)} ${symbol}`
  // Re-renders the position when the phase changes, not on every tick.
  const phase = useClockValue((now) => phaseAt(deployment.schedule, now))
  const disabledReason = watching
    ? null
    : guardMessage({ online, connected: walletConnected, chainId, chain, pendingFrom: actions.pendingFrom })

  return (
    <>
      <HolderTools
        holder={holder}
        schedule={deployment.schedule}
        token={{ address: deployment.token, symbol, decimals }}
        connected={walletConnected}
      />
      {walletConnected && connector?.id === 'localTestWallet' && <LocalAccountPicker />}
      {walletConnected && connector?.type === 'safe' && (
        <p className="notice safe-note">
          This is the position of the Safe {holder}. Each action is proposed to the Safe and runs once enough of its
          owners have signed it and one of them executes it.
        </p>
      )}
      {disabledReason && (
        <p className="notice" role="status">
          {disabledReason}
        </p>
      )}
      <WriteStatus actions={actions} />
      {hasPosition(position) ? (
        <div className="panels">
          <LockPanel
            phase={phase}
            schedule={deployment.schedule}
            position={position}
            format={format}
            actions={actions}
            disabledReason={disabledReason}
          />
          <ClaimBurnPanel
            phase={phase}
            schedule={deployment.schedule}
            position={position}
            totalBurned={totalBurned}
            format={format}
            actions={actions}
            disabledReason={disabledReason}
          />
        </div>
      ) : holdings.everAllocated ? (
        <FullyClaimed holder={holder} phase={phase} />
      ) : (
        <p className="status">This address has no NAI vesting position.</p>
      )}
      {walletConnected && !watching && hasPosition(position) && (
        <ClaimAllSection
          phase={phase}
          position={position}
          schedule={deployment.schedule}
          legacyAmount={legacyAmount}
          legacyClaimStart={deployment.legacyClaimStart}
          format={format}
          actions={actions}
          disabledReason={disabledReason}
        />
      )}
      {legacyAmount > 0n ? (
        <LegacySection
          amount={legacyAmount}
          claimStart={deployment.legacyClaimStart}
          format={format}
          actions={actions}
          disabledReason={disabledReason}
        />
      ) : (
        holdings.legacyEverAllocated && <p className="hint">Your legacy tokens have been claimed.</p>
      )}
      {(hasPosition(position) || holdings.everAllocated) && (
        <Suspense fallback={null}>
          <Timeline holder={holder} schedule={deployment.schedule} position={position} format={format} />
        </Suspense>
      )}
    </>
  )
}
