import { describe, expect, it } from 'vitest'
import { ProgressBar, renderProgressBar } from './progress.ts'

describe('renderProgressBar', () => {
  it('shows the bar, counts, batch, elapsed time and what is left', () => {
    expect(renderProgressBar({ done: 1200, total: 2000, batch: 5, batches: 8, elapsedMs: 12_300 }, 10)).toBe(
      '[██████░░░░] 1,200/2,000 holders 60% · batch 5/8 · 12.3 s · ~8.2 s left',
    )
  })

  it('leaves out the estimate at the start and the end', () => {
    expect(renderProgressBar({ done: 0, total: 2000, batch: 1, batches: 8, elapsedMs: 400 }, 4)).toBe(
      '[░░░░] 0/2,000 holders 0% · batch 1/8 · 400 ms',
    )
    expect(renderProgressBar({ done: 2000, total: 2000, batch: 8, batches: 8, elapsedMs: 65_000 }, 4)).toBe(
      '[████] 2,000/2,000 holders 100% · batch 8/8 · 1 min 05 s',
    )
  })
})

describe('ProgressBar', () => {
  it('draws on a terminal and clears itself around regular lines', () => {
    const calls: string[] = []
    const bar = new ProgressBar({
      draw: (line) => calls.push(`draw ${line.split(' · ')[0]}`),
      clear: () => calls.push('clear'),
    })
    bar.update({ done: 0, total: 10, batch: 1, batches: 2 })
    bar.around(() => calls.push('print'))
    bar.finish()
    expect(calls).toEqual([
      'draw [░░░░░░░░░░░░░░░░░░░░░░░░] 0/10 holders 0%',
      'clear',
      'print',
      'draw [░░░░░░░░░░░░░░░░░░░░░░░░] 0/10 holders 0%',
      'clear',
    ])
  })

  it('only prints when there is no terminal', () => {
    const printed: string[] = []
    const bar = new ProgressBar(undefined)
    bar.update({ done: 5, total: 10, batch: 1, batches: 2 })
    bar.around(() => printed.push('line'))
    bar.finish()
    expect(printed).toEqual(['line'])
  })
})
