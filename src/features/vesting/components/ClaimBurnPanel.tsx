import { useId, useState } from 'react'
import type { VestingActions } from '../actions'
import { claimSplit, formatBurnPercentage, type Position } from '../domain/position'
import type { Phase, Schedule } from '../domain/schedule'
import { ConfirmDialog } from './ConfirmDialog'
import { Countdown } from './Countdown'
import { Stat } from './Stat'

type Props = {
  phase: Phase
  schedule: Schedule
  position: Position
  totalBurned: bigint
  format: (value: bigint) => string
  actions: VestingActions
  disabledReason: string | null
}

/** The right panel: claim part of the position now, with its fixed share burned. */
export function ClaimBurnPanel({ phase, schedule, position, totalBurned, format, actions, disabledReason }: Props) {
  if (phase === 'before') {
    return (
      <section className="panel" aria-labelledby="claim-title">
        <h2 id="claim-title">Claim and Burn Now</h2>
        <dl className="stats">
          <Stat label="Available in">
            <Countdown to={schedule.claimStart} />
          </Stat>
        </dl>
      </section>
    )
  }
  if (phase === 'claim') {
    return <ClaimWindow position={position} format={format} actions={actions} disabledReason={disabledReason} />
  }
  return (
    <section className="panel" aria-labelledby="claim-title">
      <h2 id="claim-title">Vesting Schedule in Progress</h2>
      <p>Claim and burn is no longer available. Your tokens become claimable as they unlock, without any penalty.</p>
      <dl className="stats">
        <Stat label="Total Burned">{format(totalBurned)}</Stat>
      </dl>
    </section>
  )
}

function ClaimWindow({ position, format, actions, disabledReason }: Omit<Props, 'phase' | 'schedule' | 'totalBurned'>) {
  const sliderId = useId()
  const [percent, setPercent] = useState(100)
  const [confirming, setConfirming] = useState(false)
  const { claimed, burned, received } = claimSplit(position.amount, percent, position.burnPercentage)
  const pending = actions.pending === 'claimAndBurn'
  const disabled = claimed === 0n || actions.pending !== null || disabledReason !== null

  return (
    <section className="panel" aria-labelledby="claim-title">
      <h2 id="claim-title">Claim and Burn Now</h2>
      <p>
        <strong>{formatBurnPercentage(position.burnPercentage)}%</strong> of the tokens you claim now will be burned.
      </p>
      <dl className="stats">
        <Stat label="Receive">{format(received)}</Stat>
        <Stat label="Burn">{format(burned)}</Stat>
      </dl>
      <label className="slider" htmlFor={sliderId}>
        <span>Share of your position to claim</span>
        <output htmlFor={sliderId}>{percent}%</output>
      </label>
      <input
        id={sliderId}
        type="range"
        min={0}
        max={100}
        step={1}
        value={percent}
        disabled={pending}
        onChange={(event) => setPercent(Number(event.target.value))}
      />
      <button type="button" className="button primary" disabled={disabled} onClick={() => setConfirming(true)}>
        {pending ? 'Claiming...' : 'Claim & Burn'}
      </button>
      {confirming && (
        <ConfirmDialog
          title="Confirm claim and burn"
          confirmLabel="Claim & Burn"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false)
            void actions.claimAndBurn(claimed, `Claim & Burn: receive ${format(received)}, burn ${format(burned)}`)
          }}
        >
          <p>
            You receive {format(received)}, {format(burned)} are burned.
          </p>
          <p>Burning is irreversible.</p>
        </ConfirmDialog>
      )}
    </section>
  )
}
