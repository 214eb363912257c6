import { formatDuration, groupDigits } from './format.ts'

export type ProgressState = {
  done: number
  total: number
  batch: number
  batches: number
  elapsedMs: number
}

/**
 * One line of the progress bar: "[██████░░░░░░] 1,200/2,000 holders 60% · batch 5/8 · 12.3 s · ~8.2 s left".
 * The estimate of what is left appears once something is done.
 */
export function renderProgressBar(state: ProgressState, width = 24): string {
  const fraction = state.total === 0 ? 1 : Math.min(1, state.done / state.total)
  const filled = Math.round(fraction * width)
  const bar = `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}]`
  const parts = [
    `${bar} ${groupDigits(state.done)}/${groupDigits(state.total)} holders ${Math.floor(fraction * 100)}%`,
    `batch ${state.batch}/${state.batches}`,
    formatDuration(state.elapsedMs),
  ]
  if (state.done > 0 && state.done < state.total) {
    parts.push(`~${formatDuration((state.elapsedMs / state.done) * (state.total - state.done))} left`)
  }
  return parts.join(' · ')
}

export type ProgressSink = {
  /** Redraws the bar in place; only called on a terminal. */
  draw: (line: string) => void
  /** Removes the bar so that a regular line can be printed. */
  clear: () => void
}

/** Keeps a progress bar under the regular output on a terminal; does nothing when output goes to a file or pipe. */
export class ProgressBar {
  private state: ProgressState | undefined
  private readonly started = performance.now()

  constructor(private readonly sink: ProgressSink | undefined) {}

  update(state: Omit<ProgressState, 'elapsedMs'>): void {
    this.state = { ...state, elapsedMs: performance.now() - this.started }
    this.sink?.draw(renderProgressBar(this.state))
  }

  /** Prints `line` through `print` without tearing the bar. */
  around(print: () => void): void {
    if (!this.sink || !this.state) {
      print()
      return
    }
    this.sink.clear()
    print()
    this.sink.draw(renderProgressBar({ ...this.state, elapsedMs: performance.now() - this.started }))
  }

  finish(): void {
    this.sink?.clear()
  }
}

/** A sink that draws on a terminal stream with a carriage return and an erase-line sequence. */
export function terminalSink(stream: NodeJS.WriteStream): ProgressSink | undefined {
  if (!stream.isTTY) return undefined
  return {
    draw: (line) => stream.write(`\r\x1b[2K${line}`),
    clear: () => stream.write('\r\x1b[2K'),
  }
}
