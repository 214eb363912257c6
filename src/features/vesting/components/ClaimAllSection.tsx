import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useState } from 'react'
import { claimableAmount, claimSplit, type Position } from '../../../domain/position'
import type { Phase, Schedule } from '../../../domain/schedule'
import { Sheet } from '../../../lib/Sheet'
import { type Batching, useBatching } from '../../../wallet/batching'
import type { ClaimAllDescription, ClaimAllPart, VestingActions } from '../actions'
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

/**
 * What the claim takes, in the claim window (the whole position with its burn): one whole sentence for each way the
 * claim reaches the chain, so that translators see each sentence entire.
 */
function WindowSummary({
  batching,
  received,
  burned,
  legacy,
}: {
  batching: Batching
  received: string
  burned: string
  legacy: string
}) {
  // Amounts carry their symbol ("925.87 NAI"). Legacy: tokens from the vesting platforms used before this one.
  switch (batching) {
    case 'safe':
      return (
        <Trans comment="Amounts with symbol; {burned} is destroyed for good. A Safe is a multi-signature wallet">
          Your whole position with its burn ({received} for you, {burned} burned) and {legacy} from previous vesting
          platforms, in one Safe transaction: the owners sign once.
        </Trans>
      )
    case 'atomic':
      return (
        <Trans comment="Amounts with symbol; {burned} is destroyed for good. One batch: one request from the wallet">
          Your whole position with its burn ({received} for you, {burned} burned) and {legacy} from previous vesting
          platforms, in one batch: your wallet asks you once.
        </Trans>
      )
    case 'sequential':
      return (
        <Trans comment="Amounts with symbol; {burned} is destroyed for good. The wallet asks once per transaction">
          Your whole position with its burn ({received} for you, {burned} burned) and {legacy} from previous vesting
          platforms, as two transactions, one after the other: your wallet asks you for each.
        </Trans>
      )
  }
}

/** What the claim takes once unlocking runs, one whole sentence for each way the claim reaches the chain. */
function UnlockedSummary({ batching, unlocked, legacy }: { batching: Batching; unlocked: string; legacy: string }) {
  switch (batching) {
    case 'safe':
      return (
        <Trans comment="Amounts with symbol. A Safe transaction runs when its owners execute it, maybe later">
          {unlocked} unlocked (more if it is executed later: unlocking goes on) and {legacy} from previous vesting
          platforms, in one Safe transaction: the owners sign once.
        </Trans>
      )
    case 'atomic':
      return (
        <Trans comment="Amounts with symbol. Unlocked: became available to take. One batch: one wallet request">
          {unlocked} unlocked and {legacy} from previous vesting platforms, in one batch: your wallet asks you once.
        </Trans>
      )
    case 'sequential':
      return (
        <Trans comment="Amounts with symbol. Unlocked: became available to take. The wallet asks once per transaction">
          {unlocked} unlocked and {legacy} from previous vesting platforms, as two transactions, one after the other:
          your wallet asks you for each.
        </Trans>
      )
  }
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
  const { t } = useLingui()
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
  const received = format(split.received)
  const burned = format(split.burned)
  const legacy = format(legacyAmount)
  const unlocked = unlockableText
  const total = totalText
  // The transaction's description in the wallet's list of recent transactions.
  const description = inWindow
    ? t({
        message: `Claim all: receive ${received}, burn ${burned}, and ${legacy} legacy`,
        comment: 'Transaction description; amounts with symbol. Legacy: tokens from the previous vesting platforms',
      })
    : t({
        message: `Claim all: ${unlocked} unlocked and ${legacy} legacy`,
        comment: 'Transaction description; amounts with symbol. Legacy: tokens from the previous vesting platforms',
      })
  const steps: ClaimAllDescription['steps'] = [
    t({
      message: `${description} (1 of 2)`,
      comment: 'Transaction description: the first of two transactions sent one after the other',
    }),
    t({
      message: `${description} (2 of 2)`,
      comment: 'Transaction description: the second of two transactions sent one after the other',
    }),
  ]
  const claim = () => void actions.claimAll(part, batching, { together: description, steps })
  return (
    <section className="panel claim-all" aria-labelledby="claim-all-title">
      <h2 id="claim-all-title">
        <Trans comment="Section title: take the unlocked tokens and the legacy tokens in one step">
          Claim Everything
        </Trans>
      </h2>
      <p>
        {inWindow ? (
          <WindowSummary batching={batching} received={received} burned={burned} legacy={legacy} />
        ) : (
          <UnlockedSummary batching={batching} unlocked={unlocked} legacy={legacy} />
        )}
      </p>
      <ActionButton
        label={t({
          message: `Claim all ${total}`,
          comment: 'Button: take everything now; {total} is an amount with symbol',
        })}
        pending={pending}
        disabled={actions.pending !== null || disabledReason !== null}
        onClick={inWindow ? () => setConfirming(true) : claim}
      />
      {inWindow && (
        <Sheet
          open={confirming}
          onOpenChange={setConfirming}
          title={t({ message: 'Confirm claim all', comment: 'Title of the sheet confirming what will be burned' })}
        >
          <p>
            <Trans comment="Before the wallet is asked. Amounts with symbol; {total} is {received} plus {legacy}">
              You receive {total}: {received} from your position and {legacy} from previous vesting platforms.
            </Trans>{' '}
            <Trans comment="Before the wallet is asked; {burned} is an amount with symbol, destroyed for good">
              {burned} are burned.
            </Trans>
          </p>
          <p>
            <Trans comment="Burning: destroying tokens for good">Burning is irreversible.</Trans>
          </p>
          <div className="sheet-actions">
            <button type="button" className="button" onClick={() => setConfirming(false)} ref={focusOnMount}>
              <Trans>Cancel</Trans>
            </button>
            <button
              type="button"
              className="button primary"
              onClick={() => {
                setConfirming(false)
                claim()
              }}
            >
              <Trans comment="Button: send the claim of everything">Claim all</Trans>
            </button>
          </div>
        </Sheet>
      )}
    </section>
  )
}
