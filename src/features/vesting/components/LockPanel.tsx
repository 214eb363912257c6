import { Trans, useLingui } from '@lingui/react/macro'
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
  const { t } = useLingui()
  const amount = format(position.amount)
  if (phase === 'before' || phase === 'claim') {
    return (
      <section className="panel" aria-labelledby="lock-title">
        <h2 id="lock-title">
          <Trans comment="Panel title: leave the tokens in place, to be locked and vested later">
            Lock for the Future
          </Trans>
        </h2>
        <dl className="stats">
          <Stat label={t({ message: 'Amount', comment: 'Label of the token amount in the vesting position' })}>
            {amount}
          </Stat>
          <Stat label={t({ message: 'Time left', comment: 'Label of a countdown' })}>
            <Countdown to={schedule.claimEnd} />
          </Stat>
        </dl>
        <CalendarButton schedule={schedule} className={phase === 'before' ? 'button primary' : 'button link'} />
        <p>
          <Trans comment="Locked: held by the contract, not claimable. Claimed: taken into the holder's wallet">
            Tokens you leave untouched are locked automatically for 12 months when the claim window closes. After that
            they can be claimed without any penalty, unlocking linearly over another 12 months.
          </Trans>
        </p>
      </section>
    )
  }
  if (phase === 'locked') {
    return (
      <section className="panel" aria-labelledby="lock-title">
        <h2 id="lock-title">
          <Trans comment="Panel title: the tokens are held by the contract until unlocking starts">
            Tokens have been Locked
          </Trans>
        </h2>
        <dl className="stats">
          <Stat label={t({ message: 'Amount', comment: 'Label of the token amount in the vesting position' })}>
            {amount}
          </Stat>
          <Stat
            label={t({ message: 'Unlocking starts in', comment: 'Label of a countdown to the start of unlocking' })}
          >
            <Countdown to={schedule.unlockStart} />
          </Stat>
        </dl>
        <CalendarButton schedule={schedule} className="button primary" />
        <p>
          <Trans comment="Unlock: become available to take, little by little">
            Your tokens unlock linearly over 12 months once unlocking starts, and can be claimed as they unlock.
          </Trans>
        </p>
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
  const { t } = useLingui()
  const total = format(position.amount)
  const counted = format(position.unlockedAmount)
  const percent = Math.floor(progress)
  // The button's label, also the transaction's description in the wallet's list of recent transactions.
  const label = t({
    message: `Claim ${claimable}`,
    comment: 'Button: take the unlocked tokens now; {claimable} is an amount',
  })
  return (
    <section className="panel" aria-labelledby="lock-title">
      <h2 id="lock-title">
        <Trans comment="Panel title: the tokens are becoming available to take, little by little">
          Tokens are Unlocking
        </Trans>
      </h2>
      <div
        className="progress"
        role="progressbar"
        aria-label={t({
          message: 'Unlocked',
          comment: 'Progress bar: share of the position that has become available',
        })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.floor(progress)}
      >
        <div className="progress-fill" style={{ width: `${progress}%` }} />
      </div>
      <p className="progress-label">
        <Trans comment="Under the progress bar; {percent} is a whole number from 0 to 100">{percent}% unlocked</Trans>
      </p>
      <dl className="stats">
        <Stat label={t({ message: 'Total', comment: 'Label of the whole amount of the position' })}>{total}</Stat>
        <Stat
          label={t({ message: 'Unlocked', comment: 'Label: amount that has become available so far, taken or not' })}
        >
          {vested}
        </Stat>
        <Stat
          label={t({ message: 'Counted as claimed', comment: 'Label: amount already taken from the unlocked tokens' })}
        >
          {counted}
        </Stat>
        <Stat label={t({ message: 'Claimable', comment: 'Label: amount that can be taken now' })}>{claimable}</Stat>
        <Stat label={t({ message: 'Time left', comment: 'Label of a countdown' })}>
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
