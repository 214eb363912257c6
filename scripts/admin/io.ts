import type { ProgressSink } from './progress.ts'

/** Everything a command touches outside the chain, so that commands run the same from the terminal and in tests. */
export type Io = {
  env: Readonly<Record<string, string | undefined>>
  /** Regular output (stdout). */
  out: (line: string) => void
  /** Warnings and errors (stderr). */
  err: (line: string) => void
  /** A terminal to draw a progress bar on, if any. */
  progress: ProgressSink | undefined
  promptPassword: (question: string) => Promise<string>
}
