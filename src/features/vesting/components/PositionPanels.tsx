import { Trans, useLingui } from '@lingui/react/macro'
import { Suspense, useEffect } from 'react'
import type { Address } from 'viem'
import { useAccount, useConfig } from 'wagmi'
import type { Deployment } from '../../../config/knownDeployment'
import { formatTokens } from '../../../domain/format'
import { hasPosition } from '../../../domain/position'
import { phaseAt, phaseStarts } from '../../../domain/schedule'
import { CopyButton } from '../../../lib/CopyButton'
import { positionShown } from '../../../lib/positionShown'
import { useOnline } from '../../../lib/useOnline'
import { guardMessage } from '../../../wallet/guard'
import { LocalAccountPicker } from '../../../wallet/LocalAccountPicker'
import { useReadOnlySafe } from '../../../wallet/safeApp'
import { useWalletToOpen } from '../../../wallet/useWalletToOpen'
import { useVestingActions } from '../actions'
import { reachingAny, useClockValue } from '../clock'
import type { Holdings, useHoldings } from '../reads'
import { ClaimAllSection } from './ClaimAllSection'
import { ClaimBurnPanel } from './ClaimBurnPanel'
import { FullyClaimed } from './FullyClaimed'
import { HolderTools } from './HolderTools'
import { LegacySection } from './LegacySection'
import { LockPanel } from './LockPanel'
import { Timeline } from './timelinePart'
import { WriteStatus } from './WriteStatus'

/** The holder's figures and actions: both panels, the legacy section, and why actions are unavailable. */
export default function PositionPanels({
  holder,
  deployment,
  holdings,
  queryKey,
  walletConnected,
  watching,
  figuresBehind,
}: {
  holder: Address
  deployment: Deployment
  holdings: Holdings
  queryKey: ReturnType<typeof useHoldings>['queryKey']
  walletConnected: boolean
  watching: boolean
  /** The figures are from before the holder's last confirmed write: the page waits for newer ones. */
  figuresBehind: boolean
}) {
  const { t } = useLingui()
  const online = useOnline()
  const { chainId, connector } = useAccount()
  const chain = useConfig().chains[0]
  const actions = useVestingActions(queryKey, holdings)
  const { position, legacyAmount, totalBurned, symbol, decimals } = holdings
  const format = (value: bigint) => formatTokens(value, decimals, symbol)
  // Re-renders the position when the phase changes, not on every tick.
  const phase = useClockValue((now) => phaseAt(deployment.schedule, now), reachingAny(phaseStarts(deployment.schedule)))
  useEffect(() => positionShown.set(true), [])
  const readOnlySafe = useReadOnlySafe()
  const walletToOpen = useWalletToOpen()
  const disabledReason = watching
    ? null
    : guardMessage({
        online,
        connected: walletConnected,
        chainId,
        chain,
        pendingFrom: actions.pendingFrom,
        readOnlySafe,
        inSafe: connector?.type === 'safe',
        figuresBehind,
      })

  return (
    <>
      <HolderTools
        holder={holder}
        schedule={deployment.schedule}
        token={{ address: deployment.token, symbol, decimals }}
        // A Safe's provider has no `wallet_watchAsset`: there is no wallet to add NAI to.
        connected={walletConnected && connector?.type !== 'safe'}
      />
      {walletConnected && connector?.id === 'localTestWallet' && <LocalAccountPicker />}
      {walletConnected && connector?.type === 'safe' && (
        <div className="notice safe-note">
          <p>
            <Trans comment="A Safe is a multi-signature wallet; {holder} is its address. Position: its vesting tokens">
              This is the position of the Safe {holder}.
            </Trans>{' '}
            <Trans comment="A Safe is a multi-signature wallet, run by its owners">
              Each action is proposed to the Safe and runs once enough of its owners have signed it and one of them
              executes it.
            </Trans>
          </p>
          <CopyButton text={holder} label={t`Copy the Safe's address`} />
        </div>
      )}
      {disabledReason && (
        <p className="notice" role="status">
          {disabledReason}
        </p>
      )}
      <WriteStatus actions={actions} walletToOpen={walletToOpen} />
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
        <p className="status">
          <Trans>This address has no NAI vesting position.</Trans>
        </p>
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
        holdings.legacyEverAllocated && (
          <p className="hint">
            <Trans comment="Legacy tokens: those from the vesting platforms used before this one. Claimed: taken">
              Your legacy tokens have been claimed.
            </Trans>
          </p>
        )
      )}
      {(hasPosition(position) || holdings.everAllocated) && (
        <Suspense fallback={null}>
          <Timeline holder={holder} schedule={deployment.schedule} position={position} format={format} />
        </Suspense>
      )}
    </>
  )
}
