import type { VestingActions } from '../actions'
import { useNow } from '../clock'
import { claimableAmount, type Position } from '../domain/position'
import type { Schedule } from '../domain/schedule'
import { ActionButton } from './ActionButton'

type Props = {
  position: Position
  schedule: Schedule
  legacyAmount: bigint
  legacyClaimStart: bigint
  format: (value: bigint) => string
  actions: VestingActions
  disabledReason: string | null
}

/**
 * Inside a Safe, what has unlocked and the legacy amount in one Safe transaction: the owners sign once, not twice.
 * Shown only while both can be claimed.
 */
export function ClaimAllSection({
  position,
  schedule,
  legacyAmount,
  legacyClaimStart,
  format,
  actions,
  disabledReason,
}: Props) {
  const now = useNow()
  const unlockable = claimableAmount(position, schedule, now)
  const pending = actions.pending === 'claimAll'
  if (!pending && (unlockable === 0n || legacyAmount === 0n || now < legacyClaimStart)) return null
  const description = `Claim all: ${format(unlockable)} unlocked and ${format(legacyAmount)} legacy`
  return (
    <section className="panel claim-all" aria-labelledby="claim-all-title">
      <h2 id="claim-all-title">Claim Everything</h2>
      <p>
        {format(unlockable)} unlocked (more if it is executed later: unlocking goes on) and {format(legacyAmount)} from
        previous vesting platforms, in one Safe transaction.
      </p>
      <ActionButton
        label={`Claim all ${format(unlockable + legacyAmount)}`}
        pending={pending}
        disabled={actions.pending !== null || disabledReason !== null}
        onClick={() => void actions.claimAll(description)}
      />
    </section>
  )
}
