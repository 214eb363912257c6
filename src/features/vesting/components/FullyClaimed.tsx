import { useLingui } from '@lingui/react/macro'
import type { Address } from 'viem'
import { formatDateTime, shortenAddress } from '../../../domain/format'
import type { Phase } from '../../../domain/schedule'
import type { HistoryEntry } from '../../statement/history'
import { useHolderHistory } from '../../statement/useHolderHistory'

/** The event that emptied the position: the last claim and burn or outgoing locked transfer. */
function lastTaking(entries: readonly HistoryEntry[]): HistoryEntry | undefined {
  return entries.findLast((entry) => entry.kind === 'claimAndBurn' || entry.kind === 'transferOut')
}

/**
 * An address whose position was allocated and now holds nothing: it was claimed (or, after the window, possibly
 * moved) in full. When is known only from the history, read on request.
 */
export function FullyClaimed({ holder, phase }: { holder: Address; phase: Phase }) {
  const { t } = useLingui()
  const { state, read } = useHolderHistory(holder)
  const inWindow = phase === 'before' || phase === 'claim'
  const taking = state.status === 'done' ? lastTaking(state.entries) : undefined
  let sentence = inWindow
    ? t`You have claimed your whole position.`
    : t({
        message: 'You have claimed or moved your whole position.',
        comment: 'Moved: its locked tokens were transferred to another address',
      })
  if (taking?.kind === 'claimAndBurn') {
    const date = formatDateTime(taking.timestamp)
    sentence = t`You have claimed your whole position on ${date}.`
  }
  if (taking?.kind === 'transferOut' && taking.counterparty) {
    const address = shortenAddress(taking.counterparty)
    const date = formatDateTime(taking.timestamp)
    sentence = t({
      message: `You have moved your whole position to ${address} on ${date}.`,
      comment: 'Moved: its locked tokens were transferred to that address',
    })
  }
  return (
    <div className="fully-claimed">
      <p className="status">{sentence}</p>
      {!taking && state.status !== 'done' && (
        <button type="button" className="button link" disabled={state.status === 'reading'} onClick={() => void read()}>
          {state.status === 'reading'
            ? t`Reading your history…`
            : t({ message: 'Show when', comment: 'Button: read the history to show when the position was emptied' })}
        </button>
      )}
      {state.status === 'failed' && (
        <p className="failure" role="alert">
          {state.message}
        </p>
      )}
    </div>
  )
}
