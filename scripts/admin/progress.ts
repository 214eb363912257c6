import { clearLine, cursorTo } from 'node:readline'
// cli-progress is CommonJS whose Format export Node cannot name from ESM: take the module object.
import cliProgress from 'cli-progress'
import { groupDigits } from './format.ts'

/** Where a progress bar can be drawn: a terminal stream (process.stderr when it is one). */
export type Terminal = NodeJS.WritableStream & { isTTY?: boolean }

const FORMAT =
  '[{bar}] {value}/{total} holders {percentage}% · batch {batch}/{batches} · {duration_formatted} · ETA {eta_formatted}'

/**
 * The progress of a load, drawn by cli-progress on a terminal: "[████░░░░] 1,200/2,000 holders 60% · batch 5/8 ·
 * 12s · ETA 8s". Without a terminal nothing is drawn and lines print as they are.
 */
export class LoadProgress {
  private readonly bars: cliProgress.MultiBar | undefined
  private readonly bar: cliProgress.SingleBar | undefined

  constructor(
    private readonly terminal: Terminal | undefined,
    holders: number,
    batches: number,
  ) {
    if (!terminal?.isTTY) return
    this.bars = new cliProgress.MultiBar({
      stream: terminal,
      format: FORMAT,
      formatValue: (value, _options, type) => (type === 'value' || type === 'total' ? groupDigits(value) : `${value}`),
      // Before the first batch is done there is no rate to estimate from: cli-progress says NULL or INF.
      formatTime: (time, options, round) =>
        Number.isFinite(time) ? cliProgress.Format.TimeFormat(time, options, round) : '–',
      barsize: 24,
      barCompleteChar: '█',
      barIncompleteChar: '░',
      clearOnComplete: true,
      // Cut the bar to the terminal's width rather than switch the terminal's line wrapping off, which a Ctrl+C
      // during a load would leave off.
      linewrap: true,
    })
    this.bar = this.bars.create(holders, 0, { batch: 0, batches })
  }

  update(done: number, batch: number): void {
    this.bar?.update(done, { batch })
  }

  /** Prints a regular line: the bar's row is cleared first, and the bar redraws itself below the line. */
  print(print: () => void): void {
    if (this.terminal && this.bars) {
      cursorTo(this.terminal, 0)
      clearLine(this.terminal, 0)
    }
    print()
  }

  stop(): void {
    this.bars?.stop()
  }
}
