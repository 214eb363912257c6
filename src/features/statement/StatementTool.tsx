import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { downloadFile } from '../../lib/download'
import { statementCsv, statementFileName } from './csv'
import { historyPercent, useHolderHistory } from './useHolderHistory'

/** "Download statement": the holder's history read from the chain on request, with progress, as a CSV file. */
export function StatementTool({ holder, token }: { holder: Address; token: { symbol: string; decimals: number } }) {
  const { t } = useLingui()
  const chain = useConfig().chains[0]
  const { state, read } = useHolderHistory(holder)
  const download = async () => {
    const entries = await read()
    if (!entries) return
    downloadFile(statementFileName(holder), 'text/csv', statementCsv(entries, { token, chain }))
  }
  const reading = state.status === 'reading'
  const percent = historyPercent(state)
  const entryCount = state.status === 'done' ? state.entries.length : 0
  return (
    <section className="tool" aria-labelledby="statement-title">
      <h3 id="statement-title">
        <Trans comment="Heading: an account statement, the holder's history as a file">Statement</Trans>
      </h3>
      <p className="hint">
        <Trans comment="The kinds of events in the statement: tokens allocated, taken, released from a lock, moved">
          Every allocation, claim, unlock and transfer of this address, read from the contracts' events, as a CSV file.
        </Trans>
      </p>
      <button type="button" className="button" disabled={reading} onClick={() => void download()}>
        <Trans comment="Button: an account statement, as a file">Download statement (CSV)</Trans>
      </button>
      {reading && (
        <>
          <progress max={100} value={percent} aria-label={t`Reading your history`} />
          <p className="hint" role="status">
            <Trans>Reading your history from the chain… {percent}%</Trans>
          </p>
        </>
      )}
      {state.status === 'done' && (
        <p className="hint" role="status">
          {/* The count as is, not grouped by the locale: `#` would write 1,234. */}
          <Plural
            value={entryCount}
            one={`Statement downloaded: ${entryCount} entry.`}
            other={`Statement downloaded: ${entryCount} entries.`}
          />
        </p>
      )}
      {state.status === 'failed' && (
        <p className="failure" role="alert">
          {state.message}
        </p>
      )}
    </section>
  )
}
