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
  const { state, read } = useHolderHistory(holder)
  const inWindow = phase === 'before' || phase === 'claim'
  const taking = state.status === 'done' ? lastTaking(state.entries) : undefined
  let sentence = inWindow ? 'You have claimed your whole position.' : 'You have claimed or moved your whole position.'
  if (taking?.kind === 'claimAndBurn')
    sentence = `You have claimed your whole position on ${formatDateTime(taking.timestamp)}.`
  if (taking?.kind === 'transferOut' && taking.counterparty) {
    sentence = `You have moved your whole position to ${shortenAddress(taking.counterparty)} on ${formatDateTime(taking.timestamp)}.`
  }
  return (
    <div className="fully-claimed">
      <p className="status">{sentence}</p>
      {!taking && state.status !== 'done' && (
        <button type="button" className="button link" disabled={state.status === 'reading'} onClick={() => void read()}>
          {state.status === 'reading' ? 'Reading your history…' : 'Show when'}
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
