import { execFile } from 'node:child_process'
import { PassThrough } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { LoadProgress } from './progress.ts'

/** A terminal 120 columns wide whose screen output is collected. */
function terminal() {
  const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 120 })
  let written = ''
  stream.on('data', (chunk: Buffer) => {
    written += chunk.toString()
  })
  return { stream, written: () => written }
}

describe('LoadProgress', () => {
  it('draws holders with grouped digits, the batch and the time on a terminal, and clears itself', async () => {
    const tty = terminal()
    const progress = new LoadProgress(tty.stream, 2000, 8)
    try {
      await sleep(150)
      expect(tty.written()).toContain('0/2,000 holders 0% · batch 0/8 · 0s · ETA –')
      progress.update(1200, 5)
      await sleep(250)
      expect(tty.written()).toContain('[██████████████░░░░░░░░░░] 1,200/2,000 holders 60% · batch 5/8 · 0s · ETA ')
      const printed: string[] = []
      const before = tty.written().length
      progress.print(() => printed.push('batch 5 ✓'))
      expect(printed).toEqual(['batch 5 ✓'])
      // The bar's row is cleared (cursor to column 1, erase the line) before the line is printed.
      expect(tty.written().slice(before)).toBe('\x1b[1G\x1b[2K')
    } finally {
      progress.stop()
    }
    expect(tty.written().endsWith('\x1b[0J')).toBe(true)
    // The terminal's line wrapping is never switched off (ESC [?7l).
    expect(tty.written()).not.toContain('\x1b[?7l')
  })

  it('draws nothing without a terminal and only prints', () => {
    const printed: string[] = []
    const progress = new LoadProgress(undefined, 10, 2)
    progress.update(5, 1)
    progress.print(() => printed.push('line'))
    progress.stop()
    expect(printed).toEqual(['line'])
  })

  it('draws in a plain Node process too, where cli-progress loads as CommonJS without Vitest between', async () => {
    const script = `
      import { PassThrough } from 'node:stream'
      import { LoadProgress } from './scripts/admin/progress.ts'
      const tty = Object.assign(new PassThrough(), { isTTY: true, columns: 120 })
      let written = ''
      tty.on('data', (chunk) => { written += chunk })
      const progress = new LoadProgress(tty, 10, 2)
      progress.update(5, 1)
      setTimeout(() => { progress.stop(); console.log(JSON.stringify(written)) }, 250)
    `
    const cwd = fileURLToPath(new URL('../../', import.meta.url))
    const { stdout } = await promisify(execFile)('npx', ['tsx', '--input-type=module', '--eval', script], { cwd })
    expect(JSON.parse(stdout)).toContain('5/10 holders 50% · batch 1/2')
  })
})
