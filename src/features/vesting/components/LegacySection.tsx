import { Trans, useLingui } from '@lingui/react/macro'
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
  const { t } = useLingui()
  const total = format(amount)
  const label = t({
    message: `Claim ${total}`,
    comment: 'Button: take the legacy tokens now, all of them; {total} is an amount with its symbol, e.g. 250 NAI',
  })
  const date = formatDateTime(claimStart)
  return (
    <section className="panel legacy" aria-labelledby="legacy-title">
      <h2 id="legacy-title">
        <Trans comment="Heading: tokens left over from earlier vesting platforms">Claimable Tokens</Trans>
      </h2>
      <p>
        <Trans>
          You have unclaimed tokens left over from previous vesting platforms. Claim them in full at any time.
        </Trans>
      </p>
      <ActionButton
        label={label}
        pending={pending}
        disabled={notYet || actions.pending !== null || disabledReason !== null}
        onClick={() => void actions.legacyClaim(label)}
      />
      {notYet && (
        <p className="hint">
          <Trans>Available from {date}.</Trans>
        </p>
      )}
    </section>
  )
}
