import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { formatDateTime } from '../../../domain/format'
import { useOnline } from '../../../lib/useOnline'
import { type Busy, busySentence } from '../busy'

type Props = {
  /** When the figures on the page were read from the chain (ms since the epoch). */
  updatedAt: number
  /** The latest refresh failed: the figures are older than the page suggests. */
  refreshFailed: boolean
  /** The refresh failed on busy endpoints and is retried by itself. */
  busy: Busy | null
  onRetry: () => void
}

/** How fresh the figures are when they come from the cache: offline, or after a refresh that failed. */
export function FreshnessNotice({ updatedAt, refreshFailed, busy, onRetry }: Props) {
  // Read as the language changes: the busy sentence is translated as it is built.
  useLingui()
  const online = useOnline()
  const time = formatDateTime(BigInt(Math.floor(updatedAt / 1000)))
  if (!online) {
    return (
      <p className="notice offline-notice" role="status">
        <Trans>Offline — last updated {time}</Trans>
      </p>
    )
  }
  if (!refreshFailed) return null
  return (
    <div className="failure" role="alert">
      <p>
        <Trans>Your vesting data could not be refreshed. The figures below are from {time}.</Trans>
        {busy && ` ${busySentence(busy)}`}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        <Trans comment="Button: read the figures again">Retry</Trans>
      </button>
    </div>
  )
}
