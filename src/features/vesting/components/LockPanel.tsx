import { claimableAmount, type Position, unlockProgressPercent, vestedAmount } from '../../../domain/position'
import type { Phase, Schedule } from '../../../domain/schedule'
import { CalendarButton } from '../../reminders/CalendarButton'
import type { VestingActions } from '../actions'
import { useClockValue } from '../clock'
import { ActionButton } from './ActionButton'
import { Countdown } from './Countdown'
import { Stat } from './Stat'

type Props = {
  phase: Phase
  schedule: Schedule
  position: Position
  format: (value: bigint) => string
  actions: VestingActions
  disabledReason: string | null
}

/** The left panel: what happens to the tokens a holder leaves in place. */
export function LockPanel({ phase, schedule, position, format, actions, disabledReason }: Props) {
  if (phase === 'before' || phase === 'claim') {
    return (
      <section className="panel" aria-labelledby="lock-title">
        <h2 id="lock-title">Lock for the Future</h2>
        <dl className="stats">
          <Stat label="Amount">{format(position.amount)}</Stat>
          <Stat label="Time left">
            <Countdown to={schedule.claimEnd} />
          </Stat>
        </dl>
        <CalendarButton schedule={schedule} className={phase === 'before' ? 'button primary' : 'button link'} />
        <p>
          Tokens you leave untouched are locked automatically for 12 months when the claim window closes. After that
          they can be claimed without any penalty, unlocking linearly over another 12 months.
        </p>
      </section>
    )
  }
  if (phase === 'locked') {
    return (
      <section className="panel" aria-labelledby="lock-title">
        <h2 id="lock-title">Tokens have been Locked</h2>
        <dl className="stats">
          <Stat label="Amount">{format(position.amount)}</Stat>
          <Stat label="Unlocking starts in">
            <Countdown to={schedule.unlockStart} />
          </Stat>
        </dl>
        <CalendarButton schedule={schedule} className="button primary" />
        <p>Your tokens unlock linearly over 12 months once unlocking starts, and can be claimed as they unlock.</p>
      </section>
    )
  }
  return (
    <UnlockingPanel
      schedule={schedule}
      position={position}
      format={format}
      actions={actions}
      disabledReason={disabledReason}
    />
  )
}

function UnlockingPanel({ schedule, position, format, actions, disabledReason }: Omit<Props, 'phase'>) {
  // The figures grow every second; the panel re-renders only when one of them, as shown, changes.
  const vested = useClockValue((now) => format(vestedAmount(position.amount, schedule, now)))
  const claimable = useClockValue((now) => format(claimableAmount(position, schedule, now)))
  const anyClaimable = useClockValue((now) => claimableAmount(position, schedule, now) > 0n)
  const progress = useClockValue((now) => unlockProgressPercent(position, schedule, now))
  const pending = actions.pending === 'unlock'
  const label = `Claim ${claimable}`
  return (
    <section className="panel" aria-labelledby="lock-title">
      <h2 id="lock-title">Tokens are Unlocking</h2>
      <div
        className="progress"
        role="progressbar"
        aria-label="Unlocked"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.floor(progress)}
      >
        <div className="progress-fill" style={{ width: `${progress}%` }} />
      </div>
      <p className="progress-label">{Math.floor(progress)}% unlocked</p>
      <dl className="stats">
        <Stat label="Total">{format(position.amount)}</Stat>
        <Stat label="Unlocked">{vested}</Stat>
        <Stat label="Counted as claimed">{format(position.unlockedAmount)}</Stat>
        <Stat label="Claimable">{claimable}</Stat>
        <Stat label="Time left">
          <Countdown to={schedule.unlockEnd} />
        </Stat>
      </dl>
      {(anyClaimable || pending) && (
        <ActionButton
          label={label}
          pending={pending}
          disabled={actions.pending !== null || disabledReason !== null}
          onClick={() => void actions.unlock(label)}
        />
      )}
    </section>
  )
}
