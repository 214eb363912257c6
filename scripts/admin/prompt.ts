import { RefusedError } from './errors.ts'

/**
 * Reads a password from the terminal without echoing it. Refuses when stdin is not a terminal: a script should
 * set ADMIN_KEYSTORE_PASSWORD instead of piping a password in.
 */
export function promptPassword(question: string): Promise<string> {
  const input = process.stdin
  if (!input.isTTY) {
    return Promise.reject(
      new RefusedError(
        'No terminal to ask for the keystore password: set ADMIN_KEYSTORE_PASSWORD for non-interactive use.',
      ),
    )
  }
  process.stderr.write(question)
  input.setRawMode(true)
  input.resume()
  input.setEncoding('utf8')
  return new Promise((resolve, reject) => {
    let password = ''
    const done = (settle: () => void) => {
      input.off('data', onData)
      input.setRawMode(false)
      input.pause()
      process.stderr.write('\n')
      settle()
    }
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done(() => resolve(password))
        if (char === '\u0003') return done(() => reject(new RefusedError('Cancelled.')))
        if (char === '\u007f' || char === '\b') password = Array.from(password).slice(0, -1).join('')
        else password += char
      }
    }
    input.on('data', onData)
  })
}
