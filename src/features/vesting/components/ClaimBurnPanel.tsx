import { Trans, useLingui } from '@lingui/react/macro'
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
  const { t } = useLingui()
  if (phase === 'before') {
    return (
      <section className="panel" aria-labelledby="claim-title">
        <h2 id="claim-title">
          <ClaimAndBurnNowTitle />
        </h2>
        <dl className="stats">
          <Stat
            label={t({ message: 'Available in', comment: 'Label of a countdown to the opening of the claim window' })}
          >
            <Countdown to={schedule.claimStart} />
          </Stat>
        </dl>
      </section>
    )
  }
  if (phase === 'claim') {
    return <ClaimWindow position={position} format={format} actions={actions} disabledReason={disabledReason} />
  }
  const burned = format(totalBurned)
  return (
    <section className="panel" aria-labelledby="claim-title">
      <h2 id="claim-title">
        <Trans comment="Panel title once the claim window has closed">Vesting Schedule in Progress</Trans>
      </h2>
      <p>
        <Trans comment="Claim and burn: take tokens early, a fixed share destroyed. Unlock: become available">
          Claim and burn is no longer available. Your tokens become claimable as they unlock, without any penalty.
        </Trans>
      </p>
      <dl className="stats">
        <Stat label={t({ message: 'Total Burned', comment: 'Label: tokens destroyed so far by all claims and burns' })}>
          {burned}
        </Stat>
      </dl>
    </section>
  )
}

type Step = 'closed' | 'choose' | 'confirm'

/** The panel's title during and before the claim window. */
function ClaimAndBurnNowTitle() {
  return (
    <Trans comment="Panel title: take tokens now, before the window closes, a fixed share destroyed (burned)">
      Claim and Burn Now
    </Trans>
  )
}

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
  const { t } = useLingui()
  const burnPercentage = formatBurnPercentage(position.burnPercentage)
  const received = format(split.received)
  const burned = format(split.burned)
  const claimAndBurn = t({ message: 'Claim & Burn', comment: 'Button: take the tokens now, a share of them destroyed' })

  return (
    <section className="panel" aria-labelledby="claim-title">
      <h2 id="claim-title">
        <ClaimAndBurnNowTitle />
      </h2>
      <p>
        <Trans comment="{burnPercentage} is a number such as 25.0; burned: destroyed for good">
          <strong>{burnPercentage}%</strong> of the tokens you claim now will be burned.
        </Trans>
      </p>
      <SplitStats split={split} format={format} />
      {!isPhone && <ShareSlider percent={percent} onChange={setPercent} disabled={pending} />}
      <ActionButton
        label={claimAndBurn}
        pending={pending}
        disabled={blocked || (!isPhone && split.claimed === 0n)}
        onClick={() => setStep(isPhone ? 'choose' : 'confirm')}
      />
      {!watchOnly && (
        <Sheet
          open={step !== 'closed'}
          onOpenChange={(open) => !open && close()}
          title={
            step === 'choose'
              ? t({ message: 'Claim and burn', comment: 'Title of the sheet where the share to claim now is chosen' })
              : t({ message: 'Confirm claim and burn', comment: 'Title of the sheet confirming what will be burned' })
          }
        >
          {step === 'choose' ? (
            <>
              <p>
                <Trans comment="Position: the holder's tokens in the vesting contract. Locked: held, not claimable">
                  Choose how much of your position to claim now. The rest is locked when the claim window closes.
                </Trans>
              </p>
              <ShareSlider percent={percent} onChange={setPercent} disabled={pending} />
              <SplitStats split={split} format={format} />
              <div className="sheet-actions">
                <button type="button" className="button" onClick={close}>
                  <Trans>Cancel</Trans>
                </button>
                <button
                  type="button"
                  className="button primary"
                  disabled={split.claimed === 0n}
                  onClick={() => setStep('confirm')}
                >
                  <Trans comment="Button: go on to the confirmation">Continue</Trans>
                </button>
              </div>
            </>
          ) : (
            <>
              <p>
                <Trans comment="Amounts with symbol: {received} goes to the holder, {burned} is destroyed for good">
                  You receive {received}, {burned} are burned.
                </Trans>
              </p>
              <p>
                <Trans comment="Burning: destroying tokens for good">Burning is irreversible.</Trans>
              </p>
              <div className="sheet-actions">
                {/* The confirmation replaces the choice inside the open sheet: focus moves to its safe answer. */}
                <button type="button" className="button" onClick={close} ref={focusOnMount}>
                  <Trans>Cancel</Trans>
                </button>
                <button
                  type="button"
                  className="button primary"
                  onClick={() => {
                    close()
                    void actions.claimAndBurn(
                      split.claimed,
                      t({
                        message: `Claim & Burn: receive ${received}, burn ${burned}`,
                        comment:
                          "The transaction's description in the wallet's recent transactions; amounts with symbol",
                      }),
                    )
                  }}
                >
                  {claimAndBurn}
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
  const { t } = useLingui()
  return (
    <dl className="stats">
      <Stat label={t({ message: 'Receive', comment: 'Label: amount that goes to the holder' })}>
        {format(split.received)}
      </Stat>
      <Stat label={t({ message: 'Burn', comment: 'Label: amount that is destroyed for good (noun or imperative)' })}>
        {format(split.burned)}
      </Stat>
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
        <span>
          <Trans comment="Slider label: the percentage of the vesting position to take now">
            Share of your position to claim
          </Trans>
        </span>
        <output htmlFor={sliderId}>
          <Trans comment="The slider's value; {percent} is a whole number from 0 to 100">{percent}%</Trans>
        </output>
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
