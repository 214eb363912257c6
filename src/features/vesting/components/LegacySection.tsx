import { formatDateTime } from '../../../domain/format'
import type { VestingActions } from '../actions'
import { reaching, useClockValue } from '../clock'
import { ActionButton } from './ActionButton'

type Props = {
  amount: bigint
  claimStart: bigint
  format: (value: bigint) => string
  actions: VestingActions
  disabledReason: string | null
}

/** Leftovers from earlier vesting platforms, paid in full by the legacy contract. */
export function LegacySection({ amount, claimStart, format, actions, disabledReason }: Props) {
  const pending = actions.pending === 'legacyClaim'
  const notYet = useClockValue((now) => now < claimStart, reaching(claimStart))
  const label = `Claim ${format(amount)}`
  return (
    <section className="panel legacy" aria-labelledby="legacy-title">
      <h2 id="legacy-title">Claimable Tokens</h2>
      <p>You have unclaimed tokens left over from previous vesting platforms. Claim them in full at any time.</p>
      <ActionButton
        label={label}
        pending={pending}
        disabled={notYet || actions.pending !== null || disabledReason !== null}
        onClick={() => void actions.legacyClaim(label)}
      />
      {notYet && <p className="hint">Available from {formatDateTime(claimStart)}.</p>}
    </section>
  )
}
