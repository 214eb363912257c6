import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { downloadFile } from '../../lib/download'
import { statementCsv, statementFileName } from './csv'
import { historyPercent, useHolderHistory } from './useHolderHistory'

/** "Download statement": the holder's history read from the chain on request, with progress, as a CSV file. */
export function StatementTool({ holder, token }: { holder: Address; token: { symbol: string; decimals: number } }) {
  const chain = useConfig().chains[0]
  const { state, read } = useHolderHistory(holder)
  const download = async () => {
    const entries = await read()
    if (!entries) return
    downloadFile(statementFileName(holder), 'text/csv', statementCsv(entries, { token, chain }))
  }
  const reading = state.status === 'reading'
  return (
    <section className="tool" aria-labelledby="statement-title">
      <h3 id="statement-title">Statement</h3>
      <p className="hint">
        Every allocation, claim, unlock and transfer of this address, read from the contracts' events, as a CSV file.
      </p>
      <button type="button" className="button" disabled={reading} onClick={() => void download()}>
        Download statement (CSV)
      </button>
      {reading && (
        <>
          <progress max={100} value={historyPercent(state)} aria-label="Reading your history" />
          <p className="hint" role="status">
            Reading your history from the chain… {historyPercent(state)}%
          </p>
        </>
      )}
      {state.status === 'done' && (
        <p className="hint" role="status">
          Statement downloaded: {state.entries.length} {state.entries.length === 1 ? 'entry' : 'entries'}.
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
