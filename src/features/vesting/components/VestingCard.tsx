import { useAccount, useConfig } from 'wagmi'
import { formatDateTime, formatTokenAmount } from '../../../lib/format'
import { useOnline } from '../../../lib/useOnline'
import { guardMessage } from '../../../wallet/guard'
import { WalletButton } from '../../../wallet/WalletKit'
import { useVestingActions } from '../actions'
import { useClockCorrected, useClockValue } from '../clock'
import { hasPosition } from '../domain/position'
import { phaseAt } from '../domain/schedule'
import { useHolder } from '../holder'
import { type Deployment, type Holdings, isContractMissing, useDeployment, useHoldings } from '../reads'
import { ClaimBurnPanel } from './ClaimBurnPanel'
import { FreshnessNotice } from './FreshnessNotice'
import { LegacySection } from './LegacySection'
import { LockPanel } from './LockPanel'
import { WalletTools } from './WalletTools'

/** The "Vesting Tokens" card: every state of the holder's position. */
export function VestingCard() {
  const deployment = useDeployment()
  const claimEnd = deployment.data?.schedule.claimEnd
  return (
    <section className="card" aria-labelledby="vesting-title">
      <h1 id="vesting-title">Vesting Tokens</h1>
      {claimEnd !== undefined && (
        <p className="note">
          Make your choice before{' '}
          <time dateTime={new Date(Number(claimEnd) * 1000).toISOString()}>{formatDateTime(claimEnd)}</time> to avoid
          having your tokens automatically locked.
        </p>
      )}
      <ClockNotice />
      {deployment.error ? (
        <ReadFailure error={deployment.error} onRetry={() => void deployment.refetch()} />
      ) : deployment.data ? (
        <HolderView deployment={deployment.data} />
      ) : (
        <p className="status">Loading...</p>
      )}
    </section>
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

function ReadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
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
      <p>Your vesting data could not be loaded. The network may be unreachable.</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}

function HolderView({ deployment }: { deployment: Deployment }) {
  // The connected wallet's address, or (offline, reconnecting) the last one, whose figures are in the cache.
  const holder = useHolder()
  const holdings = useHoldings(holder.address, deployment.token)
  if (!holder.address) {
    return (
      <div className="connect">
        <p>Connect your wallet to see your vesting position.</p>
        <WalletButton />
      </div>
    )
  }
  if (!holdings.data) {
    if (holdings.error) return <ReadFailure error={holdings.error} onRetry={() => void holdings.refetch()} />
    return <p className="status">Loading...</p>
  }
  // Figures from the cache stay on screen when a refresh fails (offline); the notice says how old they are.
  return (
    <>
      <FreshnessNotice
        updatedAt={holdings.dataUpdatedAt}
        refreshFailed={holdings.error !== null}
        onRetry={() => void holdings.refetch()}
      />
      <PositionPanels
        deployment={deployment}
        holdings={holdings.data}
        queryKey={holdings.queryKey}
        walletConnected={holder.connected}
      />
    </>
  )
}

/** The holder's figures and actions: both panels, the legacy section, and why actions are unavailable. */
function PositionPanels({
  deployment,
  holdings,
  queryKey,
  walletConnected,
}: {
  deployment: Deployment
  holdings: Holdings
  queryKey: ReturnType<typeof useHoldings>['queryKey']
  walletConnected: boolean
}) {
  const online = useOnline()
  const { chainId } = useAccount()
  const chain = useConfig().chains[0]
  const actions = useVestingActions(queryKey, holdings)
  const { position, legacyAmount, totalBurned, symbol, decimals } = holdings
  const format = (value: bigint) => `${formatTokenAmount(value, decimals)} ${symbol}`
  // Re-renders the position when the phase changes, not on every tick.
  const phase = useClockValue((now) => phaseAt(deployment.schedule, now))
  const disabledReason = guardMessage({ online, connected: walletConnected, chainId, chain })

  return (
    <>
      {walletConnected && <WalletTools token={deployment.token} symbol={symbol} decimals={decimals} />}
      {disabledReason && (
        <p className="notice" role="status">
          {disabledReason}
        </p>
      )}
      {actions.error && (
        <div className="failure" role="alert">
          <p>{actions.error}</p>
          <button type="button" className="button" onClick={actions.clearError}>
            Dismiss
          </button>
        </div>
      )}
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
      ) : position.burnPercentage > 0n ? (
        // Allocated once, then claimed in full during the claim window.
        <p className="status">This address has already claimed its whole NAI vesting position.</p>
      ) : (
        <p className="status">This address has no NAI vesting position.</p>
      )}
      {legacyAmount > 0n && (
        <LegacySection
          amount={legacyAmount}
          claimStart={deployment.legacyClaimStart}
          format={format}
          actions={actions}
          disabledReason={disabledReason}
        />
      )}
    </>
  )
}
