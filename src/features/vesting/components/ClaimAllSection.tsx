import { useCallback, useState } from 'react'
import { claimableAmount, claimSplit, type Position } from '../../../domain/position'
import type { Phase, Schedule } from '../../../domain/schedule'
import { Sheet } from '../../../lib/Sheet'
import { type Batching, useBatching } from '../../../wallet/batching'
import type { ClaimAllPart, VestingActions } from '../actions'
import { never, reaching, useClockValue } from '../clock'
import { ActionButton } from './ActionButton'

type Props = {
  phase: Phase
  position: Position
  schedule: Schedule
  legacyAmount: bigint
  legacyClaimStart: bigint
  format: (value: bigint) => string
  actions: VestingActions
  disabledReason: string | null
}

/** How the claim reaches the chain, in the holder's words. */
const HOW: Record<Batching, string> = {
  safe: 'in one Safe transaction: the owners sign once',
  atomic: 'in one batch: your wallet asks you once',
  sequential: 'as two transactions, one after the other: your wallet asks you for each',
}

/**
 * Everything the holder can claim in one step: what has unlocked (in the claim window, the whole position with its
 * burn) and the legacy amount. Shown only while both can be claimed; the claim window's burn is confirmed first.
 */
export function ClaimAllSection({
  phase,
  position,
  schedule,
  legacyAmount,
  legacyClaimStart,
  format,
  actions,
  disabledReason,
}: Props) {
  const [confirming, setConfirming] = useState(false)
  const focusOnMount = useCallback((button: HTMLButtonElement | null) => button?.focus(), [])
  const inWindow = phase === 'claim'
  const split = claimSplit(position.amount, 100, position.burnPercentage)
  // What has unlocked grows every second; the section re-renders only when a figure it shows changes. In the claim
  // window the figures stay as they are: the clock does not wake them at all.
  const figuresChange = inWindow ? never : undefined
  const unlockableText = useClockValue(
    (now) => (inWindow ? '' : format(claimableAmount(position, schedule, now))),
    figuresChange,
  )
  const unlockedTotalText = useClockValue(
    (now) => (inWindow ? '' : format(claimableAmount(position, schedule, now) + legacyAmount)),
    figuresChange,
  )
  const totalText = inWindow ? format(split.received + legacyAmount) : unlockedTotalText
  const anyFromPosition = useClockValue(
    (now) => (inWindow ? split.received > 0n : claimableAmount(position, schedule, now) > 0n),
    figuresChange,
  )
  const legacyOpen = useClockValue((now) => now >= legacyClaimStart, reaching(legacyClaimStart))
  const pending = actions.pending === 'claimAll'
  const offered = anyFromPosition && legacyAmount > 0n && legacyOpen
  const batching = useBatching(offered || pending)
  if ((!pending && !offered) || batching === undefined) return null

  const part: ClaimAllPart = inWindow ? { kind: 'claimAndBurn', amount: split.claimed } : { kind: 'unlock' }
  const description = inWindow
    ? `Claim all: receive ${format(split.received)}, burn ${format(split.burned)}, and ${format(legacyAmount)} legacy`
    : `Claim all: ${unlockableText} unlocked and ${format(legacyAmount)} legacy`
  const claim = () => void actions.claimAll(part, batching, description)
  return (
    <section className="panel claim-all" aria-labelledby="claim-all-title">
      <h2 id="claim-all-title">Claim Everything</h2>
      {inWindow ? (
        <p>
          Your whole position with its burn ({format(split.received)} for you, {format(split.burned)} burned) and{' '}
          {format(legacyAmount)} from previous vesting platforms, {HOW[batching]}.
        </p>
      ) : (
        <p>
          {unlockableText} unlocked{batching === 'safe' ? ' (more if it is executed later: unlocking goes on)' : ''} and{' '}
          {format(legacyAmount)} from previous vesting platforms, {HOW[batching]}.
        </p>
      )}
      <ActionButton
        label={`Claim all ${totalText}`}
        pending={pending}
        disabled={actions.pending !== null || disabledReason !== null}
        onClick={inWindow ? () => setConfirming(true) : claim}
      />
      {inWindow && (
        <Sheet open={confirming} onOpenChange={setConfirming} title="Confirm claim all">
          <p>
            You receive {format(split.received + legacyAmount)}: {format(split.received)} from your position and{' '}
            {format(legacyAmount)} from previous vesting platforms. {format(split.burned)} are burned.
          </p>
          <p>Burning is irreversible.</p>
          <div className="sheet-actions">
            <button type="button" className="button" onClick={() => setConfirming(false)} ref={focusOnMount}>
              Cancel
            </button>
            <button
              type="button"
              className="button primary"
              onClick={() => {
                setConfirming(false)
                claim()
              }}
            >
              Claim all
            </button>
          </div>
        </Sheet>
      )}
    </section>
  )
}
