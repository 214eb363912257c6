/** Exit codes of the admin tool. */
export const EXIT = {
  ok: 0,
  /** A transaction reverted, the RPC failed, or the chain's accounting does not add up. */
  failed: 1,
  /** Bad arguments, an invalid file or a failed pre-send check: nothing was sent. */
  refused: 2,
  /** `status`: the contract holds fewer tokens than it owes. */
  insolvent: 3,
  /** A load finished, but the contract left some rows out (their holders were allocated before): follow them up. */
  followUp: 4,
} as const

/** An error the tool reports as a plain message, with the exit code it ends the process with. */
export class AdminError extends Error {
  readonly exitCode: number

  constructor(message: string, exitCode: number = EXIT.failed) {
    super(message)
    this.name = 'AdminError'
    this.exitCode = exitCode
  }
}

/** Input or a pre-send check was refused; nothing was sent. */
export class RefusedError extends AdminError {
  constructor(message: string) {
    super(message, EXIT.refused)
    this.name = 'RefusedError'
  }
}
