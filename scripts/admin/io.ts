import type { Terminal } from './progress.ts'
import { promptPassword } from './prompt.ts'

/** Everything a command touches outside the chain, so that commands run the same from the terminal and in tests. */
export type Io = {
  /** Regular output (stdout). */
  out: (line: string) => void
  /** Warnings and errors (stderr). */
  err: (line: string) => void
  /** Where a progress bar is drawn when it is a terminal. */
  terminal: Terminal | undefined
  promptPassword: (question: string) => Promise<string>
  /**
   * Called after each batch a load confirms, with how many this run has confirmed: where tests rehearse a crash, or a
   * locked transfer landing between two batches.
   */
  afterBatch?: (confirmed: number) => void | Promise<void>
}

/** The Io of a run from the shell. */
export function processIo(): Io {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    terminal: process.stderr,
    promptPassword: (question) => promptPassword(question),
  }
}
