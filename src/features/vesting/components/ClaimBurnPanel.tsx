import { useCallback, useContext, useId, useState } from 'react'
import { type ClaimSplit, claimSplit, formatBurnPercentage, type Position } from '../../../domain/position'
import type { Phase, Schedule } from '../../../domain/schedule'
import { Sheet } from '../../../lib/Sheet'
import { useIsPhone } from '../../../lib/useMediaQuery'
import type { VestingActions } from '../actions'
import { ActionButton, WatchOnlyContext } from './ActionButton'
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

type Step = 'closed' | 'choose' | 'confirm'

/**
 * The claim window: on a phone the share is chosen in a bottom sheet, and on every screen the exact split is
 * confirmed in one before the wallet is asked, since burning cannot be undone.
 */
function ClaimWindow({ position, format, actions, disabledReason }: Omit<Props, 'phase' | 'schedule' | 'totalBurned'>) {
  const isPhone = useIsPhone()
  const watchOnly = useContext(WatchOnlyContext)
  const [percent, setPercent] = useState(100)
  const [step, setStep] = useState<Step>('closed')
  const split = claimSplit(position.amount, percent, position.burnPercentage)
  const pending = actions.pending === 'claimAndBurn'
  const blocked = actions.pending !== null || disabledReason !== null
  const close = () => setStep('closed')
  const focusOnMount = useCallback((button: HTMLButtonElement | null) => button?.focus(), [])

  return (
    <section className="panel" aria-labelledby="claim-title">
      <h2 id="claim-title">Claim and Burn Now</h2>
      <p>
        <strong>{formatBurnPercentage(position.burnPercentage)}%</strong> of the tokens you claim now will be burned.
      </p>
      <SplitStats split={split} format={format} />
      {!isPhone && <ShareSlider percent={percent} onChange={setPercent} disabled={pending} />}
      <ActionButton
        label="Claim & Burn"
        pending={pending}
        disabled={blocked || (!isPhone && split.claimed === 0n)}
        onClick={() => setStep(isPhone ? 'choose' : 'confirm')}
      />
      {!watchOnly && (
        <Sheet
          open={step !== 'closed'}
          onOpenChange={(open) => !open && close()}
          title={step === 'choose' ? 'Claim and burn' : 'Confirm claim and burn'}
        >
          {step === 'choose' ? (
            <>
              <p>Choose how much of your position to claim now. The rest is locked when the claim window closes.</p>
              <ShareSlider percent={percent} onChange={setPercent} disabled={pending} />
              <SplitStats split={split} format={format} />
              <div className="sheet-actions">
                <button type="button" className="button" onClick={close}>
                  Cancel
                </button>
                <button
                  type="button"
                  className="button primary"
                  disabled={split.claimed === 0n}
                  onClick={() => setStep('confirm')}
                >
                  Continue
                </button>
              </div>
            </>
          ) : (
            <>
              <p>
                You receive {format(split.received)}, {format(split.burned)} are burned.
              </p>
              <p>Burning is irreversible.</p>
              <div className="sheet-actions">
                {/* The confirmation replaces the choice inside the open sheet: focus moves to its safe answer. */}
                <button type="button" className="button" onClick={close} ref={focusOnMount}>
                  Cancel
                </button>
                <button
                  type="button"
                  className="button primary"
                  onClick={() => {
                    close()
                    void actions.claimAndBurn(
                      split.claimed,
                      `Claim & Burn: receive ${format(split.received)}, burn ${format(split.burned)}`,
                    )
                  }}
                >
                  Claim & Burn
                </button>
              </div>
            </>
          )}
        </Sheet>
      )}
    </section>
  )
}

function SplitStats({ split, format }: { split: ClaimSplit; format: (value: bigint) => string }) {
  return (
    <dl className="stats">
      <Stat label="Receive">{format(split.received)}</Stat>
      <Stat label="Burn">{format(split.burned)}</Stat>
    </dl>
  )
}

function ShareSlider({
  percent,
  onChange,
  disabled,
}: {
  percent: number
  onChange: (percent: number) => void
  disabled: boolean
}) {
  const sliderId = useId()
  return (
    <>
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
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </>
  )
}
